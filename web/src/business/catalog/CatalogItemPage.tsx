import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogItem, HistoryEntry, Material, Service } from '@kiln/contracts';
import { DEFAULT_UNITS, UNITS } from '@kiln/contracts/constants';
import { catalogNameErrors } from '@kiln/domain';
import { ApiError, messageOf } from '../../api/client';
import { PlusIcon, CloseIcon } from '../../ui/icons';
import { businessKeys, catalogApi, recipeChoicesApi } from '../business-api';
import { applyUpsert } from '../business-cache';
import { timelineShowing } from '../history-versions';
import { useCatalogPushes } from '../business-pushes';
import { scopeSearch, useCanChange } from '../business-scope';
import { BUSINESS_TEXTS, formatUsd, formatWhen } from '../business-texts';
import { ActivityList } from '../shared/ActivityList';
import { ModelPicture } from './CatalogEntry';
import {
  amount,
  changedFields,
  fromForm,
  materialUnits,
  paramSpecs,
  recipeProblems,
  serviceUnits,
  toForm,
  type RecipeProblems,
  type MaterialLineForm,
  type RecipeForm,
  type ServiceLineForm,
} from './recipe-form';
import '../business.css';

/** The catalog item page (/business/catalog/{id}, spec 002 §2; ADR 0027, 0032). */
export function CatalogItemPage() {
  const { catalogItemId = '' } = useParams();
  const [params] = useSearchParams();
  const versionParam = Number(params.get('version'));
  const version = Number.isInteger(versionParam) && versionParam > 0 ? versionParam : undefined;
  const item = useQuery({ queryKey: businessKeys.catalogItem(catalogItemId, version), queryFn: () => catalogApi.get(catalogItemId, version) });
  const history = useQuery({
    queryKey: businessKeys.catalogHistory(catalogItemId),
    queryFn: () => timelineShowing(`catalog:${catalogItemId}`, () => catalogApi.history(catalogItemId)),
  });
  const titleId = useId();
  useCatalogPushes();

  if (item.isPending)
    return (
      <p className="page-loading" role="status" aria-busy="true">
        Loading…
      </p>
    );
  if (item.isError) {
    return (
      <section className="business-page">
        <h1>Catalog item</h1>
        <p className="form-error" role="alert">
          {messageOf(item.error)}
        </p>
        <Link to="/business/catalog">Back to the catalog</Link>
      </section>
    );
  }
  const data = item.data;
  const scope = { ...(data.teamId ? { teamId: data.teamId } : {}), ...(data.projectId ? { projectId: data.projectId } : {}) };
  return (
    <section className="business-page catalog-item-page" aria-labelledby={titleId}>
      <div className="page-header">
        <div>
          <h1 id={titleId} data-testid="catalog-item-name">
            {data.name}
          </h1>
          <p className="page-sub">
            {data.model.name} · <span data-testid="catalog-item-price">{formatUsd(data.price)}</span>
          </p>
        </div>
        <Link className="btn btn-ghost" to={`/business/catalog${scopeSearch(scope)}`}>
          Back to the catalog
        </Link>
      </div>
      {version !== undefined && (
        <div className="alert alert--info" role="status" data-testid="past-version">
          <p>
            You are looking at version {data.version} of this item, as it was on {formatWhen(data.updatedAt)}.{' '}
            <Link to={`/business/catalog/${data.id}`}>Show the current version</Link>
          </p>
        </div>
      )}
      <div className="catalog-item-layout">
        <div className="catalog-item-preview">
          <ModelPicture id={data.modelId} preview={data.model.preview} name={data.model.name} />
          {!data.model.exists && <p className="role-tag">Model deleted</p>}
          <p className="muted">Model by {data.model.author.fullName || BUSINESS_TEXTS.unknownAuthor}</p>
        </div>
        <RecipeEditor key={`${data.id}:${version ?? 'latest'}`} item={data} readOnly={version !== undefined} />
      </div>
      <section className="activity" aria-labelledby={`${titleId}-activity`}>
        <h2 id={`${titleId}-activity`}>Activity</h2>
        {history.isPending && (
          <p className="muted" role="status">
            Loading…
          </p>
        )}
        {history.isError && (
          <p className="form-error" role="alert">
            {messageOf(history.error)}
          </p>
        )}
        {history.isSuccess && (
          <ActivityList
            entries={history.data.data}
            current={version ?? data.version}
            summary={summary}
            view={(entry) => <Link to={`/business/catalog/${data.id}?version=${entry.version}`}>View version {entry.version}</Link>}
          />
        )}
      </section>
    </section>
  );
}

// The catalog's words for its facts (an item is added to and removed from the catalog).
const VERBS: Record<string, string> = {
  added: 'added it',
  created: 'added it',
  updated: 'changed',
  removed: 'removed it',
  deleted: 'removed it',
  restored: 'undid its removal',
};
const summary = (entry: HistoryEntry) => {
  const verb = VERBS[entry.type.split('.').pop() ?? ''] ?? entry.type;
  return verb === 'changed' ? `${verb} ${changedFields(entry.changes)}` : verb;
};

const emptyMaterialLine = (): MaterialLineForm => ({ materialId: '', mode: 'quantity', value: '1', unit: '', params: {} });
const emptyServiceLine = (): ServiceLineForm => ({ serviceId: '', value: '1', unit: '', priceOptionId: '' });

/**
 * What making one unit takes (ADR 0027): material lines (a quantity, or the class parameters of a cut piece),
 * service lines and a margin, plus the price. Saved with If-Match of the version the form was filled from
 * (`base`): when someone else saved first (412) the page says so and shows their version. A newer version
 * arriving meanwhile (a push, another tab) refills a form with no unsaved change; unsaved changes are never
 * replaced silently: their save is refused and says so.
 */
function RecipeEditor({ item, readOnly }: { item: CatalogItem; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const scope = { ...(item.teamId ? { teamId: item.teamId } : {}), ...(item.projectId ? { projectId: item.projectId } : {}) };
  const canChange = useCanChange(scope) && !readOnly;
  const materials = useQuery({
    queryKey: businessKeys.allMaterials(scope),
    queryFn: () => recipeChoicesApi.materials(scope),
    enabled: !readOnly || item.recipe.materials.length > 0,
  });
  const services = useQuery({
    queryKey: businessKeys.allServices(scope),
    queryFn: () => recipeChoicesApi.services(scope),
    enabled: !readOnly || item.recipe.services.length > 0,
  });
  const materialMap = useMemo(() => new Map((materials.data ?? []).map((m) => [m.id, m])), [materials.data]);
  const serviceMap = useMemo(() => new Map((services.data ?? []).map((s) => [s.id, s])), [services.data]);
  const [base, setBase] = useState(item);
  const [form, setForm] = useState<RecipeForm>(() => toForm(item));
  const [problems, setProblems] = useState<RecipeProblems>({ lines: {} });
  const [status, setStatus] = useState<{ kind: 'saved' | 'stale' | 'error'; text: string }>();
  const [saving, setSaving] = useState(false);
  const [name, setName] = useState(item.name);
  const formId = useId();
  const dirty = name !== base.name || JSON.stringify(form) !== JSON.stringify(toForm(base));

  const fillFrom = (next: CatalogItem) => {
    setBase(next);
    setForm(toForm(next));
    setName(next.name);
  };
  // A newer version refills the form only when nothing in it is unsaved. Checked once per new version, while rendering
  // (react.dev "adjusting some state when a prop changes"), not in an effect.
  const [seenVersion, setSeenVersion] = useState(item.version);
  if (seenVersion !== item.version) {
    setSeenVersion(item.version);
    if (item.version > base.version && !dirty && !saving) fillFrom(item);
  }

  const setMaterial = (i: number, patch: Partial<MaterialLineForm>) =>
    setForm((f) => ({ ...f, materials: f.materials.map((line, j) => (j === i ? { ...line, ...patch } : line)) }));
  const setService = (i: number, patch: Partial<ServiceLineForm>) =>
    setForm((f) => ({ ...f, services: f.services.map((line, j) => (j === i ? { ...line, ...patch } : line)) }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = recipeProblems(form, materialMap, serviceMap, materials.isSuccess && services.isSuccess);
    setProblems(found);
    setStatus(undefined);
    if (found.price || Object.keys(found.lines).length) return;
    const nameProblem = catalogNameErrors(name)[0]?.message;
    if (nameProblem) return setStatus({ kind: 'error', text: nameProblem });
    setSaving(true);
    try {
      const changes = { ...fromForm(form, materialMap, serviceMap), ...(name.trim() !== base.name ? { name: name.trim() } : {}) };
      const saved = await catalogApi.update(item.id, changes, base.version);
      applyUpsert(queryClient, businessKeys.catalogLists(), saved, false);
      queryClient.setQueryData(businessKeys.catalogItem(item.id), saved);
      void queryClient.invalidateQueries({ queryKey: businessKeys.catalogHistory(item.id) });
      fillFrom(saved);
      setStatus({ kind: 'saved', text: 'Saved.' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        setStatus({ kind: 'stale', text: BUSINESS_TEXTS.stale });
        // Their version replaces the form.
        const latest = await queryClient.fetchQuery({ queryKey: businessKeys.catalogItem(item.id), queryFn: () => catalogApi.get(item.id), staleTime: 0 });
        fillFrom(latest);
        void queryClient.invalidateQueries({ queryKey: businessKeys.catalogHistory(item.id) });
      } else {
        setStatus({ kind: 'error', text: messageOf(error) });
      }
    } finally {
      setSaving(false);
    }
  };

  const total = form.materials.length + form.services.length;
  return (
    <form className="recipe-editor" aria-labelledby={`${formId}-title`} noValidate onSubmit={save}>
      <h2 id={`${formId}-title`}>What one unit takes</h2>
      <fieldset disabled={!canChange} className="recipe-fieldset">
        <div className="recipe-top">
          <div className="field">
            <label htmlFor={`${formId}-name`}>Name</label>
            <input id={`${formId}-name`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className={`field ${problems.price ? 'field--invalid' : ''}`}>
            <label htmlFor={`${formId}-price`}>Price (USD)</label>
            <input
              id={`${formId}-price`}
              inputMode="decimal"
              data-testid="catalog-price-input"
              value={form.price}
              aria-invalid={Boolean(problems.price)}
              aria-describedby={problems.price ? `${formId}-price-error` : undefined}
              onChange={(e) => setForm((f) => ({ ...f, price: e.target.value }))}
              onBlur={() => setForm((f) => ({ ...f, price: amount(f.price).toFixed(2) }))}
            />
            {problems.price && (
              <p id={`${formId}-price-error`} className="field-error" role="alert">
                {problems.price}
              </p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${formId}-margin`}>Margin (%)</label>
            <input
              id={`${formId}-margin`}
              inputMode="decimal"
              data-testid="catalog-margin-input"
              value={form.marginPercent}
              aria-invalid={Boolean(problems.lines.margin)}
              aria-describedby={problems.lines.margin ? `${formId}-margin-error` : undefined}
              onChange={(e) => setForm((f) => ({ ...f, marginPercent: e.target.value }))}
            />
            {problems.lines.margin && (
              <p id={`${formId}-margin-error`} className="field-error" role="alert">
                {problems.lines.margin}
              </p>
            )}
          </div>
        </div>

        <h3>Materials</h3>
        {materials.isError && (
          <p className="form-error" role="alert">
            {messageOf(materials.error)}
          </p>
        )}
        {form.materials.length === 0 && <p className="muted">No materials yet.</p>}
        <ul className="recipe-lines">
          {form.materials.map((line, i) => {
            const material = materialMap.get(line.materialId);
            const units = materialUnits(material);
            const lineError = problems.lines[`m${i}`];
            return (
              <li key={i} className="recipe-line" data-testid="recipe-material-line">
                <LineSelect
                  label={`Material ${i + 1}`}
                  value={line.materialId}
                  error={lineError}
                  options={(materials.data ?? []).map((m: Material) => ({ value: m.id, label: m.name }))}
                  onChange={(materialId) => setMaterial(i, { materialId, unit: '', params: {} })}
                />
                <div className="field">
                  <label htmlFor={`${formId}-m${i}-mode`}>Given as</label>
                  <select id={`${formId}-m${i}-mode`} value={line.mode} onChange={(e) => setMaterial(i, { mode: e.target.value as MaterialLineForm['mode'] })}>
                    <option value="quantity">Quantity</option>
                    <option value="params" disabled={paramSpecs(material).length === 0}>
                      Cut piece (class parameters)
                    </option>
                  </select>
                </div>
                {line.mode === 'quantity' ? (
                  <QuantityInput
                    id={`${formId}-m${i}`}
                    label="Quantity"
                    value={line.value}
                    unit={line.unit || units[0]}
                    units={units}
                    onChange={(value, unit) => setMaterial(i, { value, unit })}
                  />
                ) : (
                  paramSpecs(material).map((spec) => {
                    const entry = line.params[spec.key] ?? { value: '', unit: DEFAULT_UNITS[spec.kind] };
                    return (
                      <QuantityInput
                        key={spec.key}
                        id={`${formId}-m${i}-${spec.key}`}
                        label={`${spec.label}${spec.optional ? ' (optional)' : ''}`}
                        value={entry.value}
                        unit={entry.unit}
                        units={unitsOf(spec.kind)}
                        onChange={(value, unit) => setMaterial(i, { params: { ...line.params, [spec.key]: { value, unit } } })}
                      />
                    );
                  })
                )}
                {canChange && (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Remove material line ${i + 1}`}
                    onClick={() => setForm((f) => ({ ...f, materials: f.materials.filter((_, j) => j !== i) }))}
                  >
                    <CloseIcon size={18} />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {canChange && (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="add-material-line"
            onClick={() => setForm((f) => ({ ...f, materials: [...f.materials, emptyMaterialLine()] }))}
          >
            <PlusIcon size={16} /> Add a material
          </button>
        )}

        <h3>Services</h3>
        {services.isError && (
          <p className="form-error" role="alert">
            {messageOf(services.error)}
          </p>
        )}
        {form.services.length === 0 && <p className="muted">No services yet.</p>}
        <ul className="recipe-lines">
          {form.services.map((line, i) => {
            const service = serviceMap.get(line.serviceId);
            const units = serviceUnits(service);
            return (
              <li key={i} className="recipe-line" data-testid="recipe-service-line">
                <LineSelect
                  label={`Service ${i + 1}`}
                  value={line.serviceId}
                  error={problems.lines[`s${i}`]}
                  options={(services.data ?? []).map((s: Service) => ({ value: s.id, label: s.name }))}
                  onChange={(serviceId) => setService(i, { serviceId, unit: '', priceOptionId: '' })}
                />
                <QuantityInput
                  id={`${formId}-s${i}`}
                  label="Quantity"
                  value={line.value}
                  unit={line.unit || units[0]}
                  units={units}
                  onChange={(value, unit) => setService(i, { value, unit })}
                />
                {service && service.prices.length > 0 && (
                  <div className="field">
                    <label htmlFor={`${formId}-s${i}-option`}>Price option</label>
                    <select id={`${formId}-s${i}-option`} value={line.priceOptionId} onChange={(e) => setService(i, { priceOptionId: e.target.value })}>
                      <option value="">
                        General price ({formatUsd(service.generalPrice.value)} / {service.generalPrice.unit})
                      </option>
                      {service.prices.map((option) => (
                        <option key={option.id} value={option.id}>
                          {option.label} ({formatUsd(option.price.value)} / {option.price.unit})
                        </option>
                      ))}
                    </select>
                  </div>
                )}
                {canChange && (
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Remove service line ${i + 1}`}
                    onClick={() => setForm((f) => ({ ...f, services: f.services.filter((_, j) => j !== i) }))}
                  >
                    <CloseIcon size={18} />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
        {canChange && (
          <button
            type="button"
            className="btn btn-ghost"
            data-testid="add-service-line"
            onClick={() => setForm((f) => ({ ...f, services: [...f.services, emptyServiceLine()] }))}
          >
            <PlusIcon size={16} /> Add a service
          </button>
        )}
      </fieldset>
      <p className="muted recipe-summary">
        {total === 1 ? '1 line' : `${total} lines`}, margin {amount(form.marginPercent)} %
      </p>
      {status && (
        <p
          className={status.kind === 'saved' ? 'form-ok' : 'form-error'}
          role={status.kind === 'saved' ? 'status' : 'alert'}
          data-testid={`recipe-${status.kind}`}
        >
          {status.text}
        </p>
      )}
      {canChange && (
        <div className="dialog-actions">
          <button type="submit" className="btn btn-primary" data-testid="recipe-save" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </form>
  );
}

const unitsOf = (kind: keyof typeof UNITS): readonly string[] => UNITS[kind];

function LineSelect({
  label,
  value,
  options,
  error,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function QuantityInput({
  id,
  label,
  value,
  unit,
  units,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  unit: string;
  units: readonly string[];
  onChange: (value: string, unit: string) => void;
}) {
  return (
    <div className="field quantity-field">
      <label htmlFor={id}>{label}</label>
      <div className="quantity-inputs">
        <input id={id} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value, unit)} />
        <select aria-label={`${label} unit`} value={unit} disabled={units.length <= 1} onChange={(e) => onChange(value, e.target.value)}>
          {units.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
