import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * The security headers of every answer: helmet with a strict same-origin CSP; HTTPS upgrades are left to
 * the TLS-terminating proxy. Frames: only YouTube's no-cookie player, which plugin readmes embed (spec 001
 * §2; ADR 0034). One instance, used by express (main.ts) and by socket.io's engine (realtime.gateway.ts).
 */
export const securityHeaders = helmet({
  contentSecurityPolicy: { directives: { upgradeInsecureRequests: null, frameSrc: ["'self'", 'https://www.youtube-nocookie.com'] } },
});

/**
 * For socket.io's engine (`engine.use`): its HTTP answers (handshake, long-polling, its own 400s) are written
 * before express sees the request, so they get the same headers here, and like the API's are never stored
 * (ADR 0042). The engine runs this before it checks the request, so even a refusal carries them.
 */
export function socketIoHeaders(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void {
  res.setHeader('Cache-Control', 'no-store');
  securityHeaders(req, res, next);
}
