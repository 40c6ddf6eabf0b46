import {
  CATALOG_NAME_MIN,
  CATALOG_NAME_TOO_SHORT,
  COMMON_MESSAGES,
  MATERIAL_CLASSES,
  MODEL_ID_WRONG,
  PRICE_STRATEGY_KIND,
  SERVICE_CLASS_KIND,
} from '@kiln/contracts/constants';
import type { AddCatalogItemBody, CatalogModel, MaterialClassId, MeasureKind, Quantity, ServiceClass, UpdateCatalogItemBody } from '@kiln/contracts';
import type { RecordRules } from './business-record';
import { throwIfInvalid, type FieldError } from './field-errors';
import { materialParamErrors } from './material-params';
import { MONEY_MESSAGES, toCents, type Cents } from './money';
import { MEASURE_KIND_LABELS, unitKind } from './units';

/**
 * Catalog items (spec 002 §2–§5; recipe: ADR 0027). The service looks the model up in the workspace
 * before a create and passes its copy in; a recipe is checked against the materials and services it
 * names when the service passes them (`refs`), otherwise only its own shape is checked.
 */
export const CATALOG_MESSAGES = {
  nameTooShort: CATALOG_NAME_TOO_SHORT,
  modelWrong: MODEL_ID_WRONG,
  price: MONEY_MESSAGES.notAmount,
  priceDecimals: COMMON_MESSAGES.twoDecimals,
  lineEmpty: "Enter a quantity or the piece's sizes.",
  positive: COMMON_MESSAGES.greaterThanZero,
  marginNegative: COMMON_MESSAGES.notNegative,
  materialGone: 'This material no longer exists.',
  serviceGone: 'This service no longer exists.',
  optionGone: 'This price option no longer exists.',
  // An Undo of a removal after the same model was added to that catalog again (ADR 0049).
  inCatalogAgain: 'This model is in the catalog again already, so its removal cannot be undone.',
  unitKinds: (kinds: readonly MeasureKind[]) => `Choose a unit of ${kinds.map((k) => MEASURE_KIND_LABELS[k]).join(' or ')}.`,
} as const;

export interface RecipeMaterialLineFields {
  materialId: string;
  quantity: Quantity | null;
  params: Record<string, Quantity> | null;
}
export interface RecipeServiceLineFields {
  serviceId: string;
  quantity: Quantity;
  priceOptionId: string | null;
}
export interface RecipeFields {
  materials: RecipeMaterialLineFields[];
  services: RecipeServiceLineFields[];
  marginPercent: number;
}
/** A catalog item's stored fields; money in cents. */
export interface CatalogFields {
  name: string;
  modelId: string;
  model: CatalogModel;
  priceCents: Cents;
  recipe: RecipeFields;
}

/** What the recipe's lines name, as the service found them (absent ids are gone). */
export interface RecipeRefs {
  materials: ReadonlyMap<string, { materialClass: MaterialClassId }>;
  services: ReadonlyMap<string, { serviceClass: ServiceClass; optionIds: readonly string[] }>;
}

/** A create: the request and the model copy the service looked up (null when none was found). */
export interface CatalogCreateInput {
  body: AddCatalogItemBody;
  model: CatalogModel | null;
  refs?: RecipeRefs;
}
/** An update: the request's changes; `model` when the workspace's model changed (its events keep the copy fresh). */
export interface CatalogUpdateInput {
  changes: UpdateCatalogItemBody;
  model?: CatalogModel;
  refs?: RecipeRefs;
}

const MODEL_ID = /^[0-9a-f]{24}$/i;

/** A typed model id, trimmed and lower-cased, or null when it is not 24 hexadecimal characters. */
export function normalizeModelId(typed: string | null | undefined): string | null {
  const trimmed = (typed ?? '').trim();
  return MODEL_ID.test(trimmed) ? trimmed.toLowerCase() : null;
}

/** The rename rule: trimmed, at least 3 characters. */
export function catalogNameErrors(name: string | null | undefined, path = 'name'): FieldError[] {
  return (name ?? '').trim().length >= CATALOG_NAME_MIN ? [] : [{ path, message: CATALOG_MESSAGES.nameTooShort }];
}

function priceErrors(price: number | null | undefined, path: string): FieldError[] {
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return [{ path, message: CATALOG_MESSAGES.price }];
  if (Math.abs(toCents(price) - price * 100) > 1e-6) return [{ path, message: CATALOG_MESSAGES.priceDecimals }];
  return [];
}

/** The kinds a material line's quantity may be in: the class's stock kind and its pricing modes' kinds. */
export function materialLineKinds(materialClass: MaterialClassId): MeasureKind[] {
  const spec = MATERIAL_CLASSES[materialClass];
  return [...new Set([spec.stockKind, ...spec.priceStrategies.map((s) => PRICE_STRATEGY_KIND[s])])];
}

type RecipeLike = {
  materials?: readonly { materialId: string; quantity?: Quantity | null; params?: Record<string, Quantity> | null }[];
  services?: readonly { serviceId: string; quantity: Quantity; priceOptionId?: string | null }[];
  marginPercent?: number;
};

/** Every recipe rule; paths under `recipe.`. */
export function recipeErrors(recipe: RecipeLike, refs?: RecipeRefs, prefix = 'recipe'): FieldError[] {
  const errors: FieldError[] = [];
  const quantityErrors = (q: Quantity, kinds: readonly MeasureKind[] | null, path: string) => {
    if (!Number.isFinite(q.value) || q.value <= 0) errors.push({ path: `${path}.value`, message: CATALOG_MESSAGES.positive });
    const kind = unitKind(q.unit);
    if (kinds && (!kind || !kinds.includes(kind))) errors.push({ path: `${path}.unit`, message: CATALOG_MESSAGES.unitKinds(kinds) });
  };
  (recipe.materials ?? []).forEach((line, i) => {
    const at = `${prefix}.materials.${i}`;
    const material = refs?.materials.get(line.materialId);
    if (refs && !material) errors.push({ path: `${at}.materialId`, message: CATALOG_MESSAGES.materialGone });
    if (!line.quantity && !line.params) errors.push({ path: at, message: CATALOG_MESSAGES.lineEmpty });
    if (line.quantity) quantityErrors(line.quantity, material ? materialLineKinds(material.materialClass) : null, `${at}.quantity`);
    if (line.params && material) errors.push(...materialParamErrors(material.materialClass, line.params, `${at}.params`));
  });
  (recipe.services ?? []).forEach((line, i) => {
    const at = `${prefix}.services.${i}`;
    const service = refs?.services.get(line.serviceId);
    if (refs && !service) errors.push({ path: `${at}.serviceId`, message: CATALOG_MESSAGES.serviceGone });
    quantityErrors(line.quantity, service ? [SERVICE_CLASS_KIND[service.serviceClass]] : null, `${at}.quantity`);
    if (service && line.priceOptionId && !service.optionIds.includes(line.priceOptionId))
      errors.push({ path: `${at}.priceOptionId`, message: CATALOG_MESSAGES.optionGone });
  });
  const margin = recipe.marginPercent ?? 0;
  if (!Number.isFinite(margin) || margin < 0) errors.push({ path: `${prefix}.marginPercent`, message: CATALOG_MESSAGES.marginNegative });
  return errors;
}

function recipeFieldsOf(recipe: RecipeLike): RecipeFields {
  return {
    materials: (recipe.materials ?? []).map((l) => ({ materialId: l.materialId, quantity: l.quantity ?? null, params: l.params ?? null })),
    services: (recipe.services ?? []).map((l) => ({ serviceId: l.serviceId, quantity: l.quantity, priceOptionId: l.priceOptionId ?? null })),
    marginPercent: recipe.marginPercent ?? 0,
  };
}

/** Every create rule (the model must exist, match the id, and the name default to its own). */
export function catalogCreateErrors(input: CatalogCreateInput): FieldError[] {
  const modelId = normalizeModelId(input.body.modelId);
  const errors: FieldError[] = [];
  if (!modelId || !input.model || !input.model.exists || input.model.id.toLowerCase() !== modelId)
    errors.push({ path: 'modelId', message: CATALOG_MESSAGES.modelWrong });
  // Without a model there is no name to default to: the model error alone is told.
  const name = input.body.name ?? input.model?.name;
  if (name !== undefined) errors.push(...catalogNameErrors(name));
  errors.push(...priceErrors(input.body.price ?? 0, 'price'));
  return errors;
}

export const catalogRules: RecordRules<CatalogFields, CatalogCreateInput, CatalogUpdateInput> = {
  type: 'catalog-item',
  notFound: 'This catalog item does not exist.',
  create(input) {
    throwIfInvalid(catalogCreateErrors(input));
    const model = input.model!;
    return {
      name: (input.body.name ?? model.name).trim(),
      modelId: normalizeModelId(input.body.modelId)!,
      model: { ...model, id: model.id.toLowerCase() },
      priceCents: toCents(input.body.price ?? 0),
      recipe: recipeFieldsOf({}),
    };
  },
  update(current, input) {
    const { changes } = input;
    const errors: FieldError[] = [];
    if (changes.name !== undefined) errors.push(...catalogNameErrors(changes.name));
    if (changes.price !== undefined) errors.push(...priceErrors(changes.price, 'price'));
    if (changes.recipe !== undefined) errors.push(...recipeErrors(changes.recipe, input.refs));
    throwIfInvalid(errors);
    return {
      name: changes.name !== undefined ? changes.name.trim() : current.name,
      modelId: current.modelId,
      model: input.model ? { ...input.model, id: current.modelId } : current.model,
      priceCents: changes.price !== undefined ? toCents(changes.price) : current.priceCents,
      recipe: changes.recipe !== undefined ? recipeFieldsOf(changes.recipe) : current.recipe,
    };
  },
};
