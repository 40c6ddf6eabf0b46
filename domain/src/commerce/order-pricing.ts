import { ORDER_MESSAGES, PRICE_STRATEGY_KIND } from '@kiln/contracts/constants';
import type { MaterialClassId, Quantity, ServiceClass, Unit } from '@kiln/contracts';
import type { RecipeFields } from './catalog-rules';
import type { MaterialFields } from './material-rules';
import { fromCents, multiplyCents, percentOfCents, sumCents, type Cents } from './money';
import type { ServiceFields } from './service-rules';
import { convertValue, unitKind } from './units';

/**
 * Pricing a quote from its catalog item's recipe (ADR 0027, ADR 0057): each material line priced with the
 * material's price strategy and scrap, each service line with its price option (or the general price), all in
 * integer cents (ADR 0030). One unit is priced line by line (each line rounded to the cent once); the order's
 * lines are those cents × quantity, so `materials + services + margin = totalPrice × quantity` exactly.
 * A line whose material or service is gone, or whose quantity cannot be put in the material's pricing unit,
 * is reported in `missing` and priced 0 — never dropped silently.
 */

export interface BillMaterialFields {
  id: string;
  name: string;
  internalName: string;
  materialClass: MaterialClassId;
  partNumber: string | null;
  manufacturer: string | null;
  params: Record<string, Quantity>;
  price: { strategy: MaterialFields['price']['strategy']; unit: Unit; cents: Cents };
  scrapPercentage: number;
}
export interface BillMaterialLineFields {
  material: BillMaterialFields;
  quantity: Quantity;
  cents: Cents;
  remainders: { id: string; width: number; height: number; cents: Cents }[];
}
export interface BillOfMaterialsFields {
  totalCents: Cents;
  groups: { materialClass: MaterialClassId; totalCents: Cents; materials: BillMaterialLineFields[] }[];
  createdDetails: { name: string; quantity: number }[];
}
export interface BillServiceLineFields {
  name: string;
  service: { id: string; name: string; serviceClass: ServiceClass };
  quantity: number;
  unitLabel: string;
  servicePriceCents: Cents;
  cents: Cents;
}
export interface BillOfServicesFields {
  totalCents: Cents;
  groups: { serviceClass: ServiceClass; totalCents: Cents; services: BillServiceLineFields[] }[];
  providedServices: { name: string; quantity: number; unitLabel: string }[];
}
export interface MissingLineFields {
  line: string;
  kind: 'material' | 'service';
  id: string;
  message: string;
}

/** What pricing a recipe gives: the bills for the whole quantity, the margin, and the calculated price of one unit. */
export interface Pricing {
  billOfMaterials: BillOfMaterialsFields;
  billOfServices: BillOfServicesFields;
  /** For the whole quantity. */
  marginCents: Cents;
  /** Per unit: materials + services + margin of one unit. */
  unitCents: Cents;
  missing: MissingLineFields[];
}

/** The records a recipe names, as the quote's scope holds them today (absent: gone). */
export interface PricingRefs {
  materials: ReadonlyMap<string, MaterialFields>;
  services: ReadonlyMap<string, ServiceFields>;
}

/** 12 significant digits: no binary noise in quantities shown on a bill. */
const tidy = (n: number) => Number(n.toPrecision(12));

/** A cut piece's measure in `unit` (its kind's: a count is one piece, an area width × length, …), or null. */
function pieceMeasure(params: Record<string, Quantity>, unit: Unit): number | null {
  const kind = unitKind(unit);
  const mm = (key: string) => (params[key] ? convertValue(params[key].value, params[key].unit, 'mm') : undefined);
  if (kind === 'count') return 1;
  if (kind === 'mass') return params.weightPerPiece ? convertValue(params.weightPerPiece.value, params.weightPerPiece.unit, unit) : null;
  const length = mm('length');
  const width = mm('width');
  const third = mm('thickness') ?? mm('depth') ?? mm('height');
  if (kind === 'length') return length !== undefined ? convertValue(length, 'mm', unit) : null;
  if (kind === 'area') {
    const other = length ?? mm('height');
    return width !== undefined && other !== undefined ? convertValue(width * other, 'mm2', unit) : null;
  }
  if (kind === 'volume') {
    const a = width;
    const b = length ?? mm('height');
    const c = length !== undefined ? third : (mm('depth') ?? mm('thickness'));
    return a !== undefined && b !== undefined && c !== undefined ? convertValue(a * b * c, 'mm3', unit) : null;
  }
  return null;
}

/** How much of the material's pricing unit one unit of the product takes (before scrap), or null when it cannot be said. */
export function materialAmount(line: RecipeFields['materials'][number], material: Pick<MaterialFields, 'price'>): number | null {
  const unit = material.price.unit;
  const kind = PRICE_STRATEGY_KIND[material.price.strategy];
  if (line.quantity) {
    if (unitKind(line.quantity.unit) !== kind) return null;
    return convertValue(line.quantity.value, line.quantity.unit, unit);
  }
  if (line.params) return pieceMeasure(line.params, unit);
  return null;
}

/** Prices a recipe for `quantity` units of the product named `productName`. */
export function priceRecipe(recipe: RecipeFields, quantity: number, refs: PricingRefs, productName: string): Pricing {
  const missing: MissingLineFields[] = [];
  const materialGroups = new Map<MaterialClassId, BillMaterialLineFields[]>();
  let unitMaterials = 0;
  recipe.materials.forEach((line, i) => {
    const material = refs.materials.get(line.materialId);
    if (!material) {
      missing.push({ line: `materials.${i}`, kind: 'material', id: line.materialId, message: ORDER_MESSAGES.materialGone });
      return;
    }
    const amount = materialAmount(line, material);
    if (amount === null) {
      missing.push({ line: `materials.${i}`, kind: 'material', id: line.materialId, message: ORDER_MESSAGES.lineUnpriceable });
      return;
    }
    const withScrap = amount * (1 + material.scrapPercentage / 100);
    const unitLine = multiplyCents(material.price.cents, withScrap);
    unitMaterials += unitLine;
    const bill: BillMaterialLineFields = {
      material: {
        id: line.materialId,
        name: material.name,
        internalName: material.internalName,
        materialClass: material.materialClass,
        partNumber: material.partNumber,
        manufacturer: material.manufacturer,
        params: line.params ?? material.params,
        price: { ...material.price },
        scrapPercentage: material.scrapPercentage,
      },
      quantity: { value: tidy(withScrap * quantity), unit: material.price.unit },
      cents: unitLine * quantity,
      remainders: [],
    };
    materialGroups.set(material.materialClass, [...(materialGroups.get(material.materialClass) ?? []), bill]);
  });

  const serviceGroups = new Map<ServiceClass, BillServiceLineFields[]>();
  let unitServices = 0;
  recipe.services.forEach((line, i) => {
    const service = refs.services.get(line.serviceId);
    if (!service) {
      missing.push({ line: `services.${i}`, kind: 'service', id: line.serviceId, message: ORDER_MESSAGES.serviceGone });
      return;
    }
    const option = line.priceOptionId ? service.prices.find((p) => p.id === line.priceOptionId) : undefined;
    if (line.priceOptionId && !option) missing.push({ line: `services.${i}`, kind: 'service', id: line.serviceId, message: ORDER_MESSAGES.optionGone });
    const price = option?.price ?? service.generalPrice;
    let amount: number;
    try {
      amount = convertValue(line.quantity.value, line.quantity.unit, price.unit);
    } catch {
      missing.push({ line: `services.${i}`, kind: 'service', id: line.serviceId, message: ORDER_MESSAGES.lineUnpriceable });
      return;
    }
    const unitLine = multiplyCents(price.cents, amount);
    unitServices += unitLine;
    const name = service.displayName ?? service.name;
    const bill: BillServiceLineFields = {
      name,
      service: { id: line.serviceId, name: service.name, serviceClass: service.serviceClass },
      quantity: tidy(amount * quantity),
      unitLabel: price.unit,
      servicePriceCents: price.cents,
      cents: unitLine * quantity,
    };
    serviceGroups.set(service.serviceClass, [...(serviceGroups.get(service.serviceClass) ?? []), bill]);
  });

  const unitMargin = percentOfCents(unitMaterials + unitServices, recipe.marginPercent);
  const materials = [...materialGroups].map(([materialClass, lines]) => ({ materialClass, totalCents: sumCents(lines.map((l) => l.cents)), materials: lines }));
  const services = [...serviceGroups].map(([serviceClass, lines]) => ({ serviceClass, totalCents: sumCents(lines.map((l) => l.cents)), services: lines }));
  return {
    billOfMaterials: {
      totalCents: unitMaterials * quantity,
      groups: materials,
      createdDetails: [{ name: productName, quantity }],
    },
    billOfServices: {
      totalCents: unitServices * quantity,
      groups: services,
      providedServices: services.flatMap((g) => g.services.map((s) => ({ name: s.name, quantity: s.quantity, unitLabel: s.unitLabel }))),
    },
    marginCents: unitMargin * quantity,
    unitCents: unitMaterials + unitServices + unitMargin,
    missing,
  };
}

/** The bills as the contracts read them (dollars). */
export function presentBillOfMaterials(bill: BillOfMaterialsFields) {
  return {
    total: fromCents(bill.totalCents),
    groups: bill.groups.map((g) => ({
      materialClass: g.materialClass,
      total: fromCents(g.totalCents),
      materials: g.materials.map((l) => ({
        material: {
          ...l.material,
          price: { strategy: l.material.price.strategy, unit: l.material.price.unit, price: fromCents(l.material.price.cents) },
        },
        quantity: l.quantity,
        price: fromCents(l.cents),
        remainders: l.remainders.map((r) => ({ id: r.id, width: r.width, height: r.height, price: fromCents(r.cents) })),
      })),
    })),
    createdDetails: bill.createdDetails,
  };
}

export function presentBillOfServices(bill: BillOfServicesFields) {
  return {
    total: fromCents(bill.totalCents),
    groups: bill.groups.map((g) => ({
      serviceClass: g.serviceClass,
      total: fromCents(g.totalCents),
      services: g.services.map((s) => ({
        name: s.name,
        service: s.service,
        quantity: s.quantity,
        unitLabel: s.unitLabel,
        servicePrice: fromCents(s.servicePriceCents),
        price: fromCents(s.cents),
      })),
    })),
    providedServices: bill.providedServices,
  };
}

/** An empty bill (an order from an outside store has none). */
export const EMPTY_BILLS = {
  billOfMaterials: { totalCents: 0, groups: [], createdDetails: [] } as BillOfMaterialsFields,
  billOfServices: { totalCents: 0, groups: [], providedServices: [] } as BillOfServicesFields,
};
