import type { AppearanceEntry, CreateMaterialInput, Material, UpdateMaterialInput } from '@kiln/contracts';
import {
  COMMON_MESSAGES,
  DEFAULT_UNITS,
  MATERIAL_CLASSES,
  PRICE_STRATEGY_KIND,
  TAGS_MAX,
  type MaterialClassId,
  type PriceStrategyId,
} from '@kiln/contracts/constants';
import { MATERIAL_MESSAGES, materialErrors, type FieldError, type MaterialDraft } from '@kiln/domain';
import type { MaterialScope } from './material-api';

/** The spec's sentences of the material wizard and the inline edit (spec 002 §5). */
export const MATERIAL_TEXTS = {
  required: COMMON_MESSAGES.required,
  quantityRequired: COMMON_MESSAGES.quantityRequired,
  quantityNegative: COMMON_MESSAGES.quantityNegative,
  priceNotPositive: COMMON_MESSAGES.positivePrice,
  /** Ours (the spec leaves class rules "not shown"): a required class parameter. */
  paramPositive: COMMON_MESSAGES.greaterThanZero,
  notNegative: COMMON_MESSAGES.notNegative,
  scrapTooHigh: COMMON_MESSAGES.atMostHundredPercent,
  twoDecimals: COMMON_MESSAGES.twoDecimals,
  tagsMax: MATERIAL_MESSAGES.tooManyTags,
} as const;

export { TAGS_MAX };

export interface QuantityField {
  value: string;
  unit: string;
}

/**
 * The wizard's values. Numbers are held as the text typed (an emptied field is '' rather than NaN) and become
 * numbers on the way out (toCreateBody / toUpdateBody).
 */
export interface MaterialFormValues {
  name: string;
  internalName: string;
  materialClass: MaterialClassId | '';
  partNumber: string;
  manufacturer: string;
  tags: string[];
  params: Record<string, QuantityField>;
  priceStrategy: PriceStrategyId | '';
  priceUnit: string;
  price: string;
  quantity: string;
  quantityUnit: string;
  scrapPercentage: string;
  timeToReplenish: string;
  appearance: AppearanceEntry[];
}

export const emptyMaterialForm = (): MaterialFormValues => ({
  name: '',
  internalName: '',
  materialClass: '',
  partNumber: '',
  manufacturer: '',
  tags: [],
  params: {},
  priceStrategy: '',
  priceUnit: '',
  price: '',
  quantity: '',
  quantityUnit: '',
  scrapPercentage: '0',
  timeToReplenish: '0',
  appearance: [],
});

/** The unit a price strategy is priced per, by default (per-piece: each). */
export const defaultPriceUnit = (strategy: PriceStrategyId) => DEFAULT_UNITS[PRICE_STRATEGY_KIND[strategy]];

/** A new material's class-dependent fields: empty parameters in their kind's default unit, the class's first price strategy, its stock unit. */
export function classDefaults(materialClass: MaterialClassId): Pick<MaterialFormValues, 'params' | 'priceStrategy' | 'priceUnit' | 'quantityUnit'> {
  const spec = MATERIAL_CLASSES[materialClass];
  const strategy = spec.priceStrategies[0];
  return {
    params: Object.fromEntries(spec.params.map((param) => [param.key, { value: '', unit: DEFAULT_UNITS[param.kind] }])),
    priceStrategy: strategy,
    priceUnit: defaultPriceUnit(strategy),
    quantityUnit: DEFAULT_UNITS[spec.stockKind],
  };
}

const text = (n: number | undefined | null) => (n === undefined || n === null ? '' : String(n));

/** An existing material in the wizard (Edit material). */
export function formOfMaterial(material: Material): MaterialFormValues {
  const spec = MATERIAL_CLASSES[material.materialClass];
  const params = Object.fromEntries(
    spec.params.map((param) => {
      const held = material.params[param.key];
      return [param.key, { value: text(held?.value), unit: held?.unit ?? DEFAULT_UNITS[param.kind] }];
    }),
  );
  return {
    name: material.name,
    internalName: material.internalName,
    materialClass: material.materialClass,
    partNumber: material.partNumber ?? '',
    manufacturer: material.manufacturer ?? '',
    tags: [...material.tags],
    params,
    priceStrategy: material.price.strategy,
    priceUnit: material.price.unit,
    price: material.price.price.toFixed(2),
    quantity: text(material.quantityInStock.value),
    quantityUnit: material.quantityInStock.unit,
    scrapPercentage: text(material.scrapPercentage),
    timeToReplenish: text(material.timeToReplenish.value),
    appearance: material.appearance.map((entry) => ({ ...entry })),
  };
}

/** A number typed into a field; undefined when empty or not a number. */
export function numberOf(value: string): number | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

// --- Field rules (the same sentences the service answers) ---

export const requiredText = (value: string) => value.trim().length > 0 || MATERIAL_TEXTS.required;

/** Price: a number, at least 0, at most two decimals. */
export function priceError(value: string): string | undefined {
  const n = numberOf(value);
  if (n === undefined || n < 0) return MATERIAL_TEXTS.priceNotPositive;
  if (Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return MATERIAL_TEXTS.twoDecimals;
  return undefined;
}

/** Quantity in stock: required, not negative (spec 002 §5). */
export function quantityError(value: string): string | undefined {
  if (!value.trim()) return MATERIAL_TEXTS.quantityRequired;
  const n = numberOf(value);
  if (n === undefined) return MATERIAL_TEXTS.quantityRequired;
  if (n < 0) return MATERIAL_TEXTS.quantityNegative;
  return undefined;
}

/** A class parameter: a required one above 0; an optional one empty or not negative. */
export function paramError(value: string, optional: boolean): string | undefined {
  const n = numberOf(value);
  if (!value.trim()) return optional ? undefined : MATERIAL_TEXTS.required;
  if (n === undefined) return MATERIAL_TEXTS.required;
  if (optional) return n < 0 ? MATERIAL_TEXTS.notNegative : undefined;
  return n > 0 ? undefined : MATERIAL_TEXTS.paramPositive;
}

export function scrapError(value: string): string | undefined {
  const n = numberOf(value);
  if (!value.trim()) return undefined;
  if (n === undefined || n < 0) return MATERIAL_TEXTS.notNegative;
  return n > 100 ? MATERIAL_TEXTS.scrapTooHigh : undefined;
}

export function daysError(value: string): string | undefined {
  const n = numberOf(value);
  if (!value.trim()) return undefined;
  return n === undefined || n < 0 ? MATERIAL_TEXTS.notNegative : undefined;
}

/** Tags (spec 002 §5): trimmed, empties and repeats dropped. */
export function cleanTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag.length > 0))];
}

// --- Out of the form ---

function paramsOf(values: MaterialFormValues): Record<string, { value: number; unit: string }> {
  if (!values.materialClass) return {};
  const entries = MATERIAL_CLASSES[values.materialClass].params.flatMap((param) => {
    const field = values.params[param.key];
    const n = field ? numberOf(field.value) : undefined;
    return n === undefined ? [] : [[param.key, { value: n, unit: field!.unit }] as const];
  });
  return Object.fromEntries(entries);
}

/** The appearance as stored: the texture object is display only and not sent. */
const appearanceOf = (entries: readonly AppearanceEntry[]) => entries.map(({ texture: _texture, ...entry }) => entry);

function fieldsOf(values: MaterialFormValues) {
  return {
    name: values.name.trim(),
    internalName: values.internalName.trim(),
    partNumber: values.partNumber.trim() || null,
    manufacturer: values.manufacturer.trim() || null,
    tags: cleanTags(values.tags),
    params: paramsOf(values),
    price: { strategy: values.priceStrategy as PriceStrategyId, unit: values.priceUnit, price: numberOf(values.price) ?? 0 },
    quantityInStock: { value: numberOf(values.quantity) ?? 0, unit: values.quantityUnit },
    scrapPercentage: numberOf(values.scrapPercentage) ?? 0,
    timeToReplenish: { value: numberOf(values.timeToReplenish) ?? 0, unit: 'd' as const },
    appearance: appearanceOf(values.appearance),
  };
}

export function toCreateBody(values: MaterialFormValues, scope: MaterialScope): CreateMaterialInput {
  return {
    ...fieldsOf(values),
    materialClass: values.materialClass as MaterialClassId,
    ...(scope.teamId ? { teamId: scope.teamId, ...(scope.projectId ? { projectId: scope.projectId } : {}) } : {}),
  } as CreateMaterialInput;
}

/** Edit material: every field of the form (the class is the material's own and is not sent). */
export function toUpdateBody(values: MaterialFormValues): UpdateMaterialInput {
  return fieldsOf(values) as UpdateMaterialInput;
}

// --- Shown in the list ---

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** US dollars, two decimals (spec 002 §9). */
export const formatDollars = (amount: number) => DOLLARS.format(amount);

/** How a unit reads after a number ("each" for pieces, "m²" for m2). */
export function unitLabel(unit: string): string {
  return unit
    .replace(/([a-zμ])2$/, '$1²')
    .replace(/([a-zμ])3$/, '$1³')
    .replace('fl_oz', 'fl oz');
}

export const priceText = (material: Pick<Material, 'price'>) => `${formatDollars(material.price.price)} / ${unitLabel(material.price.unit)}`;
export const quantityText = (material: Pick<Material, 'quantityInStock'>) => `${material.quantityInStock.value} ${unitLabel(material.quantityInStock.unit)}`;

// --- The domain's rules over the whole form (the same sentences as the service, ADR 0028) ---

/** The form as the domain's MaterialDraft: numbers as typed (empty is null, not-a-number NaN). */
export function draftOf(values: MaterialFormValues): MaterialDraft {
  const num = (value: string) => (value.trim() ? Number(value.trim()) : null);
  const params = Object.fromEntries(
    Object.entries(values.params).flatMap(([key, field]) => (field.value.trim() ? [[key, { value: Number(field.value.trim()), unit: field.unit }]] : [])),
  ) as MaterialDraft['params'];
  return {
    name: values.name,
    internalName: values.internalName,
    materialClass: values.materialClass || null,
    partNumber: values.partNumber,
    manufacturer: values.manufacturer,
    tags: values.tags,
    params,
    price: { strategy: values.priceStrategy || null, unit: values.priceUnit || null, price: num(values.price) },
    quantityInStock: { value: num(values.quantity), unit: values.quantityUnit || null },
    scrapPercentage: num(values.scrapPercentage) ?? 0,
    timeToReplenish: { value: num(values.timeToReplenish) ?? 0, unit: 'd' },
    appearance: values.appearance,
  };
}

/** A domain error path (`price.price`, `params.width`) as the form's field name (`price`, `params.width.value`). */
export function formPathOf(path: string): string {
  const fixed: Record<string, string> = {
    'price.strategy': 'priceStrategy',
    'price.unit': 'priceUnit',
    'price.price': 'price',
    'quantityInStock.value': 'quantity',
    'quantityInStock.unit': 'quantityUnit',
    'timeToReplenish.value': 'timeToReplenish',
  };
  if (fixed[path]) return fixed[path];
  const param = /^params\.([^.]+)(\.unit)?$/.exec(path);
  if (param) return `params.${param[1]}.${param[2] ? 'unit' : 'value'}`;
  if (path.startsWith('appearance')) return 'appearance';
  return path;
}

/** Every rule's message by form field (the first one each), and the appearance's own list. */
export function formErrorsOf(values: MaterialFormValues): { byField: Map<string, string>; appearance: FieldError[] } {
  const byField = new Map<string, string>();
  const appearance: FieldError[] = [];
  for (const error of materialErrors(draftOf(values))) {
    const field = formPathOf(error.path);
    if (field === 'appearance') appearance.push(error);
    else if (!byField.has(field)) byField.set(field, error.message);
  }
  return { byField, appearance };
}
