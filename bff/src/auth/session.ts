import { SESSION_COOKIE } from '@kiln/contracts';

/** How a request says who it is: an `Authorization: Bearer` credential (a session token or an access token, ADR 0065) or the session cookie. */
export type Credential = { via: 'bearer' | 'cookie'; token: string };

/**
 * The request's credential. When an `Authorization` header is there it is the only one looked at: a Bearer
 * request is never authenticated by a cookie too, and a malformed or non-Bearer header is no credential at all
 * (401), whatever cookie comes with it.
 */
export function credentialFrom(headers: { authorization?: string; cookie?: string }, cookies?: Record<string, string>): Credential | null {
  if (headers.authorization !== undefined) {
    const bearer = headers.authorization.match(/^Bearer\s+(\S+)$/i)?.[1];
    return bearer ? { via: 'bearer', token: bearer } : null;
  }
  const cookie = cookies?.[SESSION_COOKIE] ?? parseCookie(headers.cookie ?? '')[SESSION_COOKIE];
  return cookie ? { via: 'cookie', token: cookie } : null;
}

/** The session token from the cookie or `Authorization: Bearer` (see credentialFrom). */
export function tokenFrom(headers: { authorization?: string; cookie?: string }, cookies?: Record<string, string>): string | null {
  return credentialFrom(headers, cookies)?.token ?? null;
}

export function parseCookie(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) out[part.slice(0, index).trim()] = decodeURIComponent(part.slice(index + 1).trim());
  }
  return out;
}
