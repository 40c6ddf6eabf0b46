import type { MeasureKindId as MeasureKind } from './units.constants';

/**
 * The 19 material classes of spec 002 §3 and what describes one piece of each (ADR 0028). Every
 * parameter is a length {value, unit} except where `kind` says otherwise. The web app draws each
 * class's details form from this table; the domain (domain/src/commerce/material-params.ts) checks the
 * values with the engineering rules of the class (a wall thinner than half the outer size, …).
 */
export const MATERIAL_CLASS_VALUES = [
  'sheet',
  'volumetric',
  'weight',
  'count',
  'linear-round',
  'linear-flat',
  'round-bar',
  'round-tube',
  'square-bar',
  'square-tube',
  'rectangle-bar',
  'rectangle-tube',
  'hex-bar',
  'hex-tube',
  'i-beam',
  'l-beam-equal',
  'l-beam-different',
  't-beam',
  'c-beam',
] as const;
export type MaterialClassId = (typeof MATERIAL_CLASS_VALUES)[number];

export interface MaterialParamSpec {
  /** The key in `params`. */
  key: string;
  label: string;
  kind: MeasureKind;
  /** Optional parameters may be left out; required ones must be above 0. */
  optional?: boolean;
}

/** Shape families: the inventory groups and the 3D preview's shape follow them. */
export const MATERIAL_CATEGORIES = ['sheet', 'block', 'bulk', 'piece', 'linear', 'bar', 'tube', 'beam'] as const;
export type MaterialCategoryId = (typeof MATERIAL_CATEGORIES)[number];

export interface MaterialClassSpec {
  id: MaterialClassId;
  label: string;
  category: MaterialCategoryId;
  /** What `quantityInStock` counts: pieces, a length (spools), a volume or a mass. */
  stockKind: MeasureKind;
  /** Pricing modes offered for the class (spec 002 §3 "Pricing-mode unit kinds"); the first is the default. */
  priceStrategies: readonly PriceStrategyId[];
  params: readonly MaterialParamSpec[];
}

export const PRICE_STRATEGIES = ['per-length', 'per-area', 'per-volume', 'per-weight', 'per-piece'] as const;
export type PriceStrategyId = (typeof PRICE_STRATEGIES)[number];
/** The measure kind a pricing mode's unit belongs to (per-piece is priced for 'each'). */
export const PRICE_STRATEGY_KIND: Record<PriceStrategyId, MeasureKind> = {
  'per-length': 'length',
  'per-area': 'area',
  'per-volume': 'volume',
  'per-weight': 'mass',
  'per-piece': 'count',
};

const len = (key: string, label: string, optional = false): MaterialParamSpec => ({ key, label, kind: 'length', ...(optional ? { optional } : {}) });
const LENGTH = len('length', 'Length');
const WEIGHT_PER_PIECE = { key: 'weightPerPiece', label: 'Weight per piece', kind: 'mass', optional: true } as const satisfies MaterialParamSpec;
const profile = (id: MaterialClassId, label: string, category: 'bar' | 'tube' | 'beam', params: MaterialParamSpec[]): MaterialClassSpec => ({
  id,
  label,
  category,
  stockKind: 'count',
  priceStrategies: ['per-length', 'per-piece', 'per-weight'],
  params: [...params, LENGTH, WEIGHT_PER_PIECE],
});

export const MATERIAL_CLASSES: Record<MaterialClassId, MaterialClassSpec> = {
  sheet: {
    id: 'sheet',
    label: 'Sheet',
    category: 'sheet',
    stockKind: 'count',
    priceStrategies: ['per-area', 'per-piece', 'per-weight'],
    params: [len('width', 'Width'), LENGTH, len('thickness', 'Thickness'), WEIGHT_PER_PIECE],
  },
  volumetric: {
    id: 'volumetric',
    label: 'Volumetric',
    category: 'block',
    stockKind: 'volume',
    priceStrategies: ['per-volume', 'per-weight'],
    params: [len('width', 'Width', true), len('height', 'Height', true), len('depth', 'Depth', true)],
  },
  weight: { id: 'weight', label: 'Weight', category: 'bulk', stockKind: 'mass', priceStrategies: ['per-weight'], params: [] },
  count: {
    id: 'count',
    label: 'Count',
    category: 'piece',
    stockKind: 'count',
    priceStrategies: ['per-piece'],
    params: [len('width', 'Width', true), len('height', 'Height', true), len('depth', 'Depth', true), WEIGHT_PER_PIECE],
  },
  'linear-round': {
    id: 'linear-round',
    label: 'Linear round',
    category: 'linear',
    stockKind: 'length',
    priceStrategies: ['per-length', 'per-weight'],
    params: [len('diameter', 'Diameter')],
  },
  'linear-flat': {
    id: 'linear-flat',
    label: 'Linear flat',
    category: 'linear',
    stockKind: 'length',
    priceStrategies: ['per-length', 'per-weight'],
    params: [len('width', 'Width'), len('thickness', 'Thickness')],
  },
  'round-bar': profile('round-bar', 'Round bar', 'bar', [len('diameter', 'Diameter')]),
  'round-tube': profile('round-tube', 'Round tube', 'tube', [len('outerDiameter', 'Outer diameter'), len('wallThickness', 'Wall thickness')]),
  'square-bar': profile('square-bar', 'Square bar', 'bar', [len('side', 'Side')]),
  'square-tube': profile('square-tube', 'Square tube', 'tube', [len('side', 'Side'), len('wallThickness', 'Wall thickness')]),
  'rectangle-bar': profile('rectangle-bar', 'Rectangle bar', 'bar', [len('width', 'Width'), len('height', 'Height')]),
  'rectangle-tube': profile('rectangle-tube', 'Rectangle tube', 'tube', [
    len('width', 'Width'),
    len('height', 'Height'),
    len('wallThickness', 'Wall thickness'),
  ]),
  'hex-bar': profile('hex-bar', 'Hex bar', 'bar', [len('acrossFlats', 'Across flats')]),
  'hex-tube': profile('hex-tube', 'Hex tube', 'tube', [len('acrossFlats', 'Across flats'), len('wallThickness', 'Wall thickness')]),
  'i-beam': profile('i-beam', 'I-beam', 'beam', [
    len('height', 'Height'),
    len('flangeWidth', 'Flange width'),
    len('webThickness', 'Web thickness'),
    len('flangeThickness', 'Flange thickness'),
  ]),
  'l-beam-equal': profile('l-beam-equal', 'L-beam (equal legs)', 'beam', [len('leg', 'Leg length'), len('thickness', 'Thickness')]),
  'l-beam-different': profile('l-beam-different', 'L-beam (unequal legs)', 'beam', [
    len('legA', 'Long leg'),
    len('legB', 'Short leg'),
    len('thickness', 'Thickness'),
  ]),
  't-beam': profile('t-beam', 'T-beam', 'beam', [
    len('height', 'Height'),
    len('flangeWidth', 'Flange width'),
    len('webThickness', 'Web thickness'),
    len('flangeThickness', 'Flange thickness'),
  ]),
  'c-beam': profile('c-beam', 'C-beam (channel)', 'beam', [
    len('height', 'Height'),
    len('flangeWidth', 'Flange width'),
    len('webThickness', 'Web thickness'),
    len('flangeThickness', 'Flange thickness'),
  ]),
};

/** Appearance directions (spec 002 §3): the six faces' normals plus 'all'. */
export const APPEARANCE_DIRECTIONS = ['X+', 'X-', 'Y+', 'Y-', 'Z+', 'Z-'] as const;
export type AppearanceDirection = (typeof APPEARANCE_DIRECTIONS)[number];
export const ALL_DIRECTIONS = 'all' as const;
