import { Material, MaterialClassId } from '@kiln/contracts';
import { fromCents, materialDerived, MaterialFields, materialRules } from '@kiln/domain';
import { BusinessRecordType, presentMeta } from '../business-records/record-type';

/** The avatar of a material in lists and trees: its first colour (a texture's preview is the web's to fetch). */
export function materialAvatar(fields: Pick<MaterialFields, 'appearance'>): string | null {
  return fields.appearance.find((e) => e.mode === 'color' && e.color)?.color?.hex ?? null;
}

/** Stored material fields as JSON: money back to dollars (any key may be missing or null in a change). */
function presentFields(fields: Partial<MaterialFields>): Record<string, unknown> {
  const { price, ...rest } = fields;
  if (price === undefined) return rest;
  return { ...rest, price: price === null ? null : { strategy: price.strategy, unit: price.unit, price: fromCents(price.cents) } };
}

/** Materials as business records (spec 002 §2–§5; ADR 0029). */
export const materialType: BusinessRecordType<
  MaterialFields,
  Parameters<typeof materialRules.create>[0],
  Parameters<typeof materialRules.update>[1],
  Material
> = {
  rules: materialRules,
  events: {
    created: 'commerce.material.created.v1',
    updated: 'commerce.material.updated.v1',
    deleted: 'commerce.material.deleted.v1',
    restored: 'commerce.material.restored.v1',
  },
  view: 'business_material_view',
  presentFields,
  present(state) {
    const f = state.fields;
    const derived = materialDerived(f);
    return {
      ...presentMeta(state),
      name: f.name,
      internalName: f.internalName,
      materialClass: f.materialClass,
      partNumber: f.partNumber,
      manufacturer: f.manufacturer,
      tags: f.tags,
      params: f.params,
      price: { strategy: f.price.strategy, unit: f.price.unit, price: fromCents(f.price.cents) },
      quantityInStock: f.quantityInStock,
      scrapPercentage: f.scrapPercentage,
      timeToReplenish: f.timeToReplenish,
      appearance: f.appearance.map((e) => ({ mode: e.mode, textureId: e.textureId, color: e.color, materialIndexDirection: e.materialIndexDirection })),
      kind: derived.kind,
      category: derived.category,
      avatar: materialAvatar(f),
      inStock: derived.inStock,
    };
  },
  tags: (m) => m.tags,
  priceCents: (m) => Math.round(m.price.price * 100),
  viewColumns: (m) => ({ material_class: m.materialClass as MaterialClassId, in_stock: m.inStock }),
};
