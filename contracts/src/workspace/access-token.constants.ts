/**
 * Plain values of access tokens (issue 21, ADR 0065), without zod: the areas a token's scopes name, the
 * secrets' prefixes, and the one table that says which area every `/api` route belongs to.
 */

/** The areas a token may be given access to; each read or write. */
export const TOKEN_AREAS = ['models', 'plugins', 'assets', 'business'] as const;
export type TokenArea = (typeof TOKEN_AREAS)[number];
export const TOKEN_ACCESS = ['read', 'write'] as const;
export type TokenAccess = (typeof TOKEN_ACCESS)[number];
export type TokenScope = `${TokenArea}:${TokenAccess}`;
/** Every scope, in the order the web app shows them: `models:read`, `models:write`, `plugins:read`, ... */
export const TOKEN_SCOPES = TOKEN_AREAS.flatMap((area) => TOKEN_ACCESS.map((access) => `${area}:${access}` as TokenScope)) as readonly TokenScope[];
/** The areas as people read them. */
export const TOKEN_AREA_LABELS: Record<TokenArea, string> = { models: 'Models', plugins: 'Plugins', assets: 'Assets', business: 'Business' };

/** A personal token's secret starts with this, a team token's with the next: recognisable in logs and by secret scanners. */
export const PERSONAL_TOKEN_PREFIX = 'kiln_pat_';
export const TEAM_TOKEN_PREFIX = 'kiln_tat_';
/** Whether a Bearer credential is an access token (otherwise it is read as a session token). */
export const isAccessTokenSecret = (secret: string) => secret.startsWith(PERSONAL_TOKEN_PREFIX) || secret.startsWith(TEAM_TOKEN_PREFIX);

export const ACCESS_TOKEN_NAME_MAX = 100;
/** Live tokens one person (personal) or one team may hold. */
export const ACCESS_TOKENS_MAX = 50;
/** The expiry choices the web app offers, in days; `null` (no expiry) is offered too. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
/** A token's last-used time is written at most this often (ms): the first use after it has passed writes it. */
export const ACCESS_TOKEN_LAST_USED_EVERY_MS = 60_000;

/**
 * What a route is, to an access token: an area (its scopes decide, GET/HEAD read, every other method writes),
 * `account` (the person's own account: read only — a token cannot change it), `tokens` (tokens are never made
 * or revoked with a token), `integrations` (webhooks and their signing secrets: set up by a signed-in person
 * only), `open` (routes without a session: the token changes nothing there) or `events`
 * (the replay of integration events, ADR 0066: read by any token, which then follows what its owner may see).
 */
export type TokenRouteArea = TokenArea | 'account' | 'tokens' | 'integrations' | 'open' | 'events';

/**
 * The one home of the map route → area: path prefixes, the first that matches wins (so the longer come
 * first). A route that matches none is refused to tokens, so a new route is closed until it is listed here;
 * a unit test (access-token.constants.spec.ts) checks that every contract route matches one.
 */
export const TOKEN_ROUTE_AREAS: readonly (readonly [prefix: string, area: TokenRouteArea])[] = [
  ['/api/auth/register', 'open'],
  ['/api/auth/login', 'open'],
  ['/api/auth/', 'account'],
  ['/api/workspace/access-token', 'tokens'],
  ['/api/integrations/', 'integrations'],
  ['/api/events', 'events'],
  ['/api/public/', 'open'],
  ['/api/hooks/', 'open'],
  ['/api/bgpm/public/', 'open'],
  ['/api/bgpm/', 'plugins'],
  ['/api/workspace/model', 'models'],
  ['/api/workspace/shared-model', 'models'],
  ['/api/workspace/user-favorite', 'models'],
  ['/api/workspace/team', 'models'],
  ['/api/workspace/publish', 'models'],
  ['/api/notification/', 'models'],
  ['/api/product/', 'models'],
  ['/api/workspace/distinct/business-', 'business'],
  ['/api/workspace/business-', 'business'],
  ['/api/workspace/distinct/', 'assets'],
  ['/api/workspace/component', 'assets'],
  ['/api/workspace/font', 'assets'],
  ['/api/workspace/image', 'assets'],
  ['/api/workspace/resource-svg', 'assets'],
  ['/api/workspace/object-3-d', 'assets'],
  ['/api/workspace/texture', 'assets'],
  ['/api/workspace/environment-map', 'assets'],
  ['/api/workspace/scene', 'assets'],
  ['/api/upload', 'assets'],
  ['/api/media', 'assets'],
];

/**
 * Routes about the person alone — their notifications, favorites and the models shared with them: a team token (which
 * acts for its team) never reaches them, though they are in the models area (ADR 0065).
 */
export const PERSONAL_ROUTE_PREFIXES: readonly string[] = ['/api/notification/', '/api/workspace/user-favorite', '/api/workspace/shared-model'];

/** The area of a request path, or null when the table does not list it (then a token is refused there). */
export function tokenRouteArea(path: string): TokenRouteArea | null {
  for (const [prefix, area] of TOKEN_ROUTE_AREAS) if (path.startsWith(prefix)) return area;
  return null;
}

/** GET and HEAD read; every other method writes. */
export const tokenAccessOf = (method: string): TokenAccess => (method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD' ? 'read' : 'write');
