import { z } from 'zod';
import { Id, Text, Timestamp } from '../common/ids';
import { listOf } from '../common/list';
import { MaterialParams } from './material';
import { RecordMeta, Scope } from './records';
import { Money, Quantity } from './units';
import { COMMON_MESSAGES } from '../common/messages';

/**
 * Catalog (spec 002 §2–§5, §7): the models a seller offers, each with a price and what making one unit
 * takes (its recipe, ADR 0027): material lines, service lines and a margin, which quotes and orders
 * price their bills from.
 */
export { CATALOG_NAME_MIN, CATALOG_NAME_TOO_SHORT, MODEL_ID_WRONG, MODEL_VIEW_DENIED } from './business.constants';

/** The model a catalog item offers, as the catalog shows it (copied from the workspace, kept fresh by its events). */
export const CatalogModel = z.object({
  id: Id,
  name: z.string(),
  preview: z.string().nullable(),
  author: z.object({ id: Id, fullName: z.string() }),
  /** False once the model was deleted in the workspace: the item stays, marked. */
  exists: z.boolean(),
});
export type CatalogModel = z.infer<typeof CatalogModel>;

/** A material line: how much of one material a unit takes, as a quantity or as class parameters (a cut piece). */
export const RecipeMaterialLine = z.object({ materialId: Id, quantity: Quantity.nullable().optional(), params: MaterialParams.nullable().optional() });
export const RecipeServiceLine = z.object({ serviceId: Id, quantity: Quantity, priceOptionId: z.string().max(40).nullable().optional() });
export const Recipe = z.object({
  materials: z.array(RecipeMaterialLine).max(200).default([]),
  services: z.array(RecipeServiceLine).max(200).default([]),
  /** Margin added on top of materials and services, in percent. */
  marginPercent: z.number().finite().min(0, COMMON_MESSAGES.notNegative).max(10_000).default(0),
});
export type Recipe = z.infer<typeof Recipe>;
export type RecipeInput = z.input<typeof Recipe>;

export const CatalogItem = z.object({
  ...RecordMeta,
  name: z.string(),
  modelId: Id,
  model: CatalogModel,
  /** US dollars per unit (0 when added from a model ID or the community). */
  price: Money,
  recipe: Recipe,
});
export type CatalogItem = z.infer<typeof CatalogItem>;
export const CatalogItemList = listOf(CatalogItem);
export type CatalogItemList = z.infer<typeof CatalogItemList>;

const CatalogName = Text(200, 'Must be at most 200 characters.');
/** POST /api/workspace/business-catalog: add a model (name defaults to the model's). */
export const AddCatalogItemBody = z.strictObject({ modelId: Id, name: CatalogName.optional(), price: Money.default(0), ...Scope });
export type AddCatalogItemBody = z.infer<typeof AddCatalogItemBody>;
export type AddCatalogItemInput = z.input<typeof AddCatalogItemBody>;
/** POST /api/workspace/business-catalog/create-multiple: add several (From workspace, Browse community). */
export const AddCatalogItemsBody = z.strictObject({ items: z.array(AddCatalogItemBody).min(1).max(100) });
export type AddCatalogItemsBody = z.infer<typeof AddCatalogItemsBody>;
export const AddedCatalogItems = z.object({ data: z.array(CatalogItem) });
/** PATCH /api/workspace/business-catalog/{id}: rename, reprice, or change the recipe. */
export const UpdateCatalogItemBody = z.strictObject({ name: CatalogName.optional(), price: Money.optional(), recipe: Recipe.optional() });
export type UpdateCatalogItemBody = z.infer<typeof UpdateCatalogItemBody>;
export type UpdateCatalogItemInput = z.input<typeof UpdateCatalogItemBody>;

/** The add-by-model-ID check (spec 002 §7 "isViewAllowed"): the preview when the caller may view it. */
export const CatalogModelLookup = z.object({ model: CatalogModel, alreadyInCatalog: z.boolean(), updatedAt: Timestamp });
export type CatalogModelLookup = z.infer<typeof CatalogModelLookup>;
/** Model ids as typed: 24 hexadecimal characters (spec 002 §5), any case; the scope says which catalog "already in" means. */
export const ModelIdLookupQuery = z.strictObject({ modelId: z.string().max(100), ...Scope });
