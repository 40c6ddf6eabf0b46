import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/** Frames: only YouTube's no-cookie player, which plugin readmes embed (spec 001 §2; ADR 0034). */
const FRAME_SRC = ["'self'", 'https://www.youtube-nocookie.com'];

/**
 * The security headers of every answer: helmet with a strict same-origin CSP; HTTPS upgrades are left to
 * the TLS-terminating proxy. No page of ours may be framed (`frame-ancestors 'none'`, X-Frame-Options DENY),
 * except the embed player (ADR 0054). One instance, used by express (main.ts) and by socket.io's engine
 * (realtime.gateway.ts).
 */
const strictHeaders = helmet({
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, frameSrc: FRAME_SRC, frameAncestors: ["'none'"] } },
  xFrameOptions: { action: 'deny' },
});

/**
 * `/embed/{modelId}` (the page the embed snippet's iframe opens, spec 000 §9; ADR 0054) is meant to be framed
 * by any site: `frame-ancestors *` and no X-Frame-Options, the rest as every page. Its data and files come
 * from /api, which stays unframeable; what it shows follows the model's access, never the framing site.
 */
const embeddableHeaders = helmet({
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, frameSrc: FRAME_SRC, frameAncestors: ['*'] } },
  xFrameOptions: false,
});

/** The embed player's pages: `/embed/<id>` (a client route served the app's index.html). */
export const isEmbedPath = (path: string) => /^\/embed\/[^/]+\/?$/.test(path);

export function securityHeaders(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void {
  const path = (req.url ?? '/').split('?')[0]!;
  (isEmbedPath(path) ? embeddableHeaders : strictHeaders)(req, res, next);
}

/**
 * For socket.io's engine (`engine.use`): its HTTP answers (handshake, long-polling, its own 400s) are written
 * before express sees the request, so they get the same headers here, and like the API's are never stored
 * (ADR 0042). The engine runs this before it checks the request, so even a refusal carries them.
 */
export function socketIoHeaders(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void {
  res.setHeader('Cache-Control', 'no-store');
  strictHeaders(req, res, next);
}
