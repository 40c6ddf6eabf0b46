import { COMMON_MESSAGES, DEFAULT_UNITS, MATERIAL_CLASSES } from '@kiln/contracts/constants';
import type { MaterialClassId, MaterialParamSpec, Quantity } from '@kiln/contracts';
import type { FieldError } from './field-errors';
import { REQUIRED_MESSAGE } from './field-errors';
import { MEASURE_KIND_LABELS, compareQuantities, convertValue, isUnitOfKind } from './units';

/**
 * Class parameters (`params`) of a material (ADR 0028): each class's keys and kinds come from
 * MATERIAL_CLASSES; here they are checked — required ones present, every value above 0 and in a unit of
 * its kind, no unknown key, and the shape possible (a tube's wall thinner than half its outer size, a
 * beam's web and flanges thinner than its height and width, …). Paths are `params.<key>`.
 */
export const MATERIAL_PARAM_MESSAGES = {
  required: REQUIRED_MESSAGE,
  positive: COMMON_MESSAGES.greaterThanZero,
  unitKind: (kind: string, example: string) => `Choose a unit of ${kind}, such as ${example}.`,
  unknown: (key: string, classLabel: string) => `A ${classLabel} material has no '${key}' size.`,
  wallThickness: (outer: string) => `The wall must be thinner than half the ${outer}.`,
  thinnerThan: (thin: string, thick: string) => `The ${thin} must be smaller than the ${thick}.`,
  flangesTooThick: 'The two flanges together must be thinner than the height.',
  shortLegLonger: 'The short leg must not be longer than the long leg.',
} as const;

type Params = Record<string, Quantity | null | undefined>;

const lower = (spec: MaterialParamSpec) => spec.label.toLowerCase();

/** The class's parameter table (empty for an unknown class). */
export function paramSpecsOf(materialClass: MaterialClassId): readonly MaterialParamSpec[] {
  return MATERIAL_CLASSES[materialClass]?.params ?? [];
}

/** Every rule on a class's parameters. `params` may come from a half-filled form (missing keys, nulls). */
export function materialParamErrors(materialClass: MaterialClassId, params: Params | null | undefined, prefix = 'params'): FieldError[] {
  const cls = MATERIAL_CLASSES[materialClass];
  if (!cls) return [];
  const values = params ?? {};
  const errors: FieldError[] = [];
  const at = (key: string) => `${prefix}.${key}`;
  const known = new Set(cls.params.map((p) => p.key));
  for (const key of Object.keys(values)) {
    if (!known.has(key)) errors.push({ path: at(key), message: MATERIAL_PARAM_MESSAGES.unknown(key, cls.label.toLowerCase()) });
  }
  // Only parameters that are themselves fine take part in the shape checks.
  const good = new Map<string, Quantity>();
  for (const spec of cls.params) {
    const q = values[spec.key];
    if (q === undefined || q === null) {
      if (!spec.optional) errors.push({ path: at(spec.key), message: MATERIAL_PARAM_MESSAGES.required });
      continue;
    }
    if (typeof q.value !== 'number' || !Number.isFinite(q.value)) {
      errors.push({ path: at(spec.key), message: spec.optional ? MATERIAL_PARAM_MESSAGES.positive : MATERIAL_PARAM_MESSAGES.required });
      continue;
    }
    if (!isUnitOfKind(q.unit, spec.kind)) {
      errors.push({ path: `${at(spec.key)}.unit`, message: MATERIAL_PARAM_MESSAGES.unitKind(MEASURE_KIND_LABELS[spec.kind], DEFAULT_UNITS[spec.kind]) });
      continue;
    }
    if (q.value <= 0) {
      errors.push({ path: at(spec.key), message: MATERIAL_PARAM_MESSAGES.positive });
      continue;
    }
    good.set(spec.key, q);
  }
  for (const check of SHAPE_CHECKS[materialClass] ?? []) {
    const problem = check(good, cls.params);
    if (problem) errors.push({ path: at(problem.key), message: problem.message });
  }
  return errors;
}

type ShapeCheck = (p: Map<string, Quantity>, specs: readonly MaterialParamSpec[]) => { key: string; message: string } | null;

const labelOf = (specs: readonly MaterialParamSpec[], key: string) => lower(specs.find((s) => s.key === key)!);
const scaled = (q: Quantity, factor: number): Quantity => ({ value: q.value * factor, unit: q.unit });

/** `thin` must be below `factor` × the smallest of `outer` (all present), else `message` on `thin`. */
function below(thin: string, outer: string[], factor: number, message: (specs: readonly MaterialParamSpec[]) => string): ShapeCheck {
  return (p, specs) => {
    const t = p.get(thin);
    const os = outer.map((k) => p.get(k));
    if (!t || os.some((o) => !o)) return null;
    return os.every((o) => compareQuantities(t, scaled(o!, factor)) < 0) ? null : { key: thin, message: message(specs) };
  };
}

const wall = (outer: string[], outerWords?: string): ShapeCheck =>
  below('wallThickness', outer, 0.5, (specs) => MATERIAL_PARAM_MESSAGES.wallThickness(outerWords ?? labelOf(specs, outer[0])));
const thinner = (thin: string, thick: string): ShapeCheck =>
  below(thin, [thick], 1, (specs) => MATERIAL_PARAM_MESSAGES.thinnerThan(labelOf(specs, thin), labelOf(specs, thick)));
const flanges: ShapeCheck = (p) => {
  const tf = p.get('flangeThickness');
  const h = p.get('height');
  if (!tf || !h) return null;
  return compareQuantities(scaled(tf, 2), h) < 0 ? null : { key: 'flangeThickness', message: MATERIAL_PARAM_MESSAGES.flangesTooThick };
};

const SHAPE_CHECKS: Partial<Record<MaterialClassId, ShapeCheck[]>> = {
  sheet: [thinner('thickness', 'width'), thinner('thickness', 'length')],
  'linear-flat': [thinner('thickness', 'width')],
  'round-tube': [wall(['outerDiameter'])],
  'square-tube': [wall(['side'])],
  'rectangle-tube': [wall(['width', 'height'], 'smaller of width and height')],
  'hex-tube': [wall(['acrossFlats'], 'size across flats')],
  // I-beam and channel: a web between two flanges; T-beam: one flange on top of the web.
  'i-beam': [thinner('webThickness', 'flangeWidth'), flanges],
  'c-beam': [thinner('webThickness', 'flangeWidth'), flanges],
  't-beam': [thinner('webThickness', 'flangeWidth'), thinner('flangeThickness', 'height')],
  'l-beam-equal': [thinner('thickness', 'leg')],
  'l-beam-different': [
    (p) => {
      const a = p.get('legA');
      const b = p.get('legB');
      return a && b && compareQuantities(b, a) > 0 ? { key: 'legB', message: MATERIAL_PARAM_MESSAGES.shortLegLonger } : null;
    },
    thinner('thickness', 'legB'),
  ],
};

/** A parameter's value in `unit` (e.g. a sheet's width in mm for an area), or undefined when absent. */
export function paramValueIn(params: Params | null | undefined, key: string, unit: Quantity['unit']): number | undefined {
  const q = params?.[key];
  return q ? convertValue(q.value, q.unit, unit) : undefined;
}
