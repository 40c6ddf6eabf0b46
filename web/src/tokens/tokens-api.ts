import type { AccessToken, AccessTokenList, CreateAccessTokenBody, CreatedAccessToken } from '@kiln/contracts';
import { request } from '../api/client';

const base = '/api/workspace/access-token';

/** Access tokens (issue 21; ADR 0065): the routes of contracts/src/workspace/access-tokens.ts. */
export const tokensApi = {
  list: (teamId: string | null) => request<AccessTokenList>('GET', base, teamId ? { query: { teamId } } : {}),
  create: (body: CreateAccessTokenBody) => request<CreatedAccessToken>('POST', base, { body }),
  revoke: (tokenId: string) => request<AccessToken>('DELETE', `${base}/${encodeURIComponent(tokenId)}`),
};
