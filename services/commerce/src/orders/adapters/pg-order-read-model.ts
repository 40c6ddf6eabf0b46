import { Inject, Injectable } from '@nestjs/common';
import { OrderListQuery, OrderReports, ORDERS_PAGE_SIZE } from '@kiln/contracts';
import { fromCents } from '@kiln/domain';
import { DB } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { likeContains, scopedRows, scopeKey } from '../../business-records/adapters/pg-record-read-model';
import { AnyRecordType } from '../../business-records/record-type';
import { CommerceDatabase, SCHEMA } from '../../database.types';
import { ListScope } from '../../team-access/ports/business-access.port';
import { OrderReadModel } from '../ports/order-read-model.port';

const SORT_COLUMNS = { updatedAt: 'updated_at', createdAt: 'created_at', totalPrice: 'price_cents' } as const;

/** The first day of the month of `at` (UTC), as a date. */
const monthOf = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;

@Injectable()
export class PgOrderReadModel implements OrderReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<CommerceDatabase>) {}

  /**
   * Spec 002 §7: `where.status` (one or `{in: […]}`), `where.OR` of contains on the customer's full name or
   * e-mail (any case, `%` and `_` literal); newest change first by default, ties by id; 10 a page; `total`
   * from the live counts (migration 0006) when nothing narrows the scope, else counted.
   */
  async page(type: AnyRecordType, scope: ListScope, query: Partial<OrderListQuery>): Promise<{ data: unknown[]; total: number }> {
    const where = query.where ?? {};
    let base = scopedRows(this.db, type, scope) as ReturnType<typeof scopedRows>;
    const status = where.status;
    if (typeof status === 'string') base = base.where('status', '=', status);
    else if (status?.in) base = status.in.length ? base.where('status', 'in', status.in) : base.where(sql<boolean>`false`);
    const terms = (where.OR ?? [])
      .map((term) =>
        'customer.fullName' in term
          ? { column: 'name', text: term['customer.fullName'].contains.trim() }
          : { column: 'customer_email', text: term['customer.email'].contains.trim() },
      )
      .filter((t) => t.text.length > 0);
    if (terms.length) base = base.where((eb) => eb.or(terms.map((t) => eb(sql.ref(t.column), 'ilike', likeContains(t.text)))));
    const narrowed = status !== undefined || terms.length > 0;
    const [field, direction] = (Object.entries(query.sort ?? {})[0] ?? ['updatedAt', -1]) as [keyof typeof SORT_COLUMNS, 1 | -1];
    const order = direction === 1 ? 'asc' : 'desc';
    const column = SORT_COLUMNS[field] ?? 'updated_at';
    const page = base
      .orderBy(sql.ref(column), order)
      .orderBy('id', order)
      .offset(query.skip ?? 0)
      .limit(query.limit ?? ORDERS_PAGE_SIZE);
    const countNarrowed = () => base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    if (narrowed) {
      const [rows, count] = await Promise.all([page.select('record').execute(), countNarrowed()]);
      return { data: rows.map((r) => (r as { record: unknown }).record), total: Number(count.total) };
    }
    // The scope's kept total rides on the page as a column (one statement, as the models' lists do: ADR 0024);
    // a page past the end has no row to carry it, so then it is read alone.
    const kept = sql<number>`(SELECT live FROM ${sql.table(`${SCHEMA}.business_record_counts`)} WHERE view = ${type.view} AND scope = ${scopeKey(scope)})`;
    const rows = (await page.select(['record', kept.as('total')]).execute()) as { record: unknown; total: number | null }[];
    const total = rows.length
      ? (rows[0]!.total ?? 0)
      : ((
          await this.db
            .withSchema(SCHEMA)
            .selectFrom('business_record_counts')
            .select('live as total')
            .where('view', '=', type.view)
            .where('scope', '=', scopeKey(scope))
            .executeTakeFirst()
        )?.total ?? 0);
    return { data: rows.map((r) => r.record), total: Number(total) };
  }

  async reports(scope: ListScope, now: Date): Promise<OrderReports> {
    const key = scopeKey(scope);
    const db = this.db.withSchema(SCHEMA);
    // The chart's 12 months (ADR 0058), which always hold this calendar year's: at most 12 rows, whatever the number of orders.
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const [pending, rows] = await Promise.all([
      db.selectFrom('business_order_pending').select('pending').where('scope', '=', key).executeTakeFirst(),
      db
        .selectFrom('business_order_revenue')
        .select([sql<string>`to_char(month, 'YYYY-MM-DD')`.as('month'), 'cents', 'orders'])
        .where('scope', '=', key)
        .where('month', '>=', sql<Date>`${monthOf(first)}::date`)
        .where('month', '<', sql<Date>`(${monthOf(now)}::date + interval '1 month')`)
        .execute(),
    ]);
    const monthKey = (m: unknown) => (m instanceof Date ? monthOf(m) : String(m).slice(0, 10));
    const byMonth = new Map(rows.map((r) => [monthKey(r.month), r]));
    const months = Array.from({ length: 12 }, (_, i) => {
      const month = monthOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1)));
      const row = byMonth.get(month);
      return { month: month.slice(0, 7), orders: Number(row?.orders ?? 0), cents: Number(row?.cents ?? 0) };
    });
    const thisYear = String(now.getUTCFullYear());
    const monthly = months[11].cents;
    const yearly = months.filter((m) => m.month.startsWith(thisYear)).reduce((sum, m) => sum + m.cents, 0);
    return {
      new: Number(pending?.pending ?? 0),
      monthly: fromCents(monthly),
      yearly: fromCents(yearly),
      months: months.map((m) => ({ month: m.month, orders: m.orders, revenue: fromCents(m.cents) })),
    };
  }
}
