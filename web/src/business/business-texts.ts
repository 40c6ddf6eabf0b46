import { COMMON_MESSAGES, MODEL_VIEW_DENIED } from '@kiln/contracts/constants';
import { CATALOG_MESSAGES, RECORD_MESSAGES, SERVICE_MESSAGES } from '@kiln/domain';
import { addKnownMessages } from '../api/messages';

/**
 * The spec's sentences of the catalog and services screens (spec 002 §2, §5). The same words live in the contracts
 * (catalog.ts, service.ts) and the domain rules, which the service answers with; these are for the forms, which
 * check before sending and must not pull schema code into the page (docs/adr/0013).
 */
export const BUSINESS_TEXTS = {
  catalogEmpty: 'Your catalog is currently empty. Add models to your catalog to get started.',
  nameTooShort: CATALOG_MESSAGES.nameTooShort,
  modelIdWrong: CATALOG_MESSAGES.modelWrong,
  modelViewDenied: MODEL_VIEW_DENIED,
  required: SERVICE_MESSAGES.required,
  generalPriceRequired: SERVICE_MESSAGES.generalPriceRequired,
  selectMaterial: SERVICE_MESSAGES.selectMaterial,
  servicesEmpty: 'You are not offering any services yet. Add a service to get started.',
  storeFrontsSoon: 'Store fronts are coming soon.',
  byYou: 'By you',
  removeFailed: 'The item could not be removed. Please try again.',
  noResults: 'No results found',
  unknownAuthor: 'Unknown',
  stale: 'Someone else changed this item since you opened it. It has been reloaded with their changes; make your change again.',
  // Closing the material wizard with something typed asks first (issue 17; ADR 0045).
  discardTitle: 'Discard what you typed?',
  discardText: 'Closing now drops what you typed for this material.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
} as const;

/** US dollars with two decimals (spec 002 §9). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatUsd = (value: number | null | undefined) => usd.format(Number.isFinite(value) ? (value as number) : 0);

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];
/** "5 minutes ago", "yesterday": the relative updated time of the From workspace picker. */
export function relativeTime(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (!Number.isFinite(amount)) return '';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}

/** Spec 002 §9 date format: hour:minute — Mon D, YYYY (one home: the domain's, which the PDF uses too), in the browser's zone. */
export { formatWhen } from '@kiln/domain';

// The server answers with these sentences too (the domain's catalog and service rules): shown as they come.
const sentences = (messages: Record<string, unknown>) => Object.values(messages).filter((m): m is string => typeof m === 'string');
addKnownMessages([
  ...Object.values(BUSINESS_TEXTS),
  ...sentences(CATALOG_MESSAGES),
  ...sentences(SERVICE_MESSAGES),
  // Undo of a removal (ADR 0049): too late, nothing to undo.
  ...sentences(RECORD_MESSAGES),
  COMMON_MESSAGES.notNegative,
  'Choose a unit from the list.',
  'Catalog item not found.',
  'Service not found.',
  'Material not found.',
]);
