import { AnyEventEnvelope, COMMERCE_STREAM, Order } from '@kiln/contracts';
import { Changes, toCents } from '@kiln/domain';
import { Projection } from '@kiln/service-kit';
import { sql, Transaction } from 'kysely';
import { CommerceDatabase, SCHEMA } from '../../database.types';

type Trx = Transaction<CommerceDatabase>;

/** The orders that count as revenue (ADR 0057): accepted, and later completed. */
const EARNING = ['accepted', 'completed'];

/** The scope keys an order counts under (as business_record_counts: `o:<owner>`, `t:<team>`, `t:<team>:p:<project>`). */
function keysOf(order: Pick<Order, 'ownerId' | 'teamId' | 'projectId'>): string[] {
  if (!order.teamId) return [`o:${order.ownerId}`];
  return [`t:${order.teamId}`, `t:${order.teamId}:p:${order.projectId ?? ''}`];
}

const monthOf = (iso: string) => `${iso.slice(0, 7)}-01`;

/**
 * The orders list's header stats (spec 002 §2; ADR 0057) kept per scope, so `/reports` reads a few rows
 * whatever the number of orders: `business_order_pending` (new = pending orders) and `business_order_revenue`
 * (totalPrice × quantity of accepted and completed orders, and how many, by the UTC month they were accepted). Each order
 * event moves the counts by what its status change means; a redelivered event is not applied twice (the
 * consumer's processed events). A rebuild sums `business_order_view` (rebuilt before it).
 */
export const ProjectOrderReports: Projection = {
  name: 'project-order-reports',
  stream: COMMERCE_STREAM.name,
  subject: 'commerce.order.>',
  async apply(anyTrx, event) {
    await applyOrderEvent(anyTrx as Trx, event);
  },
  async rebuild(anyTrx) {
    const trx = anyTrx as Trx;
    const t = (name: string) => sql.id(SCHEMA, name);
    await sql`DELETE FROM ${t('business_order_pending')}`.execute(trx);
    await sql`DELETE FROM ${t('business_order_revenue')}`.execute(trx);
    const keys = sql`LATERAL (VALUES (CASE WHEN r.team_id IS NULL THEN 'o:' || r.owner_id END),
      (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id END),
      (CASE WHEN r.team_id IS NOT NULL THEN 't:' || r.team_id || ':p:' || coalesce(r.project_id, '') END)) AS k(scope)`;
    const pending = await sql`INSERT INTO ${t('business_order_pending')} (scope, pending)
      SELECT k.scope, count(*) FROM ${t('business_order_view')} AS r, ${keys}
      WHERE r.deleted_at IS NULL AND r.status = 'pending' AND k.scope IS NOT NULL GROUP BY k.scope`.execute(trx);
    const revenue = await sql`INSERT INTO ${t('business_order_revenue')} (scope, month, cents, orders)
      SELECT k.scope, (substr(r.record->>'acceptedAt', 1, 7) || '-01')::date, sum(r.price_cents * (r.record->>'quantity')::bigint), count(*)
      FROM ${t('business_order_view')} AS r, ${keys}
      WHERE r.deleted_at IS NULL AND r.status IN ('accepted', 'completed') AND r.record->>'acceptedAt' IS NOT NULL AND k.scope IS NOT NULL
      GROUP BY 1, 2`.execute(trx);
    return Number(pending.numAffectedRows ?? 0) + Number(revenue.numAffectedRows ?? 0);
  },
};

async function applyOrderEvent(trx: Trx, event: AnyEventEnvelope): Promise<void> {
  const { changes, record } = event.data as { changes: Changes; record: Order };
  const created = event.type === 'commerce.order.created.v1';
  const before = created ? null : ((changes.status?.from as string | undefined) ?? record.status);
  const after = record.status;
  const keys = keysOf(record);
  const pendingDelta = Number(after === 'pending') - Number(before === 'pending');
  if (pendingDelta !== 0) {
    for (const scope of keys)
      await sql`INSERT INTO ${sql.id(SCHEMA, 'business_order_pending')} AS p (scope, pending) VALUES (${scope}, ${pendingDelta})
        ON CONFLICT (scope) DO UPDATE SET pending = p.pending + excluded.pending`.execute(trx);
  }
  const earnedBefore = before !== null && EARNING.includes(before);
  const earnedAfter = EARNING.includes(after);
  if (earnedBefore === earnedAfter) return;
  const amount = toCents(record.totalPrice) * record.quantity;
  const acceptedAt = earnedAfter ? record.acceptedAt : ((changes.acceptedAt?.from as string | null | undefined) ?? record.acceptedAt);
  if (!acceptedAt) return;
  const cents = earnedAfter ? amount : -amount;
  // The chart's count of the month's orders moves with its revenue (ADR 0058).
  const orders = earnedAfter ? 1 : -1;
  for (const scope of keys)
    await sql`INSERT INTO ${sql.id(SCHEMA, 'business_order_revenue')} AS r (scope, month, cents, orders)
      VALUES (${scope}, ${monthOf(acceptedAt)}::date, ${cents}, ${orders})
      ON CONFLICT (scope, month) DO UPDATE SET cents = r.cents + excluded.cents, orders = r.orders + excluded.orders`.execute(trx);
}
