import { Logger } from '@nestjs/common';
import { STORE_HOOK_BODY_LIMIT, STORE_HOOK_FORWARDED_HEADERS, STORE_HOOK_PATH_PREFIX, StoreOrdersRpc } from '@kiln/contracts';
import { NextFunction, Request, Response } from 'express';
import { closeUnlessSmallBody, MESSAGES } from '../http/hardening';
import { sendError } from '../http/http-error.filter';
import { ServiceClient } from '../services/service-client';

const PATH = new RegExp(`^${STORE_HOOK_PATH_PREFIX.replace(/[/]/g, '\\/')}([^/]+)\\/?$`);

/** The raw body, byte for byte, up to `limit`; null once it passed the limit (the rest is not read). */
export function readRawBody(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (then: () => void) => {
      if (settled) return;
      settled = true;
      req.off('data', onData);
      then();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.pause();
      settle(() => resolve(null));
    };
    req.on('data', onData);
    req.once('end', () => settle(() => resolve(Buffer.concat(chunks))));
    req.once('error', (error) => settle(() => reject(error)));
  });
}

function refuse(req: Request, res: Response, statusCode: number, message: string): void {
  closeUnlessSmallBody(req, res);
  res.status(statusCode).json({ statusCode, message });
}

/**
 * `POST /api/hooks/store/{connectionId}` (ADR 0060): an outside store's order webhook. No session and no JSON
 * parsing: the platform signs the exact bytes, so the body is read raw (at most STORE_HOOK_BODY_LIMIT, refused
 * with 413 past it, before a byte is read when announced) and sent on to the commerce service with only the
 * platform's headers, which verifies the signature, de-duplicates and creates the orders. Its answer (200, or 401
 * with nothing stored) goes back as it is. The JSON parser (hardening.ts) leaves this route alone (`rawBody`).
 */
export function storeHooks(services: ServiceClient) {
  const logger = new Logger('store-hooks');
  return (req: Request, res: Response, next: NextFunction): void => {
    const match = PATH.exec(req.path);
    if (!match) return next();
    if (req.method !== 'POST') return next();
    if ((req.headers['content-encoding'] ?? 'identity').toLowerCase() !== 'identity') return refuse(req, res, 415, MESSAGES.notJson);
    if (Number(req.headers['content-length'] ?? 0) > STORE_HOOK_BODY_LIMIT) return refuse(req, res, 413, MESSAGES.tooLarge);
    void (async () => {
      const raw = await readRawBody(req, STORE_HOOK_BODY_LIMIT);
      if (raw === null) return refuse(req, res, 413, MESSAGES.tooLarge);
      const connectionId = decodeURIComponent(match[1]!).slice(0, 64);
      const headers: Record<string, string> = {};
      for (const name of STORE_HOOK_FORWARDED_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value.slice(0, 1024);
      }
      const answer = await services.call(StoreOrdersRpc.receiveStoreHook, {
        // Counted against the command limit per connection, not per person (there is none).
        actor: { userId: `store-hook:${connectionId}` },
        body: { connectionId, headers, bodyBase64: raw.toString('base64') },
      });
      res.status(200).json(answer);
    })().catch((error: unknown) => sendError(res, error, logger));
  };
}
