import { z } from 'zod';
import { Id, Text } from '../common/ids';
import { jsonParam, listOf } from '../common/list';
import { ALL_DIRECTIONS, APPEARANCE_DIRECTIONS, MATERIAL_CATEGORIES, MATERIAL_CLASS_VALUES, PRICE_STRATEGIES } from './material-classes';
import { BusinessWhere, RecordMeta, Scope, Tags } from './records';
import { Money, Quantity, UnitId } from './units';
import { COMMON_MESSAGES } from '../common/messages';

/**
 * Materials inventory (spec 002 §2–§5). The schemas bound shapes and sizes; the rules people read
 * ("This field is required", the appearance rules, each class's parameters) live in
 * domain/src/commerce and run in the wizard and in the service alike.
 */
export const REQUIRED = COMMON_MESSAGES.required;
export const requiredText = (max: number) => z.string({ error: REQUIRED }).pipe(Text(max, `Must be at most ${max} characters.`));

export const MaterialClass = z.enum(MATERIAL_CLASS_VALUES, { error: REQUIRED });
export const PriceStrategy = z.enum(PRICE_STRATEGIES, { error: REQUIRED });
export const MaterialCategory = z.enum(MATERIAL_CATEGORIES);

/** `price` of a material: how it is priced (strategy), per which unit, and the amount in US dollars. */
export const MaterialPrice = z.object({ strategy: PriceStrategy, unit: UnitId, price: Money });
export type MaterialPrice = z.infer<typeof MaterialPrice>;

export const Direction = z.enum([...APPEARANCE_DIRECTIONS, ALL_DIRECTIONS]);
export type Direction = z.infer<typeof Direction>;
const unit = z.number().finite().min(0, 'Must be between 0 and 1.').max(1, 'Must be between 0 and 1.');
export const AppearanceColor = z.object({
  hex: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1A2B3C.'),
  metallicity: unit,
  roughness: unit,
  opacity: unit,
});
export type AppearanceColor = z.infer<typeof AppearanceColor>;
/**
 * The texture an entry shows, as the editor holds it (display only: its name and its preview image's media id). The
 * service keeps only `textureId`; the editor reads the texture from the workspace (ADR 0064).
 */
export const AppearanceTexture = z.object({ id: Id, name: z.string(), preview: z.string().nullable() });
export const AppearanceEntry = z.object({
  mode: z.enum(['texture', 'color']),
  // Missing means none: the domain's rules then answer with the spec's sentence ('For texture mode, textureId is required').
  textureId: Id.nullable().default(null),
  texture: AppearanceTexture.nullable().optional(),
  color: AppearanceColor.nullable().default(null),
  materialIndexDirection: z.array(Direction).max(7),
});
export type AppearanceEntry = z.infer<typeof AppearanceEntry>;
/** Mono (1 entry), Two-toned (2: Main faces, Sides), Custom (3: Top face, Bottom face, Sides). */
export const Appearance = z.array(AppearanceEntry).max(3, 'At most 3 appearance entries.');

/** Class parameters: `{ width: { value: 2, unit: 'mm' }, … }`, keys as MATERIAL_CLASSES lists them. */
export const MaterialParams = z.record(z.string().max(40), Quantity);
export type MaterialParams = z.infer<typeof MaterialParams>;

/** Quantity in stock with the spec's sentences (spec 002 §5: "Quantity is required", "Quantity cannot be negative"). */
export const StockQuantity = z.object(
  {
    value: z
      .number({ error: COMMON_MESSAGES.quantityRequired })
      .finite(COMMON_MESSAGES.quantityRequired)
      .min(0, COMMON_MESSAGES.quantityNegative)
      .max(1e12, 'This number is too large.'),
    unit: UnitId,
  },
  { error: COMMON_MESSAGES.quantityRequired },
);

const MaterialFields = {
  name: requiredText(200),
  internalName: requiredText(200),
  materialClass: MaterialClass,
  partNumber: Text(200).nullable().optional(),
  manufacturer: Text(200).nullable().optional(),
  tags: Tags.default([]),
  params: MaterialParams.default({}),
  price: MaterialPrice,
  quantityInStock: StockQuantity,
  scrapPercentage: z.number().finite().min(0, COMMON_MESSAGES.notNegative).max(100, COMMON_MESSAGES.atMostHundredPercent).default(0),
  /** Days to replenish (the unit is fixed). */
  timeToReplenish: z
    .object({ value: z.number().finite().min(0, COMMON_MESSAGES.notNegative).max(36500), unit: z.literal('d') })
    .default({ value: 0, unit: 'd' }),
  appearance: Appearance.default([]),
};

/** POST /api/workspace/business-material: the four wizard steps' values. */
export const CreateMaterialBody = z.strictObject({ ...MaterialFields, ...Scope });
export type CreateMaterialBody = z.infer<typeof CreateMaterialBody>;
export type CreateMaterialInput = z.input<typeof CreateMaterialBody>;

/**
 * PATCH /api/workspace/business-material/{id}: any fields; `materialClass` may be sent but must be the
 * material's own (the class is locked once created). Inline edit sends `price` and/or `quantityInStock`.
 */
export const UpdateMaterialBody = z.strictObject({
  name: MaterialFields.name.optional(),
  internalName: MaterialFields.internalName.optional(),
  materialClass: MaterialClass.optional(),
  partNumber: MaterialFields.partNumber,
  manufacturer: MaterialFields.manufacturer,
  tags: Tags.optional(),
  params: MaterialParams.optional(),
  price: MaterialPrice.optional(),
  quantityInStock: StockQuantity.optional(),
  scrapPercentage: z.number().finite().min(0, COMMON_MESSAGES.notNegative).max(100, COMMON_MESSAGES.atMostHundredPercent).optional(),
  timeToReplenish: z.object({ value: z.number().finite().min(0, COMMON_MESSAGES.notNegative).max(36500), unit: z.literal('d') }).optional(),
  appearance: Appearance.optional(),
});
export type UpdateMaterialBody = z.infer<typeof UpdateMaterialBody>;
export type UpdateMaterialInput = z.input<typeof UpdateMaterialBody>;

/** A material as read (the editor's fields plus the inventory list entry's kind, category and avatar). */
export const Material = z.object({
  ...RecordMeta,
  name: z.string(),
  internalName: z.string(),
  materialClass: MaterialClass,
  partNumber: z.string().nullable(),
  manufacturer: z.string().nullable(),
  tags: z.array(z.string()),
  params: MaterialParams,
  price: MaterialPrice,
  quantityInStock: Quantity,
  scrapPercentage: z.number(),
  timeToReplenish: z.object({ value: z.number(), unit: z.literal('d') }),
  appearance: z.array(AppearanceEntry),
  /** What quantityInStock counts (the class's stock kind). */
  kind: z.string(),
  category: MaterialCategory,
  avatar: z.string().nullable(),
  /** In stock when quantityInStock.value > 0 (the inventory's two groups). */
  inStock: z.boolean(),
});
export type Material = z.infer<typeof Material>;
export const MaterialList = listOf(Material);
export type MaterialList = z.infer<typeof MaterialList>;

/** GET /api/workspace/business-material/material-tree (spec 002 §3 "Material tree for service linking"). */
export const MaterialTree = z.object({
  data: z.array(
    z.object({
      materialClass: MaterialClass,
      categories: z.array(
        z.object({
          materialCategoryId: z.string(),
          label: z.string(),
          children: z.array(z.object({ value: Id, label: z.string(), avatar: z.string().nullable(), internalName: z.string() })),
        }),
      ),
    }),
  ),
});
export type MaterialTree = z.infer<typeof MaterialTree>;
export const MaterialTreeQuery = z.strictObject({ where: jsonParam(BusinessWhere.pick({ teamId: true, projectId: true })).optional() });
