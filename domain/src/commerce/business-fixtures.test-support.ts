import { DEFAULT_UNITS, MATERIAL_CLASSES, PRICE_STRATEGY_KIND, SERVICE_CLASS_KIND } from '@kiln/contracts/constants';
import type { CreateMaterialBody, CreateServiceBody, MaterialClassId, Quantity, ServiceClass } from '@kiln/contracts';

/** Test data shared by the business rules' specs (not a spec itself). */
export const mm = (value: number): Quantity => ({ value, unit: 'mm' });
/** Sizes that make a sound piece of every class. */
export const GOOD_PARAMS: Record<MaterialClassId, Record<string, Quantity>> = {
  sheet: { width: mm(1000), length: mm(2000), thickness: mm(3) },
  volumetric: {},
  weight: {},
  count: {},
  'linear-round': { diameter: mm(1.75) },
  'linear-flat': { width: mm(20), thickness: mm(2) },
  'round-bar': { diameter: mm(20), length: mm(1000) },
  'round-tube': { outerDiameter: mm(20), wallThickness: mm(2), length: mm(1000) },
  'square-bar': { side: mm(20), length: mm(1000) },
  'square-tube': { side: mm(20), wallThickness: mm(2), length: mm(1000) },
  'rectangle-bar': { width: mm(40), height: mm(20), length: mm(1000) },
  'rectangle-tube': { width: mm(40), height: mm(20), wallThickness: mm(2), length: mm(1000) },
  'hex-bar': { acrossFlats: mm(17), length: mm(1000) },
  'hex-tube': { acrossFlats: mm(17), wallThickness: mm(2), length: mm(1000) },
  'i-beam': { height: mm(100), flangeWidth: mm(55), webThickness: mm(4.1), flangeThickness: mm(5.7), length: mm(6000) },
  'l-beam-equal': { leg: mm(40), thickness: mm(4), length: mm(6000) },
  'l-beam-different': { legA: mm(60), legB: mm(40), thickness: mm(5), length: mm(6000) },
  't-beam': { height: mm(40), flangeWidth: mm(40), webThickness: mm(5), flangeThickness: mm(5), length: mm(6000) },
  'c-beam': { height: mm(100), flangeWidth: mm(50), webThickness: mm(6), flangeThickness: mm(8.5), length: mm(6000) },
};

/** A complete, valid material request body of a class. */
export function materialBody(materialClass: MaterialClassId = 'sheet'): CreateMaterialBody {
  const spec = MATERIAL_CLASSES[materialClass];
  const strategy = spec.priceStrategies[0];
  return {
    name: 'Birch plywood',
    internalName: 'PLY-BIRCH-3',
    materialClass,
    partNumber: null,
    manufacturer: null,
    tags: ['wood'],
    params: GOOD_PARAMS[materialClass],
    price: { strategy, unit: DEFAULT_UNITS[PRICE_STRATEGY_KIND[strategy]], price: 12.5 },
    quantityInStock: { value: 10, unit: DEFAULT_UNITS[spec.stockKind] },
    scrapPercentage: 0,
    timeToReplenish: { value: 0, unit: 'd' },
    appearance: [{ mode: 'color', textureId: null, color: { hex: '#AABBCC', metallicity: 0, roughness: 0.5, opacity: 1 }, materialIndexDirection: ['all'] }],
  };
}

export const MATERIAL_A = 'aaaaaaaaaaaaaaaaaaaaaaaa';
export const MATERIAL_B = 'bbbbbbbbbbbbbbbbbbbbbbbb';

/** A complete, valid service request body. */
export function serviceBody(serviceClass: ServiceClass = 'area-based-service'): CreateServiceBody {
  const unit = DEFAULT_UNITS[SERVICE_CLASS_KIND[serviceClass]];
  return {
    name: 'Laser cutting',
    displayName: null,
    serviceClass,
    code: null,
    serviceProvider: null,
    tags: [],
    generalPrice: { value: 2, unit },
    prices: [{ label: 'Plywood', price: { value: 1.5, unit }, material: [MATERIAL_A] }],
  };
}
