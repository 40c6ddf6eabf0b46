import type { CookieOptions } from 'express';
import { allowedOrigins } from '../http/origin';

export const SESSION_MAX_AGE_MS = 30 * 86_400_000;

/**
 * The session cookie's attributes: HttpOnly, SameSite=Lax, and Secure when the request arrived over TLS —
 * `req.secure`, which believes `X-Forwarded-Proto` only from a proxy trusted by `KILN_TRUST_PROXY`
 * (trust-proxy.ts) — or whenever every origin in `KILN_ALLOWED_ORIGINS` is https: then no page allowed to
 * use the API is served over plain HTTP, so the cookie never needs to travel without TLS (ADR 0042).
 */
export function sessionCookieOptions(req: { secure: boolean }, allowed: string[] | null = allowedOrigins()): CookieOptions {
  const httpsOnly = !!allowed?.length && allowed.every((origin) => origin.startsWith('https://'));
  return { httpOnly: true, sameSite: 'lax', secure: req.secure || httpsOnly, path: '/' };
}
