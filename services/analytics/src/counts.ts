import { EventSchemas, type Order, type Quote } from '@kiln/contracts';
import { CURRENCY, dayOf, Increment, monthOf, Scope } from './read-model';

/**
 * What each event read adds to the read model (ADR 0068). Events are parsed with their published contract
 * (`@kiln/contracts`, the zod schemas the AsyncAPI document is generated from); one that does not match is
 * rejected, never counted half-understood.
 */

/** The metric names, as they appear in `daily_counts.metric` and `monthly_deals.metric`. */
export const METRICS = {
  modelsCreated: 'models.created',
  pluginsCreated: 'plugins.created',
  pluginVersionsPublished: 'plugin-versions.published',
  pluginVersionsPublishedAlpha: 'plugin-versions.published-alpha',
  quotesSent: 'quotes.sent',
  ordersAccepted: 'orders.accepted',
  ordersAcceptedThenDeclined: 'orders.accepted-then-declined',
} as const;

const teamOr = (teamId: string | null, userId: string): Scope => (teamId ? { type: 'team', id: teamId } : { type: 'user', id: userId });

/** A price in dollars with at most two decimals (the contracts' Money) → cents. */
const toMinor = (amount: number) => Math.round(amount * 100);

/** What a deal is worth: the unit price (totalPrice) times the quantity, in minor units. */
const dealAmount = (deal: Pick<Order, 'totalPrice' | 'quantity'>) => toMinor(deal.totalPrice) * deal.quantity;

type Envelope = { occurredAt: string; data: unknown };

/** The counts of one event, by its type (parsed already). */
const COUNTERS: Record<string, (event: Envelope) => Increment[]> = {
  'workspace.model.created.v1': (event) => {
    const { model } = event.data as { model: { authorId: string; teamId: string | null } };
    return [{ table: 'daily_counts', day: dayOf(event.occurredAt), metric: METRICS.modelsCreated, scope: teamOr(model.teamId, model.authorId) }];
  },
  'plugin-registry.plugin.created.v1': (event) => {
    const { plugin } = event.data as { plugin: { authorId: string } };
    // By author: a version's events name only the author, so a plugin's numbers stay together under one scope.
    return [{ table: 'daily_counts', day: dayOf(event.occurredAt), metric: METRICS.pluginsCreated, scope: { type: 'user', id: plugin.authorId } }];
  },
  'plugin-registry.version.published.v1': (event) => {
    const { version, alpha } = event.data as { version: { authorId: string }; alpha: boolean };
    const metric = alpha ? METRICS.pluginVersionsPublishedAlpha : METRICS.pluginVersionsPublished;
    return [{ table: 'daily_counts', day: dayOf(event.occurredAt), metric, scope: { type: 'user', id: version.authorId } }];
  },
  'commerce.quote.sent.v1': (event) => {
    const { record } = event.data as { record: Quote };
    return [
      {
        table: 'monthly_deals',
        month: monthOf(event.occurredAt),
        metric: METRICS.quotesSent,
        scope: teamOr(record.teamId, record.ownerId),
        currency: CURRENCY,
        amountMinor: dealAmount(record),
      },
    ];
  },
  'commerce.order.accepted.v1': (event) => {
    const { record } = event.data as { record: Order };
    return [
      {
        table: 'monthly_deals',
        month: monthOf(record.acceptedAt ?? event.occurredAt),
        metric: METRICS.ordersAccepted,
        scope: teamOr(record.teamId, record.ownerId),
        currency: CURRENCY,
        amountMinor: dealAmount(record),
      },
    ];
  },
  'commerce.order.declined.v1': (event) => {
    const { record, changes } = event.data as { record: Order; changes: Record<string, { from: unknown; to: unknown }> };
    // Only a decline of an accepted order takes revenue back, from the month it was accepted in.
    if (changes.status?.from !== 'accepted' || !record.acceptedAt) return [];
    return [
      {
        table: 'monthly_deals',
        month: monthOf(record.acceptedAt),
        metric: METRICS.ordersAcceptedThenDeclined,
        scope: teamOr(record.teamId, record.ownerId),
        currency: CURRENCY,
        amountMinor: dealAmount(record),
      },
    ];
  },
};

/** The event types counted (each has a subscription in subscriptions.ts). */
export const COUNTED_TYPES = Object.keys(COUNTERS);

export type Parsed = { ok: true; eventId: string; type: string; increments: Increment[] } | { ok: false; eventId: string; error: string };

/** Parses a message's JSON with its type's published contract and answers its counts, or why it was rejected. */
export function countsOf(payload: string, expectedType: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return { ok: false, eventId: '', error: 'not JSON' };
  }
  const eventId = typeof (json as { eventId?: unknown })?.eventId === 'string' ? (json as { eventId: string }).eventId : '';
  const type = (json as { type?: unknown })?.type;
  if (type !== expectedType) return { ok: false, eventId, error: `type ${JSON.stringify(type)} on the subject of ${expectedType}` };
  const result = EventSchemas[expectedType].safeParse(json);
  if (!result.success) return { ok: false, eventId, error: `does not match the contract of ${expectedType}: ${result.error.message.slice(0, 2000)}` };
  const event = result.data as Envelope & { eventId: string };
  return { ok: true, eventId: event.eventId, type: expectedType, increments: COUNTERS[expectedType](event) };
}
