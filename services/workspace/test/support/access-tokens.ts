import type { CreateAccessTokenBody, CreatedAccessToken, TokenScope } from '@kiln/contracts';
import type { StackHttp } from './stack-http';

/**
 * An access token made through the BFF as the web app makes it (ADR 0065): `sessionToken` is a signed-in
 * person's session (e.g. `(await signUp('x')).token`); the answer holds the secret, to send as
 * `Authorization: Bearer <secret>` (StackHttp's `http(method, path, secret)` does). `teamId` makes a team
 * token (the person must own the team); `expiresAt` an ISO time, absent for none.
 */
export async function createAccessToken(
  stack: Pick<StackHttp, 'ok'>,
  sessionToken: string,
  scopes: TokenScope[],
  options: Partial<Omit<CreateAccessTokenBody, 'scopes'>> = {},
): Promise<CreatedAccessToken> {
  const body: CreateAccessTokenBody = { name: options.name ?? `token ${Math.random().toString(36).slice(2, 8)}`, scopes, ...options };
  return stack.ok<CreatedAccessToken>('POST', '/api/workspace/access-token', sessionToken, body);
}
