import { Controller, HttpCode, HttpException, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AssetsRpc, errorBodyFromZod, Media, MEDIA_MESSAGES, UPLOAD_REPOS, uploadLimit, UploadQuery, UploadRepo, User } from '@kiln/contracts';
import { newId } from '@kiln/service-kit';
import busboy from 'busboy';
import { Request, Response } from 'express';
import { SessionGuard } from '../auth/session.guard';
import { parse } from '../http/parse';
import { closeUnlessSmallBody } from '../http/hardening';
import { ServiceClient } from '../services/service-client';
import { INCOMING_MEDIA_STORAGE, IncomingMediaStorage, TooLarge } from './media-storage';

/** Room for the multipart framing around the file (boundaries, part headers, the folder and repo fields). */
const MULTIPART_SLACK = 16 * 1024;

export const UPLOAD_MESSAGES = {
  notMultipart: 'The upload must be sent as multipart/form-data with the file in the field `file`.',
} as const;

type Authed = Request & { user?: User };
interface Streamed {
  id: string;
  repo: UploadRepo;
  folder: string;
  filename: string;
  mimetype: string;
  encoding: string;
  size: number;
  sha256: string;
}

/**
 * `POST /api/upload` (spec 001 §7; ADR 0033): the one route that is not JSON. The multipart body is parsed
 * as it arrives (busboy) and its file streamed into storage (`media/<id>.upload`) with backpressure, so
 * memory stays bounded whatever the size. The repo's limit is checked against Content-Length before a
 * byte is read and counted while streaming: past it the request is answered 413 at once, the connection
 * closed and the partial file removed. The assets service then checks the file (kind, size), moves it
 * into place and records it for the caller; its refusal (a .zip that is not one: 400) removes the file.
 */
@Controller()
export class UploadController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(INCOMING_MEDIA_STORAGE) private readonly storage: IncomingMediaStorage,
  ) {}

  @Post('/api/upload')
  @UseGuards(SessionGuard)
  @HttpCode(201)
  async upload(@Req() req: Authed, @Res({ passthrough: true }) res: Response): Promise<Media[]> {
    // A refusal before a large body was read closes the connection, so the client stops sending it.
    const refuse = (statusCode: number, message: string) => {
      // (Called again by the parser's late events once the answer went out: never touch headers then.)
      if (!res.headersSent) closeUnlessSmallBody(req, res);
      return new HttpException({ statusCode, message }, statusCode);
    };
    const query = parse(UploadQuery, { ...(req.query as object) });
    const mime = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (mime !== 'multipart/form-data') throw refuse(415, UPLOAD_MESSAGES.notMultipart);
    // The repo may still come as a field: until then the largest limit bounds the announced size.
    const ceiling = query.repo ? uploadLimit(query.repo, process.env) : Math.max(...UPLOAD_REPOS.map((r) => uploadLimit(r, process.env)));
    if (Number(req.headers['content-length'] ?? 0) > ceiling + MULTIPART_SLACK) throw refuse(413, MEDIA_MESSAGES.tooLarge(ceiling));

    const streamed = await this.receive(req, query, refuse);
    try {
      const media = await this.services.call(AssetsRpc.registerMedia, {
        actor: { userId: req.user!.id },
        body: { id: streamed.id, repo: streamed.repo, folder: streamed.folder, filename: streamed.filename, mimetype: streamed.mimetype, encoding: streamed.encoding, size: streamed.size, sha256: streamed.sha256 },
      });
      return [media];
    } catch (error) {
      await this.storage.discard(streamed.id);
      throw error;
    }
  }

  /** Reads the multipart body: the fields before the file, then the file itself into storage. */
  private receive(req: Authed, query: UploadQuery, refuse: (status: number, message: string) => HttpException): Promise<Streamed> {
    return new Promise<Streamed>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, parts: 12, fieldSize: 1024, fieldNameSize: 100 } });
      } catch {
        return reject(refuse(400, UPLOAD_MESSAGES.notMultipart));
      }
      const fields: Record<string, string> = {};
      let writing: Promise<Streamed> | null = null;
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        // Stop reading: the answer goes out now and the connection closes (see refuse).
        req.unpipe(parser);
        parser.destroy();
        reject(error);
      };

      parser.on('field', (name, value) => {
        if (name === 'folder' || name === 'repo') fields[name] = value;
      });
      parser.on('file', (name, stream, info) => {
        if (name !== 'file' || writing) {
          stream.resume();
          return fail(refuse(400, MEDIA_MESSAGES.oneFile));
        }
        const target = UploadQuery.safeParse({ folder: query.folder ?? fields.folder, repo: query.repo ?? fields.repo });
        if (!target.success) {
          stream.resume();
          return fail(new HttpException(errorBodyFromZod(target.error), 400));
        }
        const repo = target.data.repo ?? 'media';
        const limit = uploadLimit(repo, process.env);
        const id = newId();
        const file = { id, repo, folder: target.data.folder ?? '', filename: info.filename || 'file', mimetype: info.mimeType, encoding: info.encoding };
        writing = this.storage.receive(id, stream, limit).then(
          (received) => ({ ...file, ...received }),
          (error) => {
            const refusal = error instanceof TooLarge ? refuse(413, MEDIA_MESSAGES.tooLarge(limit)) : refuse(400, MEDIA_MESSAGES.incomplete);
            fail(refusal);
            throw refusal;
          },
        );
        writing.catch(() => undefined);
      });
      for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const) parser.on(limit, () => !settled && fail(refuse(400, MEDIA_MESSAGES.oneFile)));
      parser.on('error', () => !settled && fail(refuse(400, MEDIA_MESSAGES.incomplete)));
      parser.on('close', () => {
        if (settled) return;
        if (!writing) return fail(refuse(400, MEDIA_MESSAGES.noFile));
        writing.then((done) => {
          if (settled) return;
          settled = true;
          resolve(done);
        }, fail);
      });
      // The client went away mid-body: the file stream ends with an error and its partial file is removed.
      req.on('close', () => {
        if (!req.complete) parser.destroy(new Error('request aborted'));
      });
      req.pipe(parser);
    });
  }
}
