import { HttpException, Logger } from '@nestjs/common';
import { MODEL_GEOMETRY_MESSAGES, ModelView, WorkspaceRpc } from '@kiln/contracts';
import { NextFunction, Request, Response } from 'express';
import { callerIdOf } from '../auth/session.guard';
import { SessionResolver } from '../auth/session-resolver';
import { sendError } from '../http/http-error.filter';
import { ServiceClient } from '../services/service-client';
import { IncomingMediaStorage } from '../uploads/media-storage';
import { sendStoredFile } from '../uploads/stored-file-response';

/** `/api/workspace/model/<id>/<what>`: the routes of this module (ADR 0054). */
const ADDRESS = /^\/api\/workspace\/model\/([0-9a-f]{24})\/(view|geometry|thumbnail)$/;

/** The derived file of the geometry's media each route serves (written by the assets service). */
const FILES = {
  geometry: { suffix: 'view.glb', type: 'model/gltf-binary' },
  thumbnail: { suffix: 'thumb.png', type: 'image/png' },
} as const;

/**
 * What the viewer and the embed page read of a model (ADR 0054), signed in or not: `GET /api/workspace/model/{id}/view`
 * (its name, whether it has geometry), `/geometry` (the viewer's glb) and `/thumbnail` (the card's PNG). The
 * workspace answers who may see the model (a role, or its 'Everyone' link; a session that no longer holds
 * reads as no one); anyone else gets the 404 of a missing model, never a byte of the file. The files are
 * streamed by `sendStoredFile` (nosniff, a CSP that runs nothing), never stored by a cache (they follow the model's access).
 */
export function modelViews(sessions: SessionResolver, services: ServiceClient, storage: IncomingMediaStorage) {
  const logger = new Logger('model-views');
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const match = ADDRESS.exec(req.path);
    if (!match) return next();
    const [, id, what] = match as unknown as [string, string, 'view' | 'geometry' | 'thumbnail'];
    void (async () => {
      const userId = await callerIdOf(sessions, req);
      const source = await services.call(WorkspaceRpc.modelView, { actor: { userId }, body: { id } });
      if (what === 'view') {
        const answer: ModelView = { id: source.id, name: source.name, hasGeometry: source.hasGeometry };
        res.status(200).json(answer);
        return;
      }
      if (!source.geometry) throw new HttpException({ statusCode: 404, message: MODEL_GEOMETRY_MESSAGES.noGeometry }, 404);
      const file = FILES[what];
      // Not derived yet (or it could not be): 404 with a sentence; the viewer says so and the card keeps its cube.
      await sendStoredFile(req, res, storage, `media/${source.geometry.mediaId}.${file.suffix}`, {
        contentType: file.type,
        disposition: 'inline',
        notFound: MODEL_GEOMETRY_MESSAGES.notReady,
      });
    })().catch((error: unknown) => sendError(res, error, logger));
  };
}
