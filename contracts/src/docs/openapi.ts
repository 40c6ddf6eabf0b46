import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '../common/ids';
import { DEFAULT_BODY_LIMIT, HttpRoute, HttpRoutes } from '../http';

const schema = (s: z.ZodTypeAny, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

const errorAnswer = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

/** The error answers a route can give, from what it declares: input, session, body, state change. */
function errorAnswers(route: HttpRoute): Record<string, unknown> {
  const changes = route.method !== 'get';
  const limit = route.bodyLimit ?? DEFAULT_BODY_LIMIT;
  return {
    ...(route.params || route.query || route.body || route.idempotent
      ? { '400': errorAnswer('The input does not match the contract; `message` says what to fix.') }
      : {}),
    ...(route.auth ? { '401': errorAnswer('Not signed in, or the session has expired.') } : {}),
    ...(changes ? { '403': errorAnswer('Sent from a page of another origin (`Origin`, or `Referer` when there is no `Origin`).') } : {}),
    ...(route.params ? { '404': errorAnswer('No such entity, or not yours to see.') } : {}),
    ...(route.body ? { '413': errorAnswer(`The body is larger than ${limit} bytes; refused before it is read.`) } : {}),
    ...(route.body ? { '415': errorAnswer('The body is not `application/json`.') } : {}),
    ...(route.multipart
      ? {
          '413': errorAnswer(
            `The file is larger than its repo's limit (${route.multipart.maxBytes} bytes for plugins); refused by Content-Length before ` +
              `reading, or cut off while streaming. Nothing is stored.`,
          ),
        }
      : {}),
    ...(changes
      ? {
          '429': errorAnswer('Too many requests; `retryAfter` (and the `Retry-After` header) says how many seconds to wait.', {
            'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } },
          }),
        }
      : {}),
    '503': errorAnswer('A service is not available; try again.'),
  };
}

/** The OpenAPI 3.1 document of the BFF, generated from the route contracts. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, route] of Object.entries(HttpRoutes) as [string, HttpRoute][]) {
    const parameters: unknown[] = [];
    for (const [where, s] of [
      ['path', route.params],
      ['query', route.query],
    ] as const) {
      if (!s) continue;
      const json = schema(s, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
      }
    }
    if (route.idempotent) {
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description:
          `A repeat with the same key by the same user within 24 h answers the first result and creates nothing; a different body ` +
          `with the same key is 422. Sent as \`${IDEMPOTENCY_HEADER}\`.`,
        schema: schema(IdempotencyKey, 'input'),
      });
    }
    const changesVersioned = route.versioned && (route.method === 'patch' || route.method === 'delete');
    if (changesVersioned) {
      parameters.push({
        name: 'If-Match',
        in: 'header',
        required: false,
        description: 'The ETag the record was read with (its version, e.g. `"3"`): when the record changed since, the answer is 412 and nothing changes.',
        schema: { type: 'string' },
      });
    }
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      operationId,
      summary: route.summary,
      security: route.auth ? [{ cookie: [] }, { bearer: [] }] : [],
      parameters,
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(route.body, 'input') } } } } : {}),
      ...(route.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    required: [route.multipart.field],
                    properties: { [route.multipart.field]: { type: 'string', format: 'binary' }, folder: { type: 'string' }, repo: { type: 'string' } },
                  },
                },
              },
            },
          }
        : {}),
      responses: {
        [String(route.status ?? 200)]: {
          description: 'OK',
          ...(route.versioned ? { headers: { ETag: { description: "The record's version, for If-Match.", schema: { type: 'string' } } } } : {}),
          content: { 'application/json': { schema: schema(route.response, 'output') } },
        },
        ...(changesVersioned ? { '412': errorAnswer('If-Match names a version that is no longer current: someone changed the record meanwhile.') } : {}),
        ...(route.idempotent ? { '422': errorAnswer('The Idempotency-Key was used before with a different request.') } : {}),
        ...errorAnswers(route),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kiln BFF',
      version: '1.0.0',
      description:
        'HTTP API of the Kiln web app. Errors: { statusCode, message, errors?, retryAfter? }. Bodies are JSON only. ' +
        "State-changing requests must come from the app's own origin, unless they carry an Authorization header (then no cookie is read). " +
        'Programs use access tokens (`kiln_pat_…`, `kiln_tat_…`) as `Authorization: Bearer`, within their scopes (ADR 0065). ' +
        'Every answer is `Cache-Control: no-store`.',
    },
    components: {
      schemas: { ErrorBody: schema(ErrorBody, 'output') },
      securitySchemes: {
        cookie: { type: 'apiKey', in: 'cookie', name: 'kiln_session' },
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token (scopes read/write per area: models, plugins, assets, business) or a session token.',
        },
      },
    },
    paths,
  };
}
