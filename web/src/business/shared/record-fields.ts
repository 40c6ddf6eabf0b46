import type { HistoryEntry } from '@kiln/contracts';
import { MATERIAL_CLASSES } from '@kiln/contracts/constants';
import { formatUsd } from '../business-texts';

/**
 * Business record fields in words people read (issue 8: timelines and past versions of materials and services).
 * The API's history `changes` and a record read at a version speak the contract's field names with money in
 * dollars; these turn them into a label and a value ("Price", "$18.50 / each"). Unknown fields fall back to their
 * name and a plain rendering, so a field added later still shows.
 */
export interface FieldSpec {
  label: string;
  /** The value as text; `null`/`undefined` never reach it (they read as {@link NOTHING}). */
  text?: (value: unknown) => string;
}
export type FieldSpecs = Record<string, FieldSpec>;

export const NOTHING = 'nothing';

const unitLabel = (unit: unknown) =>
  String(unit ?? '')
    .replace(/([a-zμ])2$/, '$1²')
    .replace(/([a-zμ])3$/, '$1³')
    .replace('fl_oz', 'fl oz');
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));

/** `{ value, unit }` → "5 each", "3 mm". */
const quantity = (v: unknown) => (isRecord(v) ? `${num(v.value)} ${unitLabel(v.unit)}`.trim() : plain(v));
/** A price per unit in dollars: `{ value | price, unit }` → "$18.50 / each". */
const perUnit = (v: unknown) => (isRecord(v) ? `${formatUsd(num(v.price ?? v.value))} / ${unitLabel(v.unit)}` : plain(v));
const list = (v: unknown) => (Array.isArray(v) ? (v.length ? v.map(plain).join(', ') : NOTHING) : plain(v));

/** Any value as short text (the fallback for fields without a spec). */
export function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  if (Array.isArray(value)) return value.length ? value.map(plain).join(', ') : NOTHING;
  if (isRecord(value) && 'value' in value && 'unit' in value) return quantity(value);
  if (isRecord(value))
    return (
      Object.entries(value)
        .map(([k, v]) => `${k} ${plain(v)}`)
        .join(', ') || NOTHING
    );
  return String(value);
}

const classParams = (v: unknown) => {
  if (!isRecord(v)) return plain(v);
  const labels = new Map(Object.values(MATERIAL_CLASSES).flatMap((c) => c.params.map((p) => [p.key, p.label] as const)));
  const parts = Object.entries(v).map(([key, q]) => `${labels.get(key) ?? key} ${quantity(q)}`);
  return parts.length ? parts.join(', ') : NOTHING;
};

const appearance = (v: unknown) => {
  if (!Array.isArray(v)) return plain(v);
  if (!v.length) return NOTHING;
  return v
    .map((entry) => {
      if (!isRecord(entry)) return plain(entry);
      const texture = isRecord(entry.texture) ? entry.texture.name : undefined;
      const color = isRecord(entry.color) ? String(entry.color.hex ?? '').toUpperCase() : undefined;
      return entry.mode === 'texture' ? `texture ${texture ?? entry.textureId ?? ''}`.trim() : `colour ${color ?? ''}`.trim();
    })
    .join(', ');
};

const priceOptions = (v: unknown) => {
  if (!Array.isArray(v)) return plain(v);
  if (!v.length) return NOTHING;
  return v.map((o) => (isRecord(o) ? `${String(o.label ?? '')} ${perUnit(o.price)}`.trim() : plain(o))).join('; ');
};

export const MATERIAL_FIELDS: FieldSpecs = {
  name: { label: 'Name' },
  internalName: { label: 'Internal name' },
  materialClass: { label: 'Material class', text: (v) => MATERIAL_CLASSES[v as keyof typeof MATERIAL_CLASSES]?.label ?? plain(v) },
  partNumber: { label: 'Part number' },
  manufacturer: { label: 'Manufacturer' },
  tags: { label: 'Tags', text: list },
  params: { label: 'Dimensions', text: classParams },
  price: { label: 'Price', text: perUnit },
  quantityInStock: { label: 'Quantity in stock', text: quantity },
  scrapPercentage: { label: 'Scrap', text: (v) => `${num(v)} %` },
  timeToReplenish: { label: 'Time to replenish', text: (v) => (isRecord(v) ? `${num(v.value)} ${num(v.value) === 1 ? 'day' : 'days'}` : plain(v)) },
  appearance: { label: 'Appearance', text: appearance },
};

const SERVICE_CLASS_LABELS: Record<string, string> = {
  'count-based-service': 'Count based',
  'length-based-service': 'Length based',
  'area-based-service': 'Area based',
  'volume-based-service': 'Volume based',
  'weight-based-service': 'Weight based',
  'time-based-service': 'Time based',
};

export const SERVICE_FIELDS: FieldSpecs = {
  name: { label: 'Name' },
  displayName: { label: 'Display name' },
  serviceClass: { label: 'Service class', text: (v) => SERVICE_CLASS_LABELS[String(v)] ?? plain(v) },
  code: { label: 'Code' },
  serviceProvider: { label: 'Service provider' },
  tags: { label: 'Tags', text: list },
  generalPrice: { label: 'General price', text: perUnit },
  prices: { label: 'Price options', text: priceOptions },
};

/** A field's label, e.g. "Quantity in stock" (its name when the spec does not know it). */
export const labelOf = (specs: FieldSpecs, field: string) => specs[field]?.label ?? field;

/** A field's value as text: "nothing" when empty. */
export function valueText(specs: FieldSpecs, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  const text = specs[field]?.text ?? plain;
  return text(value);
}

export interface ChangeLine {
  field: string;
  label: string;
  from: string;
  to: string;
}

/**
 * What one timeline entry changed, in the specs' order, each as label, from and to. A creation lists what it set
 * (`from` null); fields whose text reads the same on both sides (e.g. an option's internal id) are left out.
 */
export function changeLines(specs: FieldSpecs, changes: HistoryEntry['changes']): ChangeLine[] {
  const order = Object.keys(specs);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  return Object.keys(changes)
    .sort((a, b) => rank(a) - rank(b))
    .map((field) => ({
      field,
      label: labelOf(specs, field),
      from: valueText(specs, field, changes[field].from),
      to: valueText(specs, field, changes[field].to),
    }))
    .filter((line) => line.from !== line.to);
}

/** A record read at a version, as label/value rows of the fields the specs know (in their order). */
export function recordRows(specs: FieldSpecs, record: Record<string, unknown>): { field: string; label: string; value: string }[] {
  return Object.keys(specs).map((field) => ({ field, label: labelOf(specs, field), value: valueText(specs, field, record[field]) }));
}

const VERBS: Record<string, string> = {
  added: 'added it',
  created: 'created it',
  updated: 'changed',
  removed: 'removed it',
  deleted: 'deleted it',
  restored: 'undid its removal',
};
/** "changed", "created it": the verb of an entry's type (`material.updated` → "changed"). */
export const verbOf = (type: string) => VERBS[type.split('.').pop() ?? ''] ?? type;
