import { COMMON_MESSAGES, DEFAULT_UNITS, SERVICE_CLASS_KIND, TAGS_MAX } from '@kiln/contracts/constants';
import type { CreateServiceBody, MeasureKind, ServiceClass, Unit, UpdateServiceBody } from '@kiln/contracts';
import { DomainError } from '../shared/domain-error';
import type { RecordRules } from './business-record';
import { REQUIRED_MESSAGE, throwIfInvalid, trimmedOrNull, type FieldError } from './field-errors';
import { normalizeTags } from './material-rules';
import { MONEY_MESSAGES, toCents, type Cents } from './money';
import { MEASURE_KIND_LABELS, isUnitOfKind } from './units';

/**
 * Services (spec 002 §3–§5). The form clamps typed values to >= 0 (non-finite → 0) as the spec says;
 * the service refuses a negative price with the spec's sentence instead of changing what was sent
 * (ADR 0028), so a request never stores something other than what it said.
 */
export const SERVICE_MESSAGES = {
  required: REQUIRED_MESSAGE,
  unknownClass: 'Choose a service class from the list.',
  generalPriceRequired: 'General Price is required',
  price: MONEY_MESSAGES.notAmount,
  priceDecimals: COMMON_MESSAGES.twoDecimals,
  unitKind: (kind: MeasureKind) =>
    kind === 'count'
      ? 'Count-based services are priced for each piece: choose the unit each.'
      : `Choose a unit of ${MEASURE_KIND_LABELS[kind]}, such as ${DEFAULT_UNITS[kind]}.`,
  selectMaterial: 'Select at least one material',
  duplicateOptionId: 'Two price options have the same id.',
  tooManyTags: `At most ${TAGS_MAX} tags.`,
  classLocked: 'The service class cannot be changed once the service exists. Create a new service for another class.',
} as const;

export interface ServicePriceFields {
  cents: Cents;
  unit: Unit;
}
export interface PriceOptionFields {
  id: string;
  label: string;
  price: ServicePriceFields;
  material: string[];
}
/** A service's stored fields; money in cents. */
export interface ServiceFields {
  name: string;
  displayName: string | null;
  serviceClass: ServiceClass;
  code: string | null;
  serviceProvider: string | null;
  tags: string[];
  generalPrice: ServicePriceFields;
  prices: PriceOptionFields[];
}

/** A service as the dialog holds it: values may be missing; money in dollars as typed. */
export interface ServiceDraft {
  name?: string | null;
  displayName?: string | null;
  serviceClass?: string | null;
  code?: string | null;
  serviceProvider?: string | null;
  tags?: readonly string[] | null;
  generalPrice?: { value?: number | null; unit?: string | null } | null;
  prices?:
    | readonly {
        id?: string | null;
        label?: string | null;
        price?: { value?: number | null; unit?: string | null } | null;
        material?: readonly string[] | null;
      }[]
    | null;
}

const isServiceClass = (c: unknown): c is ServiceClass => typeof c === 'string' && Object.hasOwn(SERVICE_CLASS_KIND, c);

/** The unit a class's prices must have when the dialog starts (count-based: each). */
export function defaultServiceUnit(serviceClass: ServiceClass): Unit {
  return DEFAULT_UNITS[SERVICE_CLASS_KIND[serviceClass]];
}

function priceErrors(price: { value?: number | null; unit?: string | null }, kind: MeasureKind | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const v = price.value;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) errors.push({ path: `${path}.value`, message: SERVICE_MESSAGES.price });
  else if (Math.abs(toCents(v) - v * 100) > 1e-6) errors.push({ path: `${path}.value`, message: SERVICE_MESSAGES.priceDecimals });
  if (kind && !isUnitOfKind(price.unit, kind)) errors.push({ path: `${path}.unit`, message: SERVICE_MESSAGES.unitKind(kind) });
  return errors;
}

/** Every service rule; an empty list when the draft can be saved. */
export function serviceErrors(draft: ServiceDraft): FieldError[] {
  const errors: FieldError[] = [];
  if (!trimmedOrNull(draft.name)) errors.push({ path: 'name', message: SERVICE_MESSAGES.required });
  const cls = draft.serviceClass;
  if (!cls) errors.push({ path: 'serviceClass', message: SERVICE_MESSAGES.required });
  else if (!isServiceClass(cls)) errors.push({ path: 'serviceClass', message: SERVICE_MESSAGES.unknownClass });
  if (normalizeTags(draft.tags).length > TAGS_MAX) errors.push({ path: 'tags', message: SERVICE_MESSAGES.tooManyTags });
  const kind = isServiceClass(cls) ? SERVICE_CLASS_KIND[cls] : undefined;
  const general = draft.generalPrice;
  if (!general || general.value === null || general.value === undefined) errors.push({ path: 'generalPrice', message: SERVICE_MESSAGES.generalPriceRequired });
  else errors.push(...priceErrors(general, kind, 'generalPrice'));
  const seen = new Set<string>();
  (draft.prices ?? []).forEach((option, i) => {
    errors.push(...priceErrors(option.price ?? {}, kind, `prices.${i}.price`));
    if ((option.material ?? []).length === 0) errors.push({ path: `prices.${i}.material`, message: SERVICE_MESSAGES.selectMaterial });
    if (option.id) {
      if (seen.has(option.id)) errors.push({ path: `prices.${i}.id`, message: SERVICE_MESSAGES.duplicateOptionId });
      seen.add(option.id);
    }
  });
  return errors;
}

const OPTION_ID = /^opt-(\d+)$/;

/**
 * Ids for options that have none: `opt-N`, N counting on from the highest number already used by
 * `known` (the stored options) and the options themselves, so ids stay distinct and assignment is pure.
 */
export function assignOptionIds<O extends { id?: string | null }>(options: readonly O[], known: readonly { id: string }[] = []): (O & { id: string })[] {
  let next = 1 + Math.max(0, ...[...known, ...options].map((o) => Number(OPTION_ID.exec(o.id ?? '')?.[1] ?? 0)));
  return options.map((o) => ({ ...o, id: o.id ? o.id : `opt-${next++}` }));
}

/** Validated, normalised fields; throws DomainError('invalid') with every field error. */
export function serviceFieldsOf(draft: ServiceDraft, known: readonly { id: string }[] = []): ServiceFields {
  throwIfInvalid(serviceErrors(draft));
  const cents = (p: { value?: number | null; unit?: string | null }): ServicePriceFields => ({ cents: toCents(p.value!), unit: p.unit as Unit });
  return {
    name: trimmedOrNull(draft.name)!,
    displayName: trimmedOrNull(draft.displayName),
    serviceClass: draft.serviceClass as ServiceClass,
    code: trimmedOrNull(draft.code),
    serviceProvider: trimmedOrNull(draft.serviceProvider),
    tags: normalizeTags(draft.tags),
    generalPrice: cents(draft.generalPrice!),
    prices: assignOptionIds(draft.prices ?? [], known).map((o) => ({
      id: o.id,
      label: (o.label ?? '').trim(),
      price: cents(o.price!),
      material: [...new Set(o.material ?? [])],
    })),
  };
}

/** A stored service as a draft (for an update and the edit dialog); money back to dollars. */
export function serviceDraftOf(fields: ServiceFields): ServiceDraft {
  const dollars = (p: ServicePriceFields) => ({ value: p.cents / 100, unit: p.unit });
  return { ...fields, generalPrice: dollars(fields.generalPrice), prices: fields.prices.map((o) => ({ ...o, price: dollars(o.price) })) };
}

function withoutScope<T extends { teamId?: unknown; projectId?: unknown }>(body: T): Omit<T, 'teamId' | 'projectId'> {
  const { teamId: _t, projectId: _p, ...rest } = body;
  return rest;
}

export const serviceRules: RecordRules<ServiceFields, CreateServiceBody, UpdateServiceBody> = {
  type: 'service',
  notFound: 'This service does not exist.',
  create: (input) => serviceFieldsOf(withoutScope(input)),
  update(current, input) {
    if (input.serviceClass !== undefined && input.serviceClass !== current.serviceClass) {
      throw new DomainError('invalid', SERVICE_MESSAGES.classLocked, [{ path: 'serviceClass', message: SERVICE_MESSAGES.classLocked }]);
    }
    const draft: ServiceDraft = { ...serviceDraftOf(current) };
    for (const [key, value] of Object.entries(input)) if (value !== undefined) (draft as Record<string, unknown>)[key] = value;
    return serviceFieldsOf(draft, current.prices);
  },
};

/** Distinct materials linked by the price options (the list shows the count when above 0). */
export function distinctMaterialCount(fields: Pick<ServiceFields, 'prices'>): number {
  return new Set(fields.prices.flatMap((o) => o.material)).size;
}

/** Lowest and highest price (cents) over the general price and the options. */
export function priceRange(fields: Pick<ServiceFields, 'generalPrice' | 'prices'>): { min: Cents; max: Cents } {
  const all = [fields.generalPrice.cents, ...fields.prices.map((o) => o.price.cents)];
  return { min: Math.min(...all), max: Math.max(...all) };
}

// --- The dialog's helpers (spec 002 §4–§5) ---

/** A typed price value as the form keeps it: below 0 becomes 0, a non-number 0. */
export function clampPriceValue(value: number): number {
  return Number.isFinite(value) ? Math.max(0, value) : 0;
}

/** Adding a price option puts it at the top and selects it. */
export function addPriceOption<O>(options: readonly O[], option: O): { options: O[]; selected: number } {
  return { options: [option, ...options], selected: 0 };
}

/**
 * Deleting an option selects a neighbour: the one that moves into its place, else the one before it;
 * none (null) when no option is left. Deleting another option than the selected keeps the selection.
 */
export function deletePriceOption<O>(options: readonly O[], index: number, selected: number | null): { options: O[]; selected: number | null } {
  if (index < 0 || index >= options.length) return { options: [...options], selected };
  const rest = options.filter((_, i) => i !== index);
  if (rest.length === 0) return { options: rest, selected: null };
  if (selected === null) return { options: rest, selected: null };
  if (selected === index) return { options: rest, selected: Math.min(index, rest.length - 1) };
  return { options: rest, selected: selected > index ? selected - 1 : selected };
}

/** A new, empty price option for a class (count-based: unit each). */
export function newPriceOption(serviceClass: ServiceClass): { label: string; price: { value: number; unit: Unit }; material: string[] } {
  return { label: '', price: { value: 0, unit: defaultServiceUnit(serviceClass) }, material: [] };
}
