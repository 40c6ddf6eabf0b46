import { SESSION_COOKIE } from '@kiln/contracts';

/** The session token from the cookie or `Authorization: Bearer`, whichever is there. */
export function tokenFrom(headers: { authorization?: string; cookie?: string }, cookies?: Record<string, string>): string | null {
  const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  if (cookies?.[SESSION_COOKIE]) return cookies[SESSION_COOKIE];
  return parseCookie(headers.cookie ?? '')[SESSION_COOKIE] ?? null;
}

export function parseCookie(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0) out[part.slice(0, index).trim()] = decodeURIComponent(part.slice(index + 1).trim());
  }
  return out;
}
