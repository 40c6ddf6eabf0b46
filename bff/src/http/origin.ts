import type { IncomingHttpHeaders } from 'node:http';

/**
 * Which origins may send state-changing requests and open live connections. `KILN_ALLOWED_ORIGINS`
 * (comma-separated, e.g. `https://kiln.example,https://admin.kiln.example`) when set; otherwise only the
 * app's own origin, as the browser addressed it (the Host header).
 */
export function allowedOrigins(env: NodeJS.ProcessEnv = process.env): string[] | null {
  const list = (env.KILN_ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return list.length ? list : null;
}

/** `http://localhost:8080/x?y` → `http://localhost:8080`; undefined when it is not a URL. */
function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? undefined : parsed.origin;
  } catch {
    return undefined;
  }
}

/**
 * True when the request comes from an allowed origin: its `Origin` header, or when absent its `Referer`.
 * A request with neither is not from a browser page (curl, an integration with a Bearer token) and
 * cannot be a cross-site forgery, so it passes.
 */
export function originAllowed(headers: IncomingHttpHeaders, allowed: string[] | null = allowedOrigins()): boolean {
  const origin = headers.origin;
  const referer = headers.referer;
  if (origin === undefined && referer === undefined) return true;
  const claimed = origin !== undefined ? (origin === 'null' ? undefined : originOf(origin)) : originOf(referer!);
  if (!claimed) return false;
  if (allowed) return allowed.includes(claimed);
  // The app's own origin: same host and port as the request was sent to.
  return !!headers.host && new URL(claimed).host === headers.host;
}
