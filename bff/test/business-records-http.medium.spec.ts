import { randomBytes } from 'node:crypto';
import { Stack, startStack, throwawayStackOptions } from '../../deploy/src/stack';

/**
 * Business records over HTTP through the real BFF and services (ADR 0029): the version travels as the
 * ETag, If-Match comes back as the version the client read (412 when stale), history and ?version=N.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ ...throwawayStackOptions('records'), log: () => undefined, childLog: () => undefined });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

async function http(method: string, path: string, token: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as any) : undefined, etag: response.headers.get('etag') };
}

async function signUp(fullName: string): Promise<{ token: string; id: string }> {
  const email = `records-${randomBytes(5).toString('hex')}@example.com`;
  const response = await fetch(`${stack.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse', fullName }),
  });
  expect(response.status).toBe(201);
  const body = await response.json();
  return { token: body.token, id: body.user.id };
}

const material = {
  name: 'PLA spool',
  internalName: 'PLA-1',
  materialClass: 'weight',
  price: { strategy: 'per-weight', unit: 'kg', price: 19.99 },
  quantityInStock: { value: 3, unit: 'kg' },
};

it('a material: ETag on create, get and change; If-Match stale is 412; history and ?version=N over HTTP', async () => {
  const me = await signUp('Ada Maker');
  const created = await http('POST', '/api/workspace/business-material', me.token, { body: material, headers: { 'idempotency-key': `k-${me.id}` } });
  expect(created).toMatchObject({ status: 201, etag: '"1"', body: { version: 1, name: 'PLA spool', inStock: true, kind: 'mass', category: 'bulk' } });
  const id = created.body.id as string;
  expect(await http('GET', `/api/workspace/business-material/${id}`, me.token)).toMatchObject({ status: 200, etag: '"1"' });

  const changed = await http('PATCH', `/api/workspace/business-material/${id}`, me.token, {
    body: { quantityInStock: { value: 0, unit: 'kg' } },
    headers: { 'if-match': '"1"' },
  });
  expect(changed).toMatchObject({ status: 200, etag: '"2"', body: { version: 2, inStock: false } });
  const stale = await http('PATCH', `/api/workspace/business-material/${id}`, me.token, { body: { name: 'Late' }, headers: { 'if-match': '"1"' } });
  expect(stale).toMatchObject({ status: 412, body: { statusCode: 412, message: 'This was changed by someone else meanwhile. Reload it and try again.' } });
  expect(await http('DELETE', `/api/workspace/business-material/${id}`, me.token, { headers: { 'if-match': '"1"' } })).toMatchObject({ status: 412 });

  const past = await http('GET', `/api/workspace/business-material/${id}?version=1`, me.token);
  expect(past).toMatchObject({ status: 200, etag: '"1"', body: { version: 1, inStock: true } });
  const history = await http('GET', `/api/workspace/business-material/${id}/history`, me.token);
  expect(history.status).toBe(200);
  expect(history.body.data.map((e: { type: string; by: { fullName: string } }) => [e.type, e.by.fullName])).toEqual([
    ['material.created', 'Ada Maker'],
    ['material.updated', 'Ada Maker'],
  ]);
  const list = await http('GET', `/api/workspace/business-material?where=${encodeURIComponent(JSON.stringify({ name: { contains: 'pla' } }))}`, me.token);
  expect(list.body).toMatchObject({ total: 1, data: [{ id }] });

  const other = await signUp('Someone Else');
  expect(await http('GET', `/api/workspace/business-material/${id}`, other.token)).toMatchObject({ status: 404 });
  expect(await http('DELETE', `/api/workspace/business-material/${id}`, me.token, { headers: { 'if-match': '"2"' } })).toMatchObject({
    status: 200,
    etag: '"3"',
  });
  expect(await http('GET', `/api/workspace/business-material/${id}`, me.token)).toMatchObject({ status: 404 });

  // Undo (ADR 0049): the same material back at the next version, for its owner only.
  expect(await http('POST', `/api/workspace/business-material/${id}/restore`, other.token)).toMatchObject({ status: 404 });
  expect(await http('POST', `/api/workspace/business-material/${id}/restore`, me.token)).toMatchObject({ status: 200, etag: '"4"', body: { id, version: 4 } });
  expect(await http('GET', `/api/workspace/business-material/${id}`, me.token)).toMatchObject({ status: 200, etag: '"4"' });
  expect(await http('POST', `/api/workspace/business-material/${id}/restore`, me.token)).toMatchObject({
    status: 409,
    body: { message: 'This record was not removed, so there is nothing to undo.' },
  });
});

it('a service over HTTP: created, listed with its price range, tags distinct', async () => {
  const me = await signUp('Sam Cutter');
  const created = await http('POST', '/api/workspace/business-service', me.token, {
    body: { name: 'Sanding', serviceClass: 'time-based-service', generalPrice: { value: 30, unit: 'h' }, tags: ['finish'] },
  });
  expect(created).toMatchObject({ status: 201, etag: '"1"', body: { priceRange: { min: 30, max: 30 }, materialCount: 0 } });
  const list = await http('GET', `/api/workspace/business-service?sort=${encodeURIComponent('{"name":1}')}`, me.token);
  expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(['Sanding']);
  expect((await http('GET', '/api/workspace/distinct/business-service/tags', me.token)).body).toEqual({ data: ['finish'] });
});
