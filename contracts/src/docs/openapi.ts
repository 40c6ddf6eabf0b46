import { z } from 'zod';
import { ErrorBody } from '../common/errors';
import { HttpRoute, HttpRoutes } from '../http';

const schema = (s: z.ZodTypeAny, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

/** The OpenAPI 3.1 document of the BFF, generated from the route contracts. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, route] of Object.entries(HttpRoutes) as [string, HttpRoute][]) {
    const parameters: unknown[] = [];
    for (const [where, s] of [['path', route.params], ['query', route.query]] as const) {
      if (!s) continue;
      const json = schema(s, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: prop });
      }
    }
    paths[route.path] ??= {};
    paths[route.path][route.method] = {
      operationId,
      summary: route.summary,
      security: route.auth ? [{ cookie: [] }, { bearer: [] }] : [],
      parameters,
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(route.body, 'input') } } } } : {}),
      responses: {
        [String(route.status ?? 200)]: { description: 'OK', content: { 'application/json': { schema: schema(route.response, 'output') } } },
        '4XX': { description: 'Bad input, not signed in, or not found', content: { 'application/json': { schema: schema(ErrorBody, 'output') } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Kiln BFF', version: '1.0.0', description: 'HTTP API of the Kiln web app. Errors: { statusCode, message, errors? }.' },
    components: {
      securitySchemes: {
        cookie: { type: 'apiKey', in: 'cookie', name: 'kiln_session' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}
