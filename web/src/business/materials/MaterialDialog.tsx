import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppearanceEntry, Material } from '@kiln/contracts';
import {
  MATERIAL_CLASS_VALUES,
  MATERIAL_CLASSES,
  PRICE_STRATEGY_KIND,
  UNITS,
  type MaterialClassId,
  type PriceStrategyId,
  type Unit,
} from '@kiln/contracts/constants';
import { APPEARANCE_MESSAGES, convertValue, emptyAppearanceEntry, MATERIAL_MESSAGES, MATERIAL_PARAM_MESSAGES, PRICE_STRATEGY_LABELS } from '@kiln/domain';
import { ApiError } from '../../api/client';
import { SubmitKeys } from '../../api/idempotency';
import { addKnownMessages } from '../../api/messages';
import { FormAlert, SelectField, showServerError } from '../../teams/dialogs/fields';
import { Dialog } from '../../ui/Dialog';
import { textureKeys } from '../../textures/textures-api';
import { TextField } from '../../ui/TextField';
import { BUSINESS_TEXTS } from '../business-texts';
import { useMaterialCache } from '../inventory/useInventory';
import { AppearanceEditor } from './AppearanceEditor';
import { DEFAULT_FINISH } from './ColorPicker';
import { useEntryTextures } from './entry-textures';
import { CHANGED_MEANWHILE, materialApi, materialKeys, type MaterialScope } from './material-api';
import {
  classDefaults,
  defaultPriceUnit,
  emptyMaterialForm,
  formErrorsOf,
  formOfMaterial,
  toCreateBody,
  toUpdateBody,
  unitLabel,
  type MaterialFormValues,
} from './material-form';
import { TagsField } from './TagsField';
import './materials.css';

// The service's sentences for materials may be shown as they come (docs/adr/0013: added when this chunk loads).
const sentences = (texts: object) => Object.values(texts as Record<string, unknown>).filter((m): m is string => typeof m === 'string');
addKnownMessages([...sentences(MATERIAL_MESSAGES), ...sentences(MATERIAL_PARAM_MESSAGES), ...sentences(APPEARANCE_MESSAGES), CHANGED_MEANWHILE]);

const MaterialPreview = lazy(() => import('./MaterialPreview'));

const STEPS = [
  { id: 'creation', label: 'Name & Codes' },
  { id: 'details', label: 'Sizes & Price' },
  { id: 'availability', label: 'Store & Times' },
  { id: 'appearance', label: 'Color & Texture' },
] as const;

/** A new material starts with one mono colour entry, so Finish works without textures (ADR 0031). */
const startingAppearance = (): AppearanceEntry[] => [{ ...emptyAppearanceEntry(['all'], 'color'), color: { hex: '#9E9E9E', ...DEFAULT_FINISH } }];

/** Writes `message` at a dotted path of RHF's error tree. */
function setError(errors: Record<string, unknown>, path: string, message: string) {
  const keys = path.split('.');
  let node = errors;
  keys.slice(0, -1).forEach((key) => {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  });
  node[keys[keys.length - 1]] = { type: 'rule', message };
}

/** The domain's rules (the service's own, ADR 0028) as the form's resolver. */
const resolver: Resolver<MaterialFormValues> = async (values) => {
  const { byField, appearance } = formErrorsOf(values);
  const errors: Record<string, unknown> = {};
  byField.forEach((message, path) => setError(errors, path, message));
  if (appearance.length) errors.appearance = { type: 'rule', message: appearance[0].message };
  return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<MaterialFormValues> } : { values, errors: {} };
};

function fieldsOfStep(step: number, values: MaterialFormValues): string[] {
  switch (step) {
    case 0:
      return ['name', 'internalName', 'materialClass', 'partNumber', 'manufacturer', 'tags'];
    case 1:
      return [...Object.keys(values.params).flatMap((key) => [`params.${key}.value`, `params.${key}.unit`]), 'priceStrategy', 'priceUnit', 'price'];
    case 2:
      return ['quantity', 'quantityUnit', 'scrapPercentage', 'timeToReplenish'];
    default:
      return ['appearance'];
  }
}

/** Lengths in millimetres, for the preview's proportions. */
function sizesOf(values: MaterialFormValues): Record<string, number | undefined> {
  return Object.fromEntries(
    Object.entries(values.params).map(([key, field]) => {
      const n = Number(field.value);
      if (!field.value.trim() || !Number.isFinite(n) || n <= 0) return [key, undefined];
      try {
        return [key, convertValue(n, field.unit as Unit, 'mm')];
      } catch {
        return [key, undefined];
      }
    }),
  );
}

interface MaterialDialogProps {
  /** The material to edit; none to create one. */
  material?: Material;
  scope: MaterialScope;
  /** A viewer of the team's materials sees the properties but cannot save. */
  readOnly?: boolean;
  onClose: () => void;
}

/**
 * Create material / Edit material (spec 002 §2, §4): four steps (Name & Codes, Sizes & Price, Store & Times,
 * Color & Texture), Back and Next, Finish (Done when editing). Next moves on when the step's fields pass the
 * domain's rules; Finish creates or updates (If-Match with the version read) and closes. A click outside does not
 * close it; Escape or Close with something typed first asks, inside the dialog, whether to drop it (ADR 0045).
 */
export function MaterialDialog({ material, scope, readOnly = false, onClose }: MaterialDialogProps) {
  const editing = Boolean(material);
  const [step, setStep] = useState(0);
  const version = useRef(material?.version ?? 0);
  const [keys] = useState(() => new SubmitKeys());
  const cache = useMaterialCache();
  const queryClient = useQueryClient();
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const form = useForm<MaterialFormValues>({
    defaultValues: material ? formOfMaterial(material) : { ...emptyMaterialForm(), appearance: startingAppearance() },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, handleSubmit, trigger, setValue, getValues, reset, formState } = form;
  const { errors, isSubmitting, isDirty } = formState;
  const values = useWatch({ control }) as MaterialFormValues;
  const materialClass = values.materialClass;
  const spec = materialClass ? MATERIAL_CLASSES[materialClass] : undefined;
  const tags = useQuery({ queryKey: materialKeys.tags(scope), queryFn: () => materialApi.tags(scope), staleTime: 60_000 });
  // The textures the entries name (read on the appearance step only): the tabs, the grid and the preview show them.
  const entryTextures = useEntryTextures(step === 3 ? (values.appearance ?? []) : []);
  const ids = { classHint: useId(), discard: useId() };
  const [askingToDiscard, setAskingToDiscard] = useState(false);
  // Escape and Close: with nothing typed they close; otherwise they ask first, and on the question they go back.
  const requestClose = () => {
    if (askingToDiscard) setAskingToDiscard(false);
    else if (isDirty && !readOnly) setAskingToDiscard(true);
    else onClose();
  };
  // Back from the question, focus returns to the step's heading.
  const wasAsking = useRef(false);
  useEffect(() => {
    if (wasAsking.current && !askingToDiscard) stepHeading.current?.focus();
    wasAsking.current = askingToDiscard;
  }, [askingToDiscard]);

  // A new step's heading takes focus, so a screen reader says where it is and Tab goes on from there (on opening,
  // the Dialog puts focus on the first field instead).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) stepHeading.current?.focus();
    shownStep.current = step;
  }, [step]);

  const next = async () => {
    const ok = await trigger(fieldsOfStep(step, getValues()) as never, { shouldFocus: true });
    if (ok) setStep(step + 1);
  };

  // A function that runs handleSubmit when called (on Finish), so `version` (a ref) is read then, never during render.
  const save = () =>
    handleSubmit(async (formValues) => {
      try {
        if (material) {
          const saved = await materialApi.update(material.id, toUpdateBody(formValues), version.current);
          cache.upsert(saved);
        } else {
          const body = toCreateBody(formValues, scope);
          const created = await materialApi.create(body, keys.keyFor(body));
          keys.settled();
          cache.upsert(created);
        }
        onClose();
      } catch (error) {
        keys.settled(error);
        if (material && error instanceof ApiError && error.status === 412) {
          // Someone else saved first: their version is loaded into the form, and the person decides again.
          const fresh = await materialApi.get(material.id).catch(() => undefined);
          if (fresh) {
            version.current = fresh.version;
            cache.upsert(fresh);
            reset(formOfMaterial(fresh));
          }
          form.setError('root.server', { type: 'server', message: CHANGED_MEANWHILE });
          return;
        }
        // A texture refused on save (deleted or made private meanwhile, ADR 0064): read again, its entry then says so.
        if (error instanceof ApiError && error.body.errors?.some((e) => /^appearance\.\d+\.textureId$/.test(e.path)))
          void queryClient.invalidateQueries({ queryKey: textureKeys.all });
        showServerError(error, form.setError, ['name', 'internalName', 'materialClass', 'tags']);
      }
    })();

  const chooseClass = (next: MaterialClassId | '') => {
    setValue('materialClass', next, { shouldValidate: formState.isSubmitted, shouldDirty: true });
    // Spec 002 §3: changing the class of a new material clears its parameters.
    if (next) {
      const defaults = classDefaults(next);
      setValue('params', defaults.params);
      setValue('priceStrategy', defaults.priceStrategy);
      setValue('priceUnit', defaults.priceUnit);
      setValue('quantityUnit', defaults.quantityUnit);
    } else setValue('params', {});
  };

  const last = step === STEPS.length - 1;
  const strategy = values.priceStrategy;
  const priceKind = strategy ? PRICE_STRATEGY_KIND[strategy] : undefined;

  return (
    <Dialog title={editing ? 'Edit material' : 'Create material'} onClose={requestClose} width={980} closeOnOutsideClick={false}>
      {askingToDiscard && (
        <div className="discard-question" role="group" aria-labelledby={ids.discard} aria-describedby={`${ids.discard}-text`} data-testid="discard-question">
          <h3 id={ids.discard} className="wizard-heading">
            {BUSINESS_TEXTS.discardTitle}
          </h3>
          <p id={`${ids.discard}-text`}>{BUSINESS_TEXTS.discardText}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-danger" onClick={onClose}>
              {BUSINESS_TEXTS.discard}
            </button>
            {/* The question replaces the form: the safe answer takes focus. */}
            <button type="button" className="btn btn-primary" autoFocus onClick={() => setAskingToDiscard(false)}>
              {BUSINESS_TEXTS.keepEditing}
            </button>
          </div>
        </div>
      )}
      {/* Kept while the question shows, so Keep editing finds everything as it was. */}
      <form
        className="form material-form"
        style={askingToDiscard ? { display: 'none' } : undefined}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (last && !readOnly) void save();
          else if (!last) void next();
        }}
      >
        <ol className="wizard-steps" aria-label="Steps">
          {STEPS.map((s, i) => (
            <li
              key={s.id}
              className={`wizard-step ${i === step ? 'wizard-step--current' : ''} ${i < step ? 'wizard-step--done' : ''}`}
              aria-current={i === step ? 'step' : undefined}
            >
              <span className="wizard-step-number" aria-hidden="true">
                {i + 1}
              </span>
              <span>{s.label}</span>
            </li>
          ))}
        </ol>
        <h3 ref={stepHeading} tabIndex={-1} className="wizard-heading">
          <span className="visually-hidden">
            Step {step + 1} of {STEPS.length}:{' '}
          </span>
          {STEPS[step].label}
        </h3>

        {step === 0 && (
          <div className="wizard-grid">
            <TextField label="Name" autoComplete="off" maxLength={200} errors={errors.name?.message} {...register('name')} />
            <TextField label="Internal name" autoComplete="off" maxLength={200} errors={errors.internalName?.message} {...register('internalName')} />
            <SelectField
              label="Material class"
              value={materialClass}
              disabled={editing}
              aria-describedby={editing ? ids.classHint : undefined}
              errors={errors.materialClass?.message}
              onChange={(event) => chooseClass(event.target.value as MaterialClassId | '')}
            >
              <option value="">Choose a class…</option>
              {MATERIAL_CLASS_VALUES.map((id) => (
                <option key={id} value={id}>
                  {MATERIAL_CLASSES[id].label}
                </option>
              ))}
            </SelectField>
            {editing && (
              <p id={ids.classHint} className="field-hint wizard-wide">
                The class cannot be changed once the material exists.
              </p>
            )}
            <TextField label="Part number (optional)" autoComplete="off" maxLength={200} errors={errors.partNumber?.message} {...register('partNumber')} />
            <TextField label="Manufacturer (optional)" autoComplete="off" maxLength={200} errors={errors.manufacturer?.message} {...register('manufacturer')} />
            <div className="wizard-wide">
              <Controller
                control={control}
                name="tags"
                render={({ field, fieldState }) => (
                  <TagsField value={field.value} onChange={field.onChange} suggestions={tags.data?.data ?? []} error={fieldState.error?.message} />
                )}
              />
            </div>
          </div>
        )}

        {step === 1 && spec && (
          <div className="wizard-grid">
            <fieldset className="wizard-wide wizard-fieldset">
              <legend>Sizes of one {spec.label.toLowerCase()}</legend>
              {spec.params.length === 0 ? (
                <p className="muted">This class has no sizes: it is kept by weight.</p>
              ) : (
                <div className="param-grid">
                  {spec.params.map((param) => (
                    <div key={param.key} className="quantity-pair">
                      <TextField
                        label={`${param.label}${param.optional ? ' (optional)' : ''}`}
                        inputMode="decimal"
                        autoComplete="off"
                        errors={errors.params?.[param.key]?.value?.message}
                        {...register(`params.${param.key}.value`)}
                      />
                      <SelectField label={`${param.label} unit`} errors={errors.params?.[param.key]?.unit?.message} {...register(`params.${param.key}.unit`)}>
                        {UNITS[param.kind].map((unit) => (
                          <option key={unit} value={unit}>
                            {unitLabel(unit)}
                          </option>
                        ))}
                      </SelectField>
                    </div>
                  ))}
                </div>
              )}
            </fieldset>
            <SelectField
              label="Pricing"
              value={strategy}
              errors={errors.priceStrategy?.message}
              onChange={(event) => {
                const chosen = event.target.value as PriceStrategyId | '';
                setValue('priceStrategy', chosen, { shouldValidate: formState.isSubmitted });
                if (chosen) setValue('priceUnit', defaultPriceUnit(chosen));
              }}
            >
              <option value="">Choose how it is priced…</option>
              {spec.priceStrategies.map((s) => (
                <option key={s} value={s}>
                  {PRICE_STRATEGY_LABELS[s].replace(/^./, (c) => c.toUpperCase())}
                </option>
              ))}
            </SelectField>
            {priceKind && priceKind !== 'count' ? (
              <SelectField label="Price unit" errors={errors.priceUnit?.message} {...register('priceUnit')}>
                {UNITS[priceKind].map((unit) => (
                  <option key={unit} value={unit}>
                    {unitLabel(unit)}
                  </option>
                ))}
              </SelectField>
            ) : (
              <p className="field-static">
                <span className="field-static-label">Price unit</span> each
              </p>
            )}
            <TextField label="Price (US dollars)" inputMode="decimal" autoComplete="off" errors={errors.price?.message} {...register('price')} />
          </div>
        )}

        {step === 2 && spec && (
          <div className="wizard-grid">
            <div className="quantity-pair wizard-wide">
              <TextField
                label="Quantity in stock"
                inputMode="decimal"
                autoComplete="off"
                errors={errors.quantity?.message}
                // Spec 002 §5: validated on change.
                {...register('quantity', { onChange: () => void trigger('quantity') })}
              />
              {spec.stockKind === 'count' ? (
                <p className="field-static">
                  <span className="field-static-label">Unit</span> each
                </p>
              ) : (
                <SelectField label="Quantity unit" errors={errors.quantityUnit?.message} {...register('quantityUnit')}>
                  {UNITS[spec.stockKind].map((unit) => (
                    <option key={unit} value={unit}>
                      {unitLabel(unit)}
                    </option>
                  ))}
                </SelectField>
              )}
            </div>
            <TextField label="Scrap (%)" inputMode="decimal" autoComplete="off" errors={errors.scrapPercentage?.message} {...register('scrapPercentage')} />
            <TextField
              label="Time to replenish (days)"
              inputMode="decimal"
              autoComplete="off"
              errors={errors.timeToReplenish?.message}
              {...register('timeToReplenish')}
            />
          </div>
        )}

        {step === 3 && (
          <div className="appearance-step">
            <Controller
              control={control}
              name="appearance"
              render={({ field }) => (
                <AppearanceEditor
                  value={field.value}
                  onChange={field.onChange}
                  materialClass={materialClass}
                  showErrors={Boolean(errors.appearance)}
                  scope={scope}
                  textures={entryTextures}
                />
              )}
            />
            <div
              className="material-preview"
              role="img"
              aria-label={`Preview of the material on ${spec ? `a ${spec.label.toLowerCase()}` : 'a box'}`}
              data-testid="material-preview"
            >
              <Suspense fallback={<div className="preview-fallback" />}>
                <MaterialPreview materialClass={materialClass} sizes={sizesOf(values)} appearance={values.appearance ?? []} textures={entryTextures} />
              </Suspense>
            </div>
          </div>
        )}

        <FormAlert message={errors.root?.server?.message} />
        <div className="dialog-actions wizard-actions">
          <button type="button" className="btn btn-ghost" disabled={step === 0} onClick={() => setStep(step - 1)}>
            Back
          </button>
          {last ? (
            <button
              type="submit"
              className="btn btn-primary"
              disabled={isSubmitting || readOnly}
              title={readOnly ? 'Only the team’s owners and editors may change materials.' : undefined}
            >
              {isSubmitting ? 'Saving…' : editing ? 'Done' : 'Finish'}
            </button>
          ) : (
            <button type="submit" className="btn btn-primary">
              Next
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
