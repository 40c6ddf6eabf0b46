/**
 * Orders and quotes in the benchmark (issue 19, ADR 0057):
 * - orders list: GET /api/workspace/business-order (first page of 10, newest change first, with the total) of a
 *   seller with 1,000 and with 100,000 orders, through the whole stack, beside the list baseline. One order is
 *   made through the API (a quote sent and accepted on the customer's link); the rest are copies of its read-model
 *   row (seeding is setup; the list reads only `business_order_view` and the kept counts).
 * - reports: GET /api/workspace/business-order/reports of the same two sellers (the projection's rows for the
 *   seeded orders written as the projection would have: pending count, revenue by month).
 * - pricing: the domain's `priceRecipe` on a 50-line recipe (25 material lines, 25 service lines), in process:
 *   what a quote's creation computes.
 */
import { priceRecipe, type MaterialFields, type PricingRefs, type ServiceFields } from '@kiln/domain';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { newId } from '../../services/kit/src/ids';
import { BenchUser } from './kiln';
import { NamedOperation, Summary, summarize } from './stats';

export const ORDERS_SMALL = 1_000;
export const ORDERS_LARGE = 100_000;

async function api<T>(url: string, user: BenchUser | null, method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
  const headers: Record<string, string> = {};
  if (user) headers.authorization = `Bearer ${user.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** One order through the API (model → catalog item → quote → send → the customer accepts), then `count - 1` copies of its row. */
export async function seedOrders(url: string, pool: Pool, user: BenchUser, count: number): Promise<void> {
  const model = await api<{ id: string }>(url, user, 'POST', '/api/workspace/model', { name: 'Bench shelf' });
  const item = await api<{ id: string }>(url, user, 'POST', '/api/workspace/business-catalog', { modelId: model.id, price: 40 });
  const customer = { fullName: 'Bench Buyer', email: 'bench.buyer@example.com' };
  const quote = await api<{ id: string }>(url, user, 'POST', '/api/workspace/business-product-quote', { catalogItemId: item.id, customer, quantity: 2 });
  const sent = await api<{ customerLink: string }>(url, user, 'PATCH', `/api/workspace/business-product-quote/${quote.id}`, {
    status: 'quotationSent',
    totalPrice: 12.5,
    expirationDays: 7,
    deliveryDays: 7,
  });
  await api(url, null, 'POST', `/api/public/quote/${sent.customerLink.split('/quote/')[1]}/accept`);
  const { orderId } = await api<{ orderId: string }>(url, user, 'GET', `/api/workspace/business-product-quote/${quote.id}`);
  for (let i = 0; i < 100; i++) {
    const { rows } = await pool.query('SELECT 1 FROM commerce.business_order_view WHERE id = $1', [orderId]);
    if (rows.length) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const now = Date.now();
  const ids: string[] = [];
  const names: string[] = [];
  const times: string[] = [];
  for (let i = 1; i < count; i++) {
    const at = new Date(now - (i + 60) * 1000);
    ids.push(newId(at));
    names.push(`Bench buyer ${String(i).padStart(6, '0')}`);
    times.push(at.toISOString());
  }
  const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await pool.query(
    `INSERT INTO commerce.business_order_view
       (id, owner_id, team_id, project_id, name, tags, price_cents, created_at, updated_at, version, deleted_at, record, status, customer_email)
     SELECT t.id, v.owner_id, v.team_id, v.project_id, t.name, v.tags, v.price_cents, t.at, t.at, 1, NULL,
            v.record || jsonb_build_object('id', t.id, 'name', t.name, 'createdAt', ${iso('t.at')}, 'updatedAt', ${iso('t.at')}, 'version', 1)
              || jsonb_build_object('customer', (v.record->'customer') || jsonb_build_object('fullName', t.name)),
            v.status, v.customer_email
     FROM commerce.business_order_view v, unnest($1::text[], $2::text[], $3::timestamptz[]) AS t(id, name, at) WHERE v.id = $4`,
    [ids, names, times, orderId],
  );
  // What the reports projection keeps for them: every seeded order is pending.
  await pool.query(`UPDATE commerce.business_order_pending SET pending = $1 WHERE scope = $2`, [count, `o:${user.id}`]);
  await pool.query('VACUUM ANALYZE commerce.business_order_view');
}

/** GET the first page of the orders list (10, newest change first) with its total, body parsed. */
export function ordersListOperation(url: string, user: BenchUser, total: number): NamedOperation {
  const target = `${url}/api/workspace/business-order?${new URLSearchParams({ skip: '0', limit: '10', sort: '{"updatedAt":-1}' })}`;
  const headers = { authorization: `Bearer ${user.token}` };
  return {
    name: `orders list ${total / 1000}k first`,
    op: async () => {
      const res = await fetch(target, { headers });
      if (res.status !== 200) throw new Error(`GET ${target}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: unknown[]; total: number };
      if (body.data.length !== 10 || body.total !== total)
        throw new Error(`GET ${target}: expected 10 of ${total} orders, got ${body.data.length} of ${body.total}`);
    },
  };
}

/** GET /reports of a seller with `total` pending orders. */
export function reportsOperation(url: string, user: BenchUser, total: number): NamedOperation {
  const target = `${url}/api/workspace/business-order/reports`;
  const headers = { authorization: `Bearer ${user.token}` };
  return {
    name: `order reports ${total / 1000}k`,
    op: async () => {
      const res = await fetch(target, { headers });
      if (res.status !== 200) throw new Error(`GET ${target}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { new: number };
      if (body.new !== total) throw new Error(`GET ${target}: expected ${total} new orders, got ${body.new}`);
    },
  };
}

/** `priceRecipe` on a 50-line recipe (25 materials of three classes, 25 services), `samples` times after a warm-up. */
export function pricingBench(samples: number): Summary {
  const materials = new Map<string, MaterialFields>();
  const services = new Map<string, ServiceFields>();
  const recipe = {
    materials: [] as { materialId: string; quantity: null | { value: number; unit: 'm' }; params: null | Record<string, { value: number; unit: 'mm' }> }[],
    services: [] as { serviceId: string; quantity: { value: number; unit: 'mm' }; priceOptionId: string | null }[],
    marginPercent: 17.5,
  };
  for (let i = 0; i < 25; i++) {
    const id = `${String(i).padStart(2, '0')}${'a'.repeat(22)}`;
    const sheet = i % 2 === 0;
    materials.set(id, {
      name: `Material ${i}`,
      internalName: `M-${i}`,
      materialClass: sheet ? 'sheet' : 'round-bar',
      partNumber: null,
      manufacturer: null,
      tags: [],
      params: {},
      price: sheet ? { strategy: 'per-area', unit: 'm2', cents: 2500 + i } : { strategy: 'per-length', unit: 'm', cents: 399 + i },
      quantityInStock: { value: 10, unit: 'each' },
      scrapPercentage: i % 5,
      timeToReplenish: { value: 0, unit: 'd' },
      appearance: [],
    });
    recipe.materials.push(
      sheet
        ? { materialId: id, quantity: null, params: { width: { value: 300 + i, unit: 'mm' }, length: { value: 200 + i, unit: 'mm' } } }
        : { materialId: id, quantity: { value: 1.5 + i / 10, unit: 'm' }, params: null },
    );
    const sid = `${String(i).padStart(2, '0')}${'b'.repeat(22)}`;
    services.set(sid, {
      name: `Service ${i}`,
      displayName: null,
      serviceClass: 'length-based-service',
      code: null,
      serviceProvider: null,
      tags: [],
      generalPrice: { cents: 150 + i, unit: 'm' },
      prices: [{ id: 'fast', label: 'Fast', price: { cents: 225 + i, unit: 'm' }, material: [] }],
    });
    recipe.services.push({ serviceId: sid, quantity: { value: 1000 + i * 10, unit: 'mm' }, priceOptionId: i % 2 ? 'fast' : null });
  }
  const refs: PricingRefs = { materials, services };
  for (let i = 0; i < 200; i++) priceRecipe(recipe, 3, refs, 'Bench product');
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    priceRecipe(recipe, 3, refs, 'Bench product');
    times.push(performance.now() - start);
  }
  return summarize('quote pricing, 50-line recipe', times);
}
