import { z } from 'zod';
import { creating, passThrough, rpc, withActor } from '../common/contract-builders';
import { Id, Text, Timestamp } from '../common/ids';
import { listOf } from '../common/list';
import { ACCESS_TOKEN_NAME_MAX, TOKEN_SCOPES, TokenScope as TokenScopeValue } from './access-token.constants';
import { User } from './user';

export * from './access-token.constants';

/** Access tokens (issue 21, ADR 0065): shapes only; the rules and their sentences are in domain/workspace/access-token.ts. */
export const TokenScope = z.enum(TOKEN_SCOPES as [TokenScopeValue, ...TokenScopeValue[]]);
export type TokenScope = TokenScopeValue;

/** POST /api/workspace/access-token: a personal token, or with `teamId` a team token (owners only). */
export const CreateAccessTokenBody = z.strictObject({
  name: Text(ACCESS_TOKEN_NAME_MAX * 2),
  scopes: z.array(TokenScope).max(TOKEN_SCOPES.length * 2),
  /** When it stops working; null or absent for never. */
  expiresAt: Timestamp.nullable().optional(),
  teamId: Id.nullish(),
});
export type CreateAccessTokenBody = z.infer<typeof CreateAccessTokenBody>;

/** A token as listed: never its secret, nor its hash. */
export const AccessToken = z.object({
  id: Id,
  name: z.string(),
  scopes: z.array(TokenScope),
  /** The team of a team token; null for a personal one. */
  teamId: Id.nullable(),
  /** Who made it: a team token acts as them while they own the team. */
  createdBy: Id,
  createdAt: Timestamp,
  expiresAt: Timestamp.nullable(),
  lastUsedAt: Timestamp.nullable(),
  /** The secret's first characters (`kiln_pat_AbC1`), to tell tokens apart. */
  hint: z.string(),
});
export type AccessToken = z.infer<typeof AccessToken>;

/** The answer to a create: the token and, this once only, its secret. */
export const CreatedAccessToken = z.object({ token: AccessToken, secret: z.string() });
export type CreatedAccessToken = z.infer<typeof CreatedAccessToken>;

export const AccessTokenList = listOf(AccessToken);
export type AccessTokenList = z.infer<typeof AccessTokenList>;

/** GET /api/workspace/access-token: the caller's personal tokens, or with `teamId` the team's (owners only). */
export const ListAccessTokensQuery = z.strictObject({ teamId: Id.optional() });
export type ListAccessTokensQuery = z.infer<typeof ListAccessTokensQuery>;

export const AccessTokenIdParams = z.strictObject({ id: Id });

/** What the BFF learns of a live token's secret: whom it acts as, its scopes, and until when. */
export const ResolvedAccessToken = z.object({
  user: User,
  tokenId: Id,
  scopes: z.array(TokenScope),
  teamId: Id.nullable(),
  expiresAt: Timestamp.nullable(),
});
export type ResolvedAccessToken = z.infer<typeof ResolvedAccessToken>;

/** The revoked token and the key every BFF instance knows it by (the SHA-256 of its secret, as stored). */
export const RevokedAccessToken = z.object({ token: AccessToken, key: z.string() });

export const AccessTokenRpc = {
  listAccessTokens: rpc('rpc.workspace.access-token.list', withActor(ListAccessTokensQuery), AccessTokenList),
  createAccessToken: rpc('rpc.workspace.access-token.create', creating(CreateAccessTokenBody), CreatedAccessToken),
  revokeAccessToken: rpc('rpc.workspace.access-token.revoke', withActor(z.object({ id: z.string() })), RevokedAccessToken),
  resolveAccessToken: rpc('rpc.workspace.access-token.resolve', z.object({ secret: z.string() }), ResolvedAccessToken),
} as const;

export const AccessTokenHttpRoutes = {
  listAccessTokens: passThrough({
    method: 'get',
    path: '/api/workspace/access-token',
    summary: "List the caller's personal access tokens, or a team's (owners)",
    auth: true,
    query: ListAccessTokensQuery,
    response: AccessTokenList,
    rpc: AccessTokenRpc.listAccessTokens,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  createAccessToken: passThrough({
    method: 'post',
    path: '/api/workspace/access-token',
    summary: 'Create an access token (its secret is in this answer only)',
    auth: true,
    body: CreateAccessTokenBody,
    response: CreatedAccessToken,
    status: 201,
    rpc: AccessTokenRpc.createAccessToken,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  /** Hand-written in the BFF (bff/src/auth/access-tokens.controller.ts): every instance forgets the token before the answer. */
  revokeAccessToken: {
    method: 'delete',
    path: '/api/workspace/access-token/{id}',
    summary: 'Revoke an access token',
    auth: true,
    params: AccessTokenIdParams,
    response: AccessToken,
  },
} as const;
