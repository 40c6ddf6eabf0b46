import type { CatalogItem, Material, Quantity, RecipeInput, Service } from '@kiln/contracts';
import { DEFAULT_UNITS, MATERIAL_CLASSES, UNITS } from '@kiln/contracts/constants';
import { CATALOG_MESSAGES, materialLineKinds, recipeErrors, type RecipeRefs } from '@kiln/domain';

type Kind = keyof typeof UNITS;

/** Each service class's measure kind (spec 002 §3; contracts SERVICE_CLASS_KIND, kept here free of schema code). */
export const SERVICE_KIND: Record<Service['serviceClass'], Kind> = {
  'count-based-service': 'count',
  'length-based-service': 'length',
  'area-based-service': 'area',
  'volume-based-service': 'volume',
  'weight-based-service': 'mass',
  'time-based-service': 'time',
};

/** A line as the form holds it: numbers as typed (strings), so a half-typed value does not jump. */
export interface MaterialLineForm {
  materialId: string;
  mode: 'quantity' | 'params';
  value: string;
  unit: string;
  params: Record<string, { value: string; unit: string }>;
}
export interface ServiceLineForm {
  serviceId: string;
  value: string;
  unit: string;
  priceOptionId: string;
}
export interface RecipeForm {
  price: string;
  materials: MaterialLineForm[];
  services: ServiceLineForm[];
  marginPercent: string;
}

/** The units a material line's quantity may be in: its class's stock kind and pricing modes' kinds (domain rule). */
export function materialUnits(material: Pick<Material, 'materialClass'> | undefined): readonly string[] {
  return material ? materialLineKinds(material.materialClass).flatMap((kind) => UNITS[kind as Kind]) : UNITS.count;
}
export const serviceUnits = (service: Pick<Service, 'serviceClass'> | undefined): readonly string[] =>
  UNITS[service ? SERVICE_KIND[service.serviceClass] : 'count'];
export const paramSpecs = (material: Pick<Material, 'materialClass'> | undefined) => (material ? MATERIAL_CLASSES[material.materialClass].params : []);

const text = (n: number | undefined | null) => (n === undefined || n === null || !Number.isFinite(n) ? '' : String(n));

export function toForm(item: CatalogItem): RecipeForm {
  return {
    price: item.price.toFixed(2),
    marginPercent: text(item.recipe.marginPercent),
    materials: item.recipe.materials.map((line) => ({
      materialId: line.materialId,
      mode: line.params && Object.keys(line.params).length ? 'params' : 'quantity',
      value: text(line.quantity?.value),
      unit: line.quantity?.unit ?? '',
      params: Object.fromEntries(Object.entries(line.params ?? {}).map(([key, q]) => [key, { value: text(q.value), unit: q.unit }])),
    })),
    services: item.recipe.services.map((line) => ({
      serviceId: line.serviceId,
      value: text(line.quantity.value),
      unit: line.quantity.unit,
      priceOptionId: line.priceOptionId ?? '',
    })),
  };
}

/** Clamped to >= 0; anything not a finite number is 0 (the service checks again). */
export function amount(value: string): number {
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : 0;
}
const money = (value: string) => Math.round(amount(value) * 100) / 100;

export interface RecipeProblems {
  price?: string;
  /** By line: `m0`, `s1`; each line's messages joined. */
  lines: Record<string, string>;
}

/** The refs the domain's recipe rules check lines against (the materials and services the page loaded). */
export function refsOf(materials: Map<string, Material>, services: Map<string, Service>): RecipeRefs {
  return {
    materials: new Map([...materials].map(([id, m]) => [id, { materialClass: m.materialClass }])),
    services: new Map([...services].map(([id, s]) => [id, { serviceClass: s.serviceClass, optionIds: s.prices.map((o) => o.id) }])),
  };
}

/**
 * Problems shown before sending: a line needs its material or service, then the domain's recipe rules (the same
 * the service runs: quantities above 0 in a unit of the right kind, a cut piece's sizes, the margin).
 */
export function recipeProblems(form: RecipeForm, materials: Map<string, Material>, services: Map<string, Service>, loaded: boolean): RecipeProblems {
  const lines: Record<string, string[]> = {};
  const add = (key: string, message: string) => (lines[key] ??= []).includes(message) || lines[key].push(message);
  form.materials.forEach((line, i) => !line.materialId && add(`m${i}`, 'Choose a material.'));
  form.services.forEach((line, i) => !line.serviceId && add(`s${i}`, 'Choose a service.'));
  const price = Number(form.price);
  const priceProblem = form.price.trim() === '' || !Number.isFinite(price) || price < 0 ? CATALOG_MESSAGES.price : undefined;
  if (Object.keys(lines).length === 0) {
    const { recipe } = fromForm(form, materials, services);
    for (const error of recipeErrors(recipe, loaded ? refsOf(materials, services) : undefined)) {
      const match = /^recipe\.(materials|services)\.(\d+)/.exec(error.path);
      add(match ? `${match[1] === 'materials' ? 'm' : 's'}${match[2]}` : 'margin', error.message);
    }
  }
  return { price: priceProblem, lines: Object.fromEntries(Object.entries(lines).map(([k, v]) => [k, v.join(' ')])) };
}

export function fromForm(form: RecipeForm, materials: Map<string, Material>, services: Map<string, Service>): { price: number; recipe: RecipeInput } {
  return {
    price: money(form.price),
    recipe: {
      marginPercent: amount(form.marginPercent),
      materials: form.materials.map((line) => {
        const material = materials.get(line.materialId);
        if (line.mode === 'params') {
          const params: Record<string, Quantity> = {};
          for (const spec of paramSpecs(material)) {
            const entry = line.params[spec.key];
            if (entry && entry.value.trim() !== '')
              params[spec.key] = { value: amount(entry.value), unit: (entry.unit || DEFAULT_UNITS[spec.kind]) as Quantity['unit'] };
          }
          return { materialId: line.materialId, params, quantity: null };
        }
        return {
          materialId: line.materialId,
          quantity: { value: amount(line.value), unit: (line.unit || materialUnits(material)[0]) as Quantity['unit'] },
          params: null,
        };
      }),
      services: form.services.map((line) => ({
        serviceId: line.serviceId,
        quantity: { value: amount(line.value), unit: (line.unit || serviceUnits(services.get(line.serviceId))[0]) as Quantity['unit'] },
        priceOptionId: line.priceOptionId || null,
      })),
    },
  };
}

/** A timeline entry's changes as a short sentence: "name, price". */
export function changedFields(changes: Record<string, unknown>): string {
  const fields = Object.keys(changes);
  return fields.length ? fields.join(', ') : 'nothing';
}
