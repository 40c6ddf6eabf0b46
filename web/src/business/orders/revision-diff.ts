import type { QuoteRevision } from '@kiln/contracts';
import { formatUsd, formatWhen } from '../business-texts';

export interface RevisionChange {
  label: string;
  from: string;
  to: string;
}

const money = (n: number) => formatUsd(n);
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * What changed between two frozen revisions of a quote (ADR 0058): the terms, the totals of the bills, and each
 * bill line whose price or quantity moved, appeared or went. Pure; the detail page lists it.
 */
export function revisionChanges(a: QuoteRevision, b: QuoteRevision): RevisionChange[] {
  const out: RevisionChange[] = [];
  const add = (label: string, x: string, y: string) => x !== y && out.push({ label, from: x, to: y });
  add('Total price per unit', money(a.totalPrice), money(b.totalPrice));
  add('Price', a.priceOverridden ? 'typed (Override)' : 'calculated', b.priceOverridden ? 'typed (Override)' : 'calculated');
  add('Quantity', String(a.quantity), String(b.quantity));
  add('Margin', money(a.marginAmount), money(b.marginAmount));
  add('Delivery', days(a.deliveryDays), days(b.deliveryDays));
  add('Expiry', days(a.expirationDays), days(b.expirationDays));
  add('Expires', formatWhen(a.expiresAt), formatWhen(b.expiresAt));
  add('Bill of material', money(a.billOfMaterials.total), money(b.billOfMaterials.total));
  add('Bill of service', money(a.billOfServices.total), money(b.billOfServices.total));
  const lines = (r: QuoteRevision) => {
    const map = new Map<string, string>();
    for (const g of r.billOfMaterials.groups)
      for (const l of g.materials) map.set(`Material ${l.material.name}`, `${Number(l.quantity.value.toFixed(4))} ${l.quantity.unit}, ${money(l.price)}`);
    for (const g of r.billOfServices.groups)
      for (const l of g.services) map.set(`Service ${l.name}`, `${Number(l.quantity.toFixed(4))} ${l.unitLabel}, ${money(l.price)}`);
    return map;
  };
  const before = lines(a);
  const after = lines(b);
  for (const key of new Set([...before.keys(), ...after.keys()])) add(key, before.get(key) ?? 'none', after.get(key) ?? 'none');
  return out;
}
