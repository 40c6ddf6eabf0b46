import { Controller, HttpCode, HttpException, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  AssetsRpc,
  ErrorBody,
  errorBodyFromZod,
  Media,
  MEDIA_MESSAGES,
  RegisterMediaBody,
  UPLOAD_KIND_RULES,
  UPLOAD_REPOS,
  extensionOf,
  uploadLimit,
  UploadQuery,
  UploadRepo,
  User,
} from '@kiln/contracts';
import { checkUploadContent } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import busboy from 'busboy';
import { Request, Response } from 'express';
import { SessionGuard } from '../auth/session.guard';
import { parse } from '../http/parse';
import { closeUnlessSmallBody } from '../http/hardening';
import { ServiceClient } from '../services/service-client';
import { INCOMING_MEDIA_STORAGE, IncomingMediaStorage, StorageFailed, TooLarge } from './media-storage';

/** Room for the multipart framing around the file (boundaries, part headers, the folder and repo fields). */
const MULTIPART_SLACK = 16 * 1024;

/** The most files any repo takes in one request (ADR 0050); each repo's own number is checked as they come. */
const MAX_FILES = Math.max(...UPLOAD_REPOS.map((r) => UPLOAD_KIND_RULES[r].maxFiles));

/**
 * What busboy reads of a form: the files, `folder` and `repo` (any other field is refused by its name at once;
 * these bound a form that repeats them), and no field longer than a folder could be.
 */
const LIMITS = { files: MAX_FILES, fields: 10, parts: 10 + MAX_FILES, fieldSize: 1024, fieldNameSize: 100 };

/** The largest body a request for `repo` may announce: each of its files at its limit, with their framing. */
const requestCeiling = (repo: UploadRepo) => UPLOAD_KIND_RULES[repo].maxFiles * (uploadLimit(repo, process.env) + MULTIPART_SLACK);

/** The bytes of a file are not of its kind (415), told from its first bytes or, for some formats, its size. */
class WrongContent extends Error {}

/** The sentences of the multipart form itself; those of its contents (folder, repo, file) are MEDIA_MESSAGES. */
export const UPLOAD_MESSAGES = {
  notMultipart: 'The upload must be sent as multipart/form-data with the file in the field `file`.',
  malformed: 'The upload could not be read: its form is damaged or cut short. Please try again.',
  fieldsFirst: 'Send `folder` and `repo` before the file, not after it.',
  tooManyFields: 'The form has too many fields: send only the file, `folder` and `repo`.',
} as const;

type Authed = Request & { user?: User };
type Refuse = (body: ErrorBody) => HttpException;
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
 * closed and the partial file removed. Each file's name and bytes must be of the repo's kind (ADR 0050):
 * its extension is checked before a byte is stored, its first bytes as they stream (and the size, for the
 * formats whose header states it), 415 with a sentence otherwise, the file removed. A repo may take several
 * files in one request (fonts, images, ...; plugin and media one). The assets service then checks each file
 * again (kind, size), moves it into place and records it for the caller; its refusal (a .zip that is not
 * one: 400) removes the file. The answer is the list of created media, in the order sent.
 *
 * A form that is not what it should be, in any order and cut anywhere, is a 400 with a sentence, never a
 * crash (ADR 0043): every stream has its 'error' listener before it can emit, the answer is settled once,
 * and it goes out only after what was written of the file is removed.
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
    const refuse: Refuse = (body) => {
      if (!res.headersSent) closeUnlessSmallBody(req, res);
      return new HttpException(body, body.statusCode);
    };
    const query = parse(UploadQuery, { ...(req.query as object) });
    const mime = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (mime !== 'multipart/form-data') throw refuse({ statusCode: 415, message: UPLOAD_MESSAGES.notMultipart });
    // The repo may still come as a field: until then the largest ceiling bounds the announced size.
    const ceilingRepo = query.repo ?? UPLOAD_REPOS.reduce((a, b) => (requestCeiling(b) > requestCeiling(a) ? b : a));
    if (Number(req.headers['content-length'] ?? 0) > requestCeiling(ceilingRepo)) {
      // One file a request: the file's limit; several: every file at the limit.
      const { maxFiles } = UPLOAD_KIND_RULES[ceilingRepo];
      const limit = uploadLimit(ceilingRepo, process.env);
      throw refuse({ statusCode: 413, message: maxFiles === 1 ? MEDIA_MESSAGES.tooLarge(limit) : MEDIA_MESSAGES.requestTooLarge(maxFiles, limit) });
    }

    const files = await this.receive(req, query, refuse);
    const created: Media[] = [];
    // Registered one by one, in the order sent; a refusal removes the files not registered yet.
    for (const [index, streamed] of files.entries()) {
      try {
        created.push(
          await this.services.call(AssetsRpc.registerMedia, {
            actor: { userId: req.user!.id },
            body: {
              id: streamed.id,
              repo: streamed.repo,
              folder: streamed.folder,
              filename: streamed.filename,
              mimetype: streamed.mimetype,
              encoding: streamed.encoding,
              size: streamed.size,
              sha256: streamed.sha256,
            },
          }),
        );
      } catch (error) {
        await Promise.all(files.slice(index).map((f) => this.storage.discard(f.id).catch(() => undefined)));
        throw error;
      }
    }
    return created;
  }

  /**
   * Reads the multipart body: `folder` and `repo` fields before the files, then each file into storage,
   * its name and first bytes checked against its kind as it streams (ADR 0050). Settles once: resolves when
   * the form ended well and every file is stored, else rejects with a refusal after every file's partial
   * (or whole) copy is removed.
   */
  private receive(req: Authed, query: UploadQuery, refuse: Refuse): Promise<Streamed[]> {
    return new Promise<Streamed[]>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        // File names as browsers send them: UTF-8 (busboy's default, latin1, made "ü" into "Ã¼").
        parser = busboy({ headers: req.headers, limits: LIMITS, defParamCharset: 'utf8' });
      } catch {
        // No boundary, or a Content-Type busboy cannot read.
        return reject(refuse({ statusCode: 400, message: UPLOAD_MESSAGES.notMultipart }));
      }
      const fields: UploadQuery = {};
      const files: { id: string; stored: Promise<Streamed> }[] = [];
      let settled = false;
      let aborted = false;

      const fail = (body: ErrorBody) => {
        if (settled) return;
        settled = true;
        const refusal = refuse(body);
        // Stop reading: busboy ends a file still streaming with an error, so its write stops. The rest of a
        // small body is read and dropped (the connection stays usable); a large one's closes (see refuse).
        req.unpipe(parser);
        parser.destroy();
        req.resume();
        const removed = Promise.all(
          files.map((written) =>
            written.stored.then(
              () => this.storage.discard(written.id),
              () => this.storage.discard(written.id),
            ),
          ),
        );
        removed.catch(() => undefined).then(() => reject(refusal));
      };
      const stop = (statusCode: number, message: string) => fail({ statusCode, message });
      const invalid = (error: Parameters<typeof errorBodyFromZod>[0]) => fail(errorBodyFromZod(error));

      parser.on('field', (name, value) => {
        if (settled) return;
        if (name === 'folder' || name === 'repo') {
          if (files.length) return stop(400, UPLOAD_MESSAGES.fieldsFirst);
          const checked = UploadQuery.safeParse({ [name]: value });
          if (!checked.success) return invalid(checked.error);
          Object.assign(fields, checked.data);
        } else if (name === 'file') stop(400, files.length ? MEDIA_MESSAGES.oneFile : MEDIA_MESSAGES.noFile);
        else stop(400, name ? MEDIA_MESSAGES.unknownField : UPLOAD_MESSAGES.malformed);
      });

      parser.on('file', (name, stream, info) => {
        // busboy ends a file it cannot finish with an 'error' (the form was cut, or we stopped reading). The
        // write into storage handles it; this listener is there first, so it is never an uncaught exception.
        stream.on('error', () => undefined);
        if (settled) return void stream.resume();
        if (files.length) {
          const { maxFiles } = UPLOAD_KIND_RULES[query.repo ?? fields.repo ?? 'media'];
          if (files.length >= maxFiles) return stop(400, maxFiles === 1 ? MEDIA_MESSAGES.oneFile : MEDIA_MESSAGES.tooManyFiles(maxFiles));
        }
        if (name !== 'file') return stop(400, UPLOAD_MESSAGES.notMultipart);
        // A file input left empty sends a part without a file name.
        if (!info.filename) return stop(400, MEDIA_MESSAGES.noFile);
        const target = UploadQuery.safeParse({ folder: query.folder ?? fields.folder, repo: query.repo ?? fields.repo });
        if (!target.success) return invalid(target.error);
        const filename = RegisterMediaBody.shape.filename.safeParse(info.filename);
        if (!filename.success) return invalid(filename.error);
        if (!RegisterMediaBody.shape.mimetype.safeParse(info.mimeType).success || !RegisterMediaBody.shape.encoding.safeParse(info.encoding).success) {
          return stop(400, UPLOAD_MESSAGES.malformed);
        }
        const repo = target.data.repo ?? 'media';
        const { extensions, label } = UPLOAD_KIND_RULES[repo];
        // A name the kind does not take is refused before a byte is stored.
        if (extensions && !Object.hasOwn(extensions, extensionOf(filename.data))) {
          return stop(415, MEDIA_MESSAGES.notAllowed(label, Object.keys(extensions)));
        }
        const limit = uploadLimit(repo, process.env);
        const id = newId();
        const described = { id, repo, folder: target.data.folder ?? '', filename: filename.data, mimetype: info.mimeType, encoding: info.encoding };
        // The first bytes as they come (the file still streaming), then the whole, for the formats whose header states their length.
        const check = (head: Buffer, size?: number) => {
          const checked = checkUploadContent(repo, filename.data, head, size);
          return checked.ok ? null : new WrongContent(checked.message);
        };
        const stored = this.storage
          .receive(id, stream, limit, (head) => check(head))
          .then((received) => {
            const refused = check(received.head, received.size);
            if (refused) throw refused;
            return { ...described, size: received.size, sha256: received.sha256 };
          });
        files.push({ id, stored });
        stored.catch((error: unknown) => {
          if (error instanceof TooLarge) return stop(413, MEDIA_MESSAGES.tooLarge(limit));
          if (error instanceof WrongContent) return stop(415, error.message);
          if (error instanceof StorageFailed) return stop(503, MEDIA_MESSAGES.storageUnavailable);
          // The form broke mid-file (the parser's own 'error' usually answered first), or the client went away.
          stop(400, aborted ? MEDIA_MESSAGES.incomplete : stream.errored ? UPLOAD_MESSAGES.malformed : MEDIA_MESSAGES.incomplete);
        });
      });

      parser.on('filesLimit', () => stop(400, MEDIA_MESSAGES.tooManyFiles(MAX_FILES)));
      parser.on('fieldsLimit', () => stop(400, UPLOAD_MESSAGES.tooManyFields));
      parser.on('partsLimit', () => stop(400, UPLOAD_MESSAGES.tooManyFields));
      // A part header it cannot read, or a body that ended before the form did (cut short, another boundary).
      parser.on('error', () => stop(400, aborted ? MEDIA_MESSAGES.incomplete : UPLOAD_MESSAGES.malformed));
      parser.on('close', () => {
        if (settled) return;
        if (!files.length) return stop(400, MEDIA_MESSAGES.noFile);
        Promise.all(files.map((f) => f.stored)).then(
          (done) => {
            if (settled) return;
            settled = true;
            resolve(done);
          },
          () => undefined, // refused by their own catch above
        );
      });

      // The client went away mid-body (nobody reads the answer, but what was written is removed).
      const abort = () => {
        if (req.complete) return;
        aborted = true;
        stop(400, MEDIA_MESSAGES.incomplete);
      };
      req.on('error', abort);
      req.on('close', abort);
      if (req.destroyed) {
        aborted = true;
        return stop(400, MEDIA_MESSAGES.incomplete);
      }
      req.pipe(parser);
    });
  }
}
