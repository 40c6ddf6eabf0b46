import {
  ACCESS_TOKEN_LAST_USED_EVERY_MS,
  ACCESS_TOKEN_NAME_MAX,
  ACCESS_TOKENS_MAX,
  COMMON_MESSAGES,
  PERSONAL_ROUTE_PREFIXES,
  TOKEN_AREA_LABELS,
  TOKEN_SCOPES,
  tokenAccessOf,
  TokenAccess,
  TokenArea,
  tokenRouteArea,
  TokenScope,
} from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { RateLimitRule } from './rate-limits';

/**
 * Access tokens (issue 21, ADR 0065): a person's or a team's key for programs. The rules here run in the
 * workspace service (create, list, revoke), the BFF (what a token may do on a route) and the web app (the form).
 */
export const ACCESS_TOKEN_MESSAGES = {
  nameRequired: COMMON_MESSAGES.required,
  nameTooLong: `The name must be at most ${ACCESS_TOKEN_NAME_MAX} characters.`,
  nameTaken: 'A token with this name already exists. Choose another name.',
  scopesRequired: 'Choose at least one scope.',
  expiryInPast: 'The expiry date must be in the future.',
  tooMany: `There are already ${ACCESS_TOKENS_MAX} tokens here, the most allowed. Revoke one first.`,
  notFound: 'This token does not exist or was already revoked.',
  teamOwnersOnly: 'Only an owner of the team can see and manage its tokens.',
  /** 401: the secret matches no live token (unknown, revoked, expired, or its team owner is no longer one). */
  invalid: 'This access token is not valid: it was revoked, has expired, or never existed.',
  /** 403: a token is never used to make, see or revoke tokens, nor to change the account. */
  notForTokens: 'An access token cannot create, list or revoke tokens. Sign in to Kiln to manage tokens.',
  notForAccount: 'An access token cannot change the account. Sign in to Kiln to do that.',
  notForIntegrations: 'An access token cannot see or change webhooks. Sign in to Kiln to manage them.',
  notHere: 'An access token cannot be used on this route.',
  notForTeamTokens: 'A team token cannot reach a person’s own notifications, favorites or shared models. Use a personal token for those.',
  rateLimited: 'Too many requests with this access token. Wait a moment and try again.',
  secretShownOnce: 'Copy this token now. It will not be shown again.',
} as const;

/** Requests one token may make on one BFF instance (default; `KILN_LIMIT_ACCESS_TOKEN_REQUESTS` overrides it). */
export const ACCESS_TOKEN_RATE_LIMIT = { perToken: { max: 600, windowSeconds: 60 } } as const satisfies Record<string, RateLimitRule>;

/** 403 beyond the token's scopes, naming the scope it lacks. */
export const beyondScopeMessage = (area: TokenArea, access: TokenAccess) =>
  `This access token cannot ${access === 'read' ? 'read' : 'change'} ${TOKEN_AREA_LABELS[area].toLowerCase()}: it needs the ${area}:${access} scope.`;

/** Write on an area includes read on it. */
export function scopesAllow(scopes: readonly TokenScope[], area: TokenArea, access: TokenAccess): boolean {
  return scopes.includes(`${area}:write`) || (access === 'read' && scopes.includes(`${area}:read`));
}

export type TokenVerdict = { allowed: true } | { allowed: false; status: 403; message: string };

/**
 * What a token with these scopes may do with `method path` (the one check the BFF makes for every token request); a
 * team token (`team`) is also kept off the routes about a person alone.
 */
export function tokenMay(scopes: readonly TokenScope[], method: string, path: string, token: { team?: boolean } = {}): TokenVerdict {
  const area = tokenRouteArea(path);
  const access = tokenAccessOf(method);
  const refuse = (message: string): TokenVerdict => ({ allowed: false, status: 403, message });
  if (area === null) return refuse(ACCESS_TOKEN_MESSAGES.notHere);
  if (area === 'open') return { allowed: true };
  if (area === 'tokens') return refuse(ACCESS_TOKEN_MESSAGES.notForTokens);
  if (area === 'integrations') return refuse(ACCESS_TOKEN_MESSAGES.notForIntegrations);
  if (area === 'account') return access === 'read' ? { allowed: true } : refuse(ACCESS_TOKEN_MESSAGES.notForAccount);
  if (area === 'events') return access === 'read' ? { allowed: true } : refuse(ACCESS_TOKEN_MESSAGES.notHere);
  if (token.team && PERSONAL_ROUTE_PREFIXES.some((prefix) => path.startsWith(prefix))) return refuse(ACCESS_TOKEN_MESSAGES.notForTeamTokens);
  return scopesAllow(scopes, area, access) ? { allowed: true } : refuse(beyondScopeMessage(area, access));
}

/** The scopes as kept: known ones only, each once, in the catalogue's order. */
export const normalizeScopes = (scopes: readonly string[]): TokenScope[] => TOKEN_SCOPES.filter((scope) => scopes.includes(scope));

export interface NewAccessToken {
  name: string;
  scopes: readonly string[];
  /** When it stops working; null for never. */
  expiresAt: Date | null;
}

/** The field errors of a new token (empty when it may be made). */
export function accessTokenErrors(input: NewAccessToken, now: Date): { path: string; message: string }[] {
  const errors: { path: string; message: string }[] = [];
  const name = input.name.trim();
  if (!name) errors.push({ path: 'name', message: ACCESS_TOKEN_MESSAGES.nameRequired });
  else if (name.length > ACCESS_TOKEN_NAME_MAX) errors.push({ path: 'name', message: ACCESS_TOKEN_MESSAGES.nameTooLong });
  if (normalizeScopes(input.scopes).length === 0) errors.push({ path: 'scopes', message: ACCESS_TOKEN_MESSAGES.scopesRequired });
  if (input.expiresAt && input.expiresAt.getTime() <= now.getTime()) errors.push({ path: 'expiresAt', message: ACCESS_TOKEN_MESSAGES.expiryInPast });
  return errors;
}

/** Checks a new token against the rules and what is already there; throws the first refusal. */
export function checkNewAccessToken(input: NewAccessToken, now: Date, existing: { names: string[]; count: number }): { name: string; scopes: TokenScope[] } {
  const errors = accessTokenErrors(input, now);
  if (errors.length) throw new DomainError('invalid', errors[0].message, errors);
  const name = input.name.trim();
  if (existing.names.some((taken) => taken.toLowerCase() === name.toLowerCase()))
    throw new DomainError('conflict', ACCESS_TOKEN_MESSAGES.nameTaken, [{ path: 'name', message: ACCESS_TOKEN_MESSAGES.nameTaken }]);
  if (existing.count >= ACCESS_TOKENS_MAX) throw new DomainError('conflict', ACCESS_TOKEN_MESSAGES.tooMany);
  return { name, scopes: normalizeScopes(input.scopes) };
}

/** Team tokens are made, seen and revoked by the team's owners only. */
export function checkMayManageTeamTokens(role: string | null): void {
  if (role !== 'owner') throw new DomainError('forbidden', ACCESS_TOKEN_MESSAGES.teamOwnersOnly);
}

/** Whether a token still works at `now` (no expiry, or one still ahead). */
export const accessTokenLive = (expiresAt: Date | null, now: Date) => expiresAt === null || expiresAt.getTime() > now.getTime();

/** Whether a use at `now` should write the last-used time (never written, or written over a minute ago). */
export const lastUsedIsStale = (lastUsedAt: Date | null, now: Date) =>
  lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= ACCESS_TOKEN_LAST_USED_EVERY_MS;
