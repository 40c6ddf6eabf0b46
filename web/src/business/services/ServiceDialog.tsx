import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaterialTree, Service } from '@kiln/contracts';
import { messageOf } from '../../api/client';
import { SubmitKeys } from '../../api/idempotency';
import { Dialog } from '../../ui/Dialog';
import { PlusIcon } from '../../ui/icons';
import { businessKeys, materialTreeApi, scopeWhere, serviceApi } from '../business-api';
import { applyUpsert } from '../business-cache';
import type { BusinessScope } from '../business-scope';
import { formatUsd } from '../business-texts';
import { SERVICE_KIND } from '../catalog/recipe-form';
import {
  addOption,
  clampPrice,
  creationErrors,
  defaultUnit,
  deleteOption,
  draftOf,
  emptyDraft,
  hasErrors,
  payloadOf,
  priceErrors,
  SERVICE_CLASSES,
  unitsOfClass,
  type DraftErrors,
  type PriceOptionDraft,
  type ServiceDraftForm,
} from './service-form';

const STEPS = [
  { id: 'creation', label: 'Creation', title: 'Properties' },
  { id: 'price', label: 'Price', title: 'Service price' },
] as const;

const keys = new SubmitKeys();

/**
 * Add a service / Edit Service (spec 002 §2, §4, §5): two steps, Creation (Properties) and Price (Service price).
 * Back is disabled on the first step; the last step's button reads Done, the others Next. The class is locked
 * when editing. Saving creates or updates, closes and the list shows the result at once.
 */
export function ServiceDialog({ service, scope, onClose }: { service?: Service; scope: BusinessScope; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<ServiceDraftForm>(() => (service ? draftOf(service) : emptyDraft()));
  const [selected, setSelected] = useState<number | null>(service?.prices.length ? 0 : null);
  const [errors, setErrors] = useState<DraftErrors>({ options: {} });
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const formId = useId();
  const isLast = step === STEPS.length - 1;
  const editing = Boolean(service);

  const change = (patch: Partial<ServiceDraftForm>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    // Errors already shown follow the values as they change.
    if (hasErrors(errors)) setErrors(step === 0 ? creationErrors(next) : priceErrors(next, Object.keys(errors.options).length > 0));
  };
  const changeOption = (index: number, patch: Partial<PriceOptionDraft>) =>
    change({ prices: draft.prices.map((o, i) => (i === index ? { ...o, ...patch } : o)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) {
      const found = creationErrors(draft);
      setErrors(found);
      if (hasErrors(found)) return;
      if (!draft.generalUnit) setDraft((d) => ({ ...d, generalUnit: defaultUnit(d.serviceClass) }));
      setStep(1);
      return;
    }
    const found = priceErrors(draft, true);
    setErrors(found);
    if (hasErrors(found)) {
      const firstBad = draft.prices.findIndex((o) => found.options[o.key]);
      if (firstBad >= 0) setSelected(firstBad);
      return;
    }
    setSaving(true);
    setFailure(undefined);
    const body = payloadOf(draft);
    try {
      const saved = service ? await serviceApi.update(service.id, body) : await serviceApi.create({ ...body, ...scopeWhere(scope) }, keys.keyFor(body));
      keys.settled();
      applyUpsert(queryClient, ['business', 'service', 'list'], saved, !service);
      void queryClient.invalidateQueries({ queryKey: ['business', 'service', 'all'] });
      onClose();
    } catch (error) {
      keys.settled(error);
      setFailure(messageOf(error));
      setSaving(false);
    }
  };

  return (
    <Dialog title={editing ? 'Edit Service' : 'Add a service'} onClose={onClose} width={640}>
      <form className="form service-dialog" noValidate onSubmit={submit} aria-describedby={`${formId}-step`}>
        <ol className="wizard-steps" aria-label="Steps">
          {STEPS.map((s, i) => (
            <li key={s.id} className={i === step ? 'wizard-step wizard-step--current' : 'wizard-step'} aria-current={i === step ? 'step' : undefined}>
              <span className="wizard-step-number" aria-hidden="true">
                {i + 1}
              </span>{' '}
              {s.label}
            </li>
          ))}
        </ol>
        <h3 id={`${formId}-step`} data-testid="service-step-title">
          {STEPS[step].title}
        </h3>

        {step === 0 ? (
          <CreationStep draft={draft} errors={errors} editing={editing} change={change} />
        ) : (
          <PriceStep draft={draft} errors={errors} scope={scope} selected={selected} setSelected={setSelected} change={change} changeOption={changeOption} />
        )}

        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={step === 0}
            onClick={() => {
              setErrors({ options: {} });
              setStep((s) => Math.max(0, s - 1));
            }}
            data-testid="service-back"
          >
            Back
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="service-next">
            {isLast ? (saving ? 'Saving…' : 'Done') : 'Next'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function Field({ label, error, children, id }: { label: string; error?: string; id: string; children: ReactNode }) {
  return (
    <div className={`field ${error ? 'field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
const described = (id: string, error?: string) => ({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined });

function CreationStep({
  draft,
  errors,
  editing,
  change,
}: {
  draft: ServiceDraftForm;
  errors: DraftErrors;
  editing: boolean;
  change: (p: Partial<ServiceDraftForm>) => void;
}) {
  const id = useId();
  return (
    <div className="form-grid">
      <Field label="Name" id={`${id}-name`} error={errors.name}>
        <input {...described(`${id}-name`, errors.name)} autoFocus maxLength={200} value={draft.name} onChange={(e) => change({ name: e.target.value })} />
      </Field>
      <Field label="Display name (optional)" id={`${id}-display`}>
        <input id={`${id}-display`} maxLength={200} value={draft.displayName} onChange={(e) => change({ displayName: e.target.value })} />
      </Field>
      <Field label="Service class" id={`${id}-class`} error={errors.serviceClass}>
        <select
          {...described(`${id}-class`, errors.serviceClass)}
          value={draft.serviceClass}
          disabled={editing}
          title={editing ? 'The class of an existing service cannot be changed' : undefined}
          onChange={(e) => {
            const serviceClass = e.target.value as ServiceDraftForm['serviceClass'];
            const unit = defaultUnit(serviceClass);
            // A new class: every price takes its default unit.
            change({ serviceClass, generalUnit: unit, prices: draft.prices.map((o) => ({ ...o, unit })) });
          }}
        >
          <option value="">Choose…</option>
          {SERVICE_CLASSES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Code (optional)" id={`${id}-code`}>
        <input id={`${id}-code`} maxLength={200} value={draft.code} onChange={(e) => change({ code: e.target.value })} />
      </Field>
      <Field label="Service provider (optional)" id={`${id}-provider`}>
        <input id={`${id}-provider`} maxLength={200} value={draft.serviceProvider} onChange={(e) => change({ serviceProvider: e.target.value })} />
      </Field>
      <Field label="Tags, separated by commas (at most 20)" id={`${id}-tags`}>
        <input id={`${id}-tags`} value={draft.tags} onChange={(e) => change({ tags: e.target.value })} />
      </Field>
    </div>
  );
}

function PriceInput({
  id,
  label,
  value,
  unit,
  units,
  error,
  onValue,
  onUnit,
}: {
  id: string;
  label: string;
  value: number | null;
  unit: string;
  units: readonly string[];
  error?: string;
  onValue: (v: number | null) => void;
  onUnit: (u: string) => void;
}) {
  const [typed, setTyped] = useState(value === null ? '' : String(value));
  return (
    <Field label={label} id={id} error={error}>
      <div className="quantity-inputs">
        <input
          {...described(id, error)}
          inputMode="decimal"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            onValue(e.target.value.trim() === '' ? null : clampPrice(e.target.value));
          }}
          onBlur={() => setTyped(value === null ? '' : String(value))}
        />
        <select aria-label={`${label} unit`} value={unit} disabled={units.length <= 1} onChange={(e) => onUnit(e.target.value)}>
          {units.map((u) => (
            <option key={u} value={u}>
              {u === 'each' ? 'each' : `per ${u}`}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}

interface PriceStepProps {
  draft: ServiceDraftForm;
  errors: DraftErrors;
  scope: BusinessScope;
  selected: number | null;
  setSelected: (i: number | null) => void;
  change: (p: Partial<ServiceDraftForm>) => void;
  changeOption: (i: number, p: Partial<PriceOptionDraft>) => void;
}

function PriceStep({ draft, errors, scope, selected, setSelected, change, changeOption }: PriceStepProps) {
  const id = useId();
  const units = unitsOfClass(draft.serviceClass);
  const countBased = draft.serviceClass !== '' && SERVICE_KIND[draft.serviceClass] === 'count';
  const tree = useQuery({ queryKey: businessKeys.materialTree(scope), queryFn: () => materialTreeApi.get(scope) });
  const option = selected !== null ? draft.prices[selected] : undefined;
  return (
    <div className="price-step">
      <PriceInput
        id={`${id}-general`}
        label="General Price"
        value={draft.generalPrice}
        unit={countBased ? 'each' : draft.generalUnit || units[0]}
        units={countBased ? ['each'] : units}
        error={errors.generalPrice}
        onValue={(generalPrice) => change({ generalPrice })}
        onUnit={(generalUnit) => change({ generalUnit })}
      />

      <div className="price-options-header">
        <h4>Price options</h4>
        <button
          type="button"
          className="btn btn-ghost"
          data-testid="add-price-option"
          onClick={() => {
            const added = addOption(draft);
            change({ prices: added.prices });
            setSelected(added.selected);
          }}
        >
          <PlusIcon size={16} /> Add a price option
        </button>
      </div>
      {draft.prices.length === 0 ? (
        <p className="muted">No price options: the general price applies to every material.</p>
      ) : (
        <ul className="price-options" aria-label="Price options">
          {draft.prices.map((o, i) => (
            <li key={o.key}>
              <button
                type="button"
                className={`price-option ${i === selected ? 'price-option--selected' : ''}`}
                aria-pressed={i === selected}
                data-testid="price-option"
                onClick={() => setSelected(i)}
              >
                <span>{o.label || `Option ${i + 1}`}</span>
                <span className="muted">
                  {formatUsd(o.value)} · {o.material.length} material{o.material.length === 1 ? '' : 's'}
                </span>
                {errors.options[o.key] && <span className="field-error">{errors.options[o.key]}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}

      {option && selected !== null && (
        <fieldset className="price-option-editor" data-testid="price-option-editor">
          <legend>{option.label || `Option ${selected + 1}`}</legend>
          <Field label="Label" id={`${id}-label`}>
            <input
              id={`${id}-label`}
              data-testid="price-option-label"
              maxLength={200}
              value={option.label}
              onChange={(e) => changeOption(selected, { label: e.target.value })}
            />
          </Field>
          <PriceInput
            key={option.key}
            id={`${id}-price`}
            label="Price"
            value={option.value}
            unit={countBased ? 'each' : option.unit || units[0]}
            units={countBased ? ['each'] : units}
            onValue={(value) => changeOption(selected, { value: value ?? 0 })}
            onUnit={(unit) => changeOption(selected, { unit })}
          />
          <MaterialPicker
            tree={tree.data}
            loading={tree.isPending}
            failure={tree.isError ? messageOf(tree.error) : undefined}
            chosen={option.material}
            error={errors.options[option.key]}
            onChange={(material) => changeOption(selected, { material })}
          />
          <button
            type="button"
            className="btn btn-ghost btn-danger-text"
            data-testid="delete-price-option"
            onClick={() => {
              const next = deleteOption(draft.prices, selected, selected);
              change({ prices: next.prices });
              setSelected(next.selected);
            }}
          >
            Delete this price option
          </button>
        </fieldset>
      )}
    </div>
  );
}

/** The materials a price option applies to, by class and category (GET …/material-tree). */
function MaterialPicker({
  tree,
  loading,
  failure,
  chosen,
  error,
  onChange,
}: {
  tree?: MaterialTree;
  loading: boolean;
  failure?: string;
  chosen: string[];
  error?: string;
  onChange: (ids: string[]) => void;
}) {
  const id = useId();
  const set = new Set(chosen);
  const toggle = (materialId: string) => onChange(set.has(materialId) ? chosen.filter((m) => m !== materialId) : [...chosen, materialId]);
  return (
    <fieldset className={`material-picker ${error ? 'field--invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Materials</legend>
      {loading && (
        <p className="muted" role="status">
          Loading materials…
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {tree && tree.data.length === 0 && <p className="muted">No materials in the inventory yet.</p>}
      {tree?.data.map((group) => (
        <div key={group.materialClass} className="material-group">
          {group.categories.map((category) => (
            <div key={category.materialCategoryId} role="group" aria-label={category.label}>
              <p className="material-category">{category.label}</p>
              {category.children.map((m) => (
                <label key={m.value} className="picker-row" data-testid="material-choice" data-material-name={m.label}>
                  <input type="checkbox" checked={set.has(m.value)} onChange={() => toggle(m.value)} />
                  <span className="picker-name">{m.label}</span>
                  <span className="muted">{m.internalName}</span>
                </label>
              ))}
            </div>
          ))}
        </div>
      ))}
      {error && (
        <p id={`${id}-error`} className="field-error" data-testid="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
