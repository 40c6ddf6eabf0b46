import { DEFAULT_BODY_LIMIT, HttpRoute, HttpRoutes } from '@kiln/contracts';

/** `/api/workspace/model/{id}` → a regular expression matching `/api/workspace/model/<anything but />`. */
const pattern = (path: string) => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);

const table = (Object.values(HttpRoutes) as HttpRoute[]).map((route) => ({ route, method: route.method.toUpperCase(), matches: pattern(route.path) }));

/** The contract route a request is for, if any. */
export function routeFor(method: string, path: string): HttpRoute | undefined {
  return table.find((entry) => entry.method === method && entry.matches.test(path))?.route;
}

/** The largest body this request may carry: its route's limit, or the default for all. */
export function bodyLimitFor(method: string, path: string): number {
  return routeFor(method, path)?.bodyLimit ?? DEFAULT_BODY_LIMIT;
}
