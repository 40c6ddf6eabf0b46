import { COMMON_MESSAGES, DEFAULT_UNITS, MATERIAL_CLASSES, PRICE_STRATEGY_KIND, TAGS_MAX } from '@kiln/contracts/constants';
import type {
  CreateMaterialBody,
  Direction,
  MaterialCategoryId,
  MaterialClassId,
  MeasureKind,
  PriceStrategyId,
  Quantity,
  Unit,
  UpdateMaterialBody,
} from '@kiln/contracts';
import { DomainError } from '../shared/domain-error';
import type { RecordRules } from './business-record';
import { appearanceErrors, normalizeAppearance, type AppearanceEntryInput } from './appearance';
import { REQUIRED_MESSAGE, throwIfInvalid, trimmedOrNull, type FieldError } from './field-errors';
import { materialParamErrors } from './material-params';
import { MONEY_MESSAGES, toCents, type Cents } from './money';
import { MEASURE_KIND_LABELS, isUnitOfKind } from './units';

/**
 * Materials (spec 002 §3–§5; ADR 0028). `materialErrors` holds every rule, for a half-filled wizard
 * (it takes loose values) and for the service alike; `materialRules` turns request bodies into stored
 * fields (money in cents) or throws DomainError('invalid', first message, every field error).
 */
export const MATERIAL_MESSAGES = {
  required: REQUIRED_MESSAGE,
  unknownClass: 'Choose a material class from the list.',
  strategyNotForClass: (classLabel: string, strategy: string) => `${classLabel} materials cannot be priced ${strategy}.`,
  unitKind: (kind: MeasureKind) =>
    kind === 'count'
      ? 'This is priced for each piece: choose the unit each.'
      : `Choose a unit of ${MEASURE_KIND_LABELS[kind]}, such as ${DEFAULT_UNITS[kind]}.`,
  price: MONEY_MESSAGES.notAmount,
  priceDecimals: COMMON_MESSAGES.twoDecimals,
  quantityRequired: COMMON_MESSAGES.quantityRequired,
  quantityNegative: COMMON_MESSAGES.quantityNegative,
  wholePieces: 'Enter a whole number of pieces.',
  scrapNegative: COMMON_MESSAGES.notNegative,
  scrapTooHigh: COMMON_MESSAGES.atMostHundredPercent,
  replenishNegative: COMMON_MESSAGES.notNegative,
  tooManyTags: `At most ${TAGS_MAX} tags.`,
  classLocked: 'The material class cannot be changed once the material exists. Create a new material for another class.',
} as const;

/** How a strategy reads in a sentence: "per length", "per piece". */
export const PRICE_STRATEGY_LABELS: Record<PriceStrategyId, string> = {
  'per-length': 'per length',
  'per-area': 'per area',
  'per-volume': 'per volume',
  'per-weight': 'per weight',
  'per-piece': 'per piece',
};

export interface StoredAppearanceEntry {
  mode: 'texture' | 'color';
  textureId: string | null;
  color: { hex: string; metallicity: number; roughness: number; opacity: number } | null;
  materialIndexDirection: Direction[];
}

/** A material's stored fields (the facts' `changes` carry these); money in cents. */
export interface MaterialFields {
  name: string;
  internalName: string;
  materialClass: MaterialClassId;
  partNumber: string | null;
  manufacturer: string | null;
  tags: string[];
  params: Record<string, Quantity>;
  price: { strategy: PriceStrategyId; unit: Unit; cents: Cents };
  quantityInStock: Quantity;
  scrapPercentage: number;
  timeToReplenish: { value: number; unit: 'd' };
  appearance: StoredAppearanceEntry[];
}

/** A material as a form holds it: anything may be missing or null; money in dollars as typed. */
export interface MaterialDraft {
  name?: string | null;
  internalName?: string | null;
  materialClass?: string | null;
  partNumber?: string | null;
  manufacturer?: string | null;
  tags?: readonly string[] | null;
  params?: Record<string, Quantity | null | undefined> | null;
  price?: { strategy?: string | null; unit?: string | null; price?: number | null } | null;
  quantityInStock?: { value?: number | null; unit?: string | null } | null;
  scrapPercentage?: number | null;
  timeToReplenish?: { value?: number | null; unit?: 'd' } | null;
  appearance?: readonly AppearanceEntryInput[] | null;
}

/** The wizard's steps in order (spec 002 §9) and the fields each one validates. */
export const MATERIAL_STEPS = [
  { id: 'creation', label: 'Name & Codes', fields: ['name', 'internalName', 'materialClass', 'partNumber', 'manufacturer', 'tags'] },
  { id: 'details', label: 'Sizes & Price', fields: ['params', 'price'] },
  { id: 'availability', label: 'Store & Times', fields: ['quantityInStock', 'scrapPercentage', 'timeToReplenish'] },
  { id: 'appearance', label: 'Color & Texture', fields: ['appearance'] },
] as const;
export type MaterialStepId = (typeof MATERIAL_STEPS)[number]['id'];

const isClass = (c: unknown): c is MaterialClassId => typeof c === 'string' && Object.hasOwn(MATERIAL_CLASSES, c);
const isFiniteNumber = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Tags as stored: trimmed, empties and repeats dropped (spec 002 §5). */
export function normalizeTags(tags: readonly string[] | null | undefined): string[] {
  return [...new Set((tags ?? []).map((t) => t.trim()).filter((t) => t.length > 0))];
}

/** Every material rule; an empty list when the draft can be saved. */
export function materialErrors(draft: MaterialDraft): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  if (!trimmedOrNull(draft.name)) add('name', MATERIAL_MESSAGES.required);
  if (!trimmedOrNull(draft.internalName)) add('internalName', MATERIAL_MESSAGES.required);
  const cls = draft.materialClass;
  if (cls === null || cls === undefined || cls === '') add('materialClass', MATERIAL_MESSAGES.required);
  else if (!isClass(cls)) add('materialClass', MATERIAL_MESSAGES.unknownClass);
  if (normalizeTags(draft.tags).length > TAGS_MAX) add('tags', MATERIAL_MESSAGES.tooManyTags);
  const spec = isClass(cls) ? MATERIAL_CLASSES[cls] : undefined;

  // Details: params of the class, then the price.
  if (spec) errors.push(...materialParamErrors(spec.id, draft.params));
  const strategy = draft.price?.strategy;
  if (!strategy) add('price.strategy', MATERIAL_MESSAGES.required);
  else if (!Object.hasOwn(PRICE_STRATEGY_KIND, strategy)) add('price.strategy', MATERIAL_MESSAGES.required);
  else if (spec && !spec.priceStrategies.includes(strategy as PriceStrategyId))
    add('price.strategy', MATERIAL_MESSAGES.strategyNotForClass(spec.label, PRICE_STRATEGY_LABELS[strategy as PriceStrategyId]));
  else {
    const kind = PRICE_STRATEGY_KIND[strategy as PriceStrategyId];
    if (!isUnitOfKind(draft.price?.unit, kind)) add('price.unit', MATERIAL_MESSAGES.unitKind(kind));
  }
  const price = draft.price?.price;
  if (!isFiniteNumber(price) || price < 0) add('price.price', MATERIAL_MESSAGES.price);
  else if (Math.abs(toCents(price) - price * 100) > 1e-6) add('price.price', MATERIAL_MESSAGES.priceDecimals);

  // Availability.
  const stock = draft.quantityInStock;
  if (stock?.value === null || stock?.value === undefined || !isFiniteNumber(stock.value)) add('quantityInStock.value', MATERIAL_MESSAGES.quantityRequired);
  else if (stock.value < 0) add('quantityInStock.value', MATERIAL_MESSAGES.quantityNegative);
  else if (spec?.stockKind === 'count' && !Number.isInteger(stock.value)) add('quantityInStock.value', MATERIAL_MESSAGES.wholePieces);
  if (spec && !isUnitOfKind(stock?.unit, spec.stockKind)) add('quantityInStock.unit', MATERIAL_MESSAGES.unitKind(spec.stockKind));
  const scrap = draft.scrapPercentage ?? 0;
  if (!isFiniteNumber(scrap) || scrap < 0) add('scrapPercentage', MATERIAL_MESSAGES.scrapNegative);
  else if (scrap > 100) add('scrapPercentage', MATERIAL_MESSAGES.scrapTooHigh);
  const replenish = draft.timeToReplenish?.value ?? 0;
  if (!isFiniteNumber(replenish) || replenish < 0) add('timeToReplenish.value', MATERIAL_MESSAGES.replenishNegative);

  // Appearance.
  errors.push(...appearanceErrors(draft.appearance ?? [], isClass(cls) ? cls : null));
  return errors;
}

/** The errors of one wizard step (Next moves on when it is empty). */
export function materialStepErrors(step: MaterialStepId, draft: MaterialDraft): FieldError[] {
  const fields: readonly string[] = MATERIAL_STEPS.find((s) => s.id === step)!.fields;
  return materialErrors(draft).filter((e) => fields.some((f) => e.path === f || e.path.startsWith(`${f}.`)));
}

/** A new material's draft for a class: its default pricing mode and units, no sizes yet. */
export function newMaterialDraft(materialClass: MaterialClassId): MaterialDraft {
  const spec = MATERIAL_CLASSES[materialClass];
  const strategy = spec.priceStrategies[0];
  return {
    materialClass,
    params: {},
    price: { strategy, unit: DEFAULT_UNITS[PRICE_STRATEGY_KIND[strategy]], price: null },
    quantityInStock: { value: null, unit: DEFAULT_UNITS[spec.stockKind] },
    scrapPercentage: 0,
    timeToReplenish: { value: 0, unit: 'd' },
  };
}

/** Changing the class of a new material clears its sizes and resets pricing and stock units (spec 002 §3). */
export function changeDraftClass(draft: MaterialDraft, materialClass: MaterialClassId): MaterialDraft {
  const fresh = newMaterialDraft(materialClass);
  return {
    ...draft,
    ...fresh,
    price: { ...fresh.price, price: draft.price?.price ?? null },
    quantityInStock: { ...fresh.quantityInStock, value: draft.quantityInStock?.value ?? null },
  };
}

/** What the inventory shows besides the fields: the stock kind, the shape family, in or out of stock. */
export function materialDerived(fields: Pick<MaterialFields, 'materialClass' | 'quantityInStock'>): {
  kind: MeasureKind;
  category: MaterialCategoryId;
  inStock: boolean;
} {
  const spec = MATERIAL_CLASSES[fields.materialClass];
  return { kind: spec.stockKind, category: spec.category, inStock: fields.quantityInStock.value > 0 };
}

/** A stored material as a draft (for an update, and for the edit dialog). Money back to dollars. */
export function materialDraftOf(fields: MaterialFields): MaterialDraft {
  const { cents, ...price } = fields.price;
  return { ...fields, price: { ...price, price: cents / 100 } };
}

/** Validated, normalised fields from a draft; throws DomainError('invalid') with every field error. */
export function materialFieldsOf(draft: MaterialDraft): MaterialFields {
  throwIfInvalid(materialErrors(draft));
  const d = draft as Required<MaterialDraft>;
  return {
    name: trimmedOrNull(d.name)!,
    internalName: trimmedOrNull(d.internalName)!,
    materialClass: d.materialClass as MaterialClassId,
    partNumber: trimmedOrNull(d.partNumber),
    manufacturer: trimmedOrNull(d.manufacturer),
    tags: normalizeTags(d.tags),
    params: Object.fromEntries(
      Object.entries(d.params ?? {})
        .filter((e): e is [string, Quantity] => !!e[1])
        .map(([k, q]) => [k, { value: q.value, unit: q.unit }]),
    ),
    price: { strategy: d.price!.strategy as PriceStrategyId, unit: d.price!.unit as Unit, cents: toCents(d.price!.price!) },
    quantityInStock: { value: d.quantityInStock!.value!, unit: d.quantityInStock!.unit as Unit },
    scrapPercentage: d.scrapPercentage ?? 0,
    timeToReplenish: { value: d.timeToReplenish?.value ?? 0, unit: 'd' },
    appearance: normalizeAppearance(d.appearance ?? []).map((e) => ({
      mode: e.mode,
      textureId: e.textureId ?? null,
      color: e.color ? { ...e.color } : null,
      materialIndexDirection: e.materialIndexDirection,
    })),
  };
}

function withoutScope<T extends { teamId?: unknown; projectId?: unknown }>(body: T): Omit<T, 'teamId' | 'projectId'> {
  const { teamId: _t, projectId: _p, ...rest } = body;
  return rest;
}

export const materialRules: RecordRules<MaterialFields, CreateMaterialBody, UpdateMaterialBody> = {
  type: 'material',
  notFound: 'This material does not exist.',
  create: (input) => materialFieldsOf(withoutScope(input)),
  update(current, input) {
    if (input.materialClass !== undefined && input.materialClass !== current.materialClass) {
      throw new DomainError('invalid', MATERIAL_MESSAGES.classLocked, [{ path: 'materialClass', message: MATERIAL_MESSAGES.classLocked }]);
    }
    const draft: MaterialDraft = { ...materialDraftOf(current) };
    for (const [key, value] of Object.entries(input)) if (value !== undefined) (draft as Record<string, unknown>)[key] = value;
    return materialFieldsOf(draft);
  },
};
