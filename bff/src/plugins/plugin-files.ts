import { HttpException, Logger } from '@nestjs/common';
import { PLUGIN_FILES_PREFIX, PluginFile, PluginRegistryRpc } from '@kiln/contracts';
import { PLUGIN_MESSAGES } from '@kiln/domain';
import { NextFunction, Request, Response } from 'express';
import { callerIdOf } from '../auth/session.guard';
import { SessionResolver } from '../auth/session-resolver';
import { sendError } from '../http/http-error.filter';
import { ServiceClient } from '../services/service-client';

/** A version's files never change (the manifest keeps their hashes): a year, and no revalidation. */
export const IMMUTABLE = 'max-age=31536000, immutable';
/** html and svg can run script: never as a page of our origin (svg keeps its type for <img>, sandboxed when opened). */
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/**
 * `/api/bgpm/public/plugins/<pluginId>/<version>/files/<path>` → its parts, decoded. The pluginId may come as
 * it is (`@scope/name`: the shortest pluginId after which `<version>/files/` follows) or encoded (`%40scope%2Fname`).
 */
export function pluginFileAddress(rawPath: string): { pluginId: string; version: string; path: string } | null {
  if (!rawPath.startsWith(PLUGIN_FILES_PREFIX)) return null;
  const match = /^(.+?)\/([^/]+)\/files\/(.+)$/.exec(rawPath.slice(PLUGIN_FILES_PREFIX.length));
  if (!match) return null;
  try {
    const [pluginId, version, path] = match.slice(1).map((part) => part.split('/').map(decodeURIComponent).join('/'));
    return { pluginId: pluginId!, version: version!, path: path! };
  } catch {
    return null; // a malformed escape: no such file
  }
}

/** The hashes an If-None-Match header names (`"<sha256>"`, weak or not, one or a list). */
export function etagsOf(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter(Boolean);
}

/** How the file goes out: its type (text with a charset), and what keeps it from running as a page of ours. */
export function fileHeaders(file: Pick<PluginFile, 'contentType' | 'sha256' | 'cacheable' | 'path'>): Record<string, string> {
  const headers: Record<string, string> = {
    ETag: `"${file.sha256}"`,
    'Cache-Control': `${file.cacheable ? 'public' : 'private'}, ${IMMUTABLE}`,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'same-site',
  };
  // The private answer depends on who asks: a shared cache never keeps it, a browser keeps it per session.
  if (!file.cacheable) headers.Vary = 'Cookie, Authorization';
  const type = file.contentType;
  if (type === 'text/html') {
    headers['Content-Type'] = 'text/plain; charset=utf-8';
    headers['Content-Disposition'] = 'attachment';
    headers['Content-Security-Policy'] = SANDBOX;
  } else if (type === 'image/svg+xml') {
    headers['Content-Type'] = type;
    headers['Content-Security-Policy'] = SANDBOX;
  } else {
    headers['Content-Type'] = type.startsWith('text/') || type === 'application/json' ? `${type}; charset=utf-8` : type;
  }
  return headers;
}

/**
 * The deployed files of a published plugin version, raw (ADR 0047): what a loader imports by URL and any cache
 * keeps. The plugin-registry service checks who may read it (a private plugin: its author only; others 404
 * as for no plugin) and that the manifest lists the path, and sends the bytes over NATS (base64 inside its
 * reply); here they go out as they are, with the manifest's sha256 as the ETag. A matching If-None-Match is
 * a 304 for which the service sends no bytes. Signed in or not: a session that no longer holds reads as no one.
 */
export function pluginFiles(sessions: SessionResolver, services: ServiceClient) {
  const logger = new Logger('plugin-files');
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith(PLUGIN_FILES_PREFIX)) return next();
    void (async () => {
      const address = pluginFileAddress(req.path);
      if (!address) throw new HttpException({ statusCode: 404, message: PLUGIN_MESSAGES.fileNotFound }, 404);
      const userId = await callerIdOf(sessions, req);
      const known = etagsOf(req.headers['if-none-match']);
      const file = await services.call(PluginRegistryRpc.pluginFile, {
        actor: { userId },
        body: { ...address, ...(known.length === 1 ? { knownSha256: known[0] } : {}) },
      });
      for (const [name, value] of Object.entries(fileHeaders(file))) res.setHeader(name, value);
      if (file.contentBase64 === null || known.includes(file.sha256)) {
        res.status(304).end();
        return;
      }
      const bytes = Buffer.from(file.contentBase64, 'base64');
      res.status(200).setHeader('Content-Length', bytes.length);
      res.end(req.method === 'HEAD' ? undefined : bytes);
    })().catch((error: unknown) => sendError(res, error, logger));
  };
}
