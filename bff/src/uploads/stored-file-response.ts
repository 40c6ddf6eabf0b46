import { HttpException } from '@nestjs/common';
import { MEDIA_MESSAGES } from '@kiln/contracts';
import { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { IncomingMediaStorage, StorageFailed } from './media-storage';

/** What a stored file is served as: never a page of ours, whatever its bytes (ADR 0052). */
export interface StoredFileAnswer {
  /** The Content-Type it goes out with (the caller knows what the file is; nothing is sniffed). */
  contentType: string;
  /** `attachment` (downloaded) or `inline` (an <img>, a viewer's fetch). */
  disposition: 'inline' | 'attachment';
  /** The name a download is saved under. */
  filename?: string;
  /** Cache-Control; the API's `no-store` when absent. A private answer varies by who asks. */
  cacheControl?: string;
  /** The sentence of the 404 while the file is not there (a derived file not made yet). */
  notFound: string;
}

/** `attachment; filename="chair.stl"; filename*=UTF-8''chair.stl` (RFC 6266): ASCII stand-ins in the plain one. */
export function contentDisposition(disposition: 'inline' | 'attachment', filename?: string): string {
  if (!filename) return disposition;
  const plain = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Streams a stored file (local disk or S3, `IncomingMediaStorage.open`) to the client with backpressure,
 * never holding it in memory: its own type, `nosniff`, a CSP that sandboxes it and forbids everything
 * (`sandbox; default-src 'none'`), and the disposition asked for. The caller checks who may read it first.
 * 404 with `notFound` when the file is not there; 503 when the store fails. Used by the asset items' file
 * routes and the model geometry route.
 */
export async function sendStoredFile(req: Request, res: Response, storage: IncomingMediaStorage, key: string, answer: StoredFileAnswer): Promise<void> {
  let file;
  try {
    file = await storage.open(key);
  } catch (error) {
    if (error instanceof StorageFailed) throw new HttpException({ statusCode: 503, message: MEDIA_MESSAGES.storageUnavailable }, 503);
    throw error;
  }
  if (!file) throw new HttpException({ statusCode: 404, message: answer.notFound }, 404);
  res.status(200);
  res.setHeader('Content-Type', answer.contentType);
  res.setHeader('Content-Length', String(file.size));
  res.setHeader('Content-Disposition', contentDisposition(answer.disposition, answer.filename));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  if (answer.cacheControl) {
    res.setHeader('Cache-Control', answer.cacheControl);
    res.setHeader('Vary', 'Cookie, Authorization');
  }
  if (req.method === 'HEAD') {
    file.stream.destroy();
    res.end();
    return;
  }
  try {
    await pipeline(file.stream, res);
  } catch {
    // The client went away, or the store broke mid-file: the headers are gone, so the answer is cut short.
    file.stream.destroy();
    res.destroy();
  }
}
