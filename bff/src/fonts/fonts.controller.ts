import { Controller, Get, HttpCode, HttpException, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AddGoogleFontsBody, AssetsRpc, extensionOf, Font, FONT_MESSAGES, FONT_TEXTS, FontHttpRoutes, FontRpc, fontSlug } from '@kiln/contracts';
import { uploadFolderOf } from '@kiln/contracts/constants';
import { checkUploadContent, SNIFF_BYTES } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { Request, Response } from 'express';
import { Readable } from 'node:stream';
import { AuthedRequest, SessionGuard } from '../auth/session.guard';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';
import { INCOMING_MEDIA_STORAGE, IncomingMediaStorage } from '../uploads/media-storage';
import { sendStoredFile } from '../uploads/stored-file-response';
import { FontFetchFailed, GOOGLE_FONT_FETCH_MAX_BYTES, GoogleFontFetcher } from './google-font-fetch';

export const GOOGLE_FONT_FETCHER = Symbol('GoogleFontFetcher');

/** A font file goes out as what its name says (its bytes were read as a font when it was added). */
const fontContentType = (name: string) => (extensionOf(name) === 'otf' ? 'font/otf' : 'font/ttf');

/**
 * The two font routes that are not JSON pass-throughs (ADR 0055):
 * - `GET /api/workspace/font/{id}/file`: the workspace says whether the caller may see the font (404
 *   otherwise), then its file is streamed from storage, for the glyph viewer and previews (FontFace).
 * - `POST /api/workspace/font/google`: the workspace checks the caller may add to the scope and names the
 *   files from the shipped catalogue; each is fetched from the fonts host (or the cache), stored as an upload
 *   of kind `font`, registered with the assets service, and made a font with origin `google`. A file that
 *   cannot be fetched answers 502 'Failed to fetch the file.' (spec 001 §8).
 */
@Controller()
export class FontsController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(INCOMING_MEDIA_STORAGE) private readonly storage: IncomingMediaStorage,
    @Inject(GOOGLE_FONT_FETCHER) private readonly fetcher: GoogleFontFetcher,
  ) {}

  @Get('/api/workspace/font/:id/file')
  @UseGuards(SessionGuard)
  async file(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { id } = parse(FontHttpRoutes.fontFile.params, { ...req.params });
    const font = await this.services.call(FontRpc.getFont, { actor: { userId: (req as AuthedRequest).user!.id }, body: { id } });
    await sendStoredFile(req, res, this.storage, `media/${font.mediaId}`, {
      contentType: fontContentType(font.media.name),
      disposition: 'inline',
      cacheControl: 'private, max-age=3600',
      notFound: FONT_MESSAGES.notFound,
    });
  }

  @Post('/api/workspace/font/google')
  @UseGuards(SessionGuard)
  @HttpCode(201)
  async addGoogle(@Req() req: Request): Promise<{ fonts: Font[] }> {
    const actor = { userId: (req as AuthedRequest).user!.id };
    const body = parse(AddGoogleFontsBody, req.body);
    const { files } = await this.services.call(FontRpc.googleFontFiles, { actor, body });
    // Every file first, so a family is added whole or not at all when the fonts host cannot be reached.
    const fetched: { file: (typeof files)[number]; bytes: Buffer }[] = [];
    for (const file of files) {
      try {
        fetched.push({ file, bytes: await this.fetcher.get(file.url) });
      } catch (error) {
        if (error instanceof FontFetchFailed) throw new HttpException({ statusCode: 502, message: FONT_TEXTS.fetchFailed }, 502);
        throw error;
      }
    }
    const fonts: Font[] = [];
    for (const { file, bytes } of fetched) {
      const filename = `${fontSlug(file.family)}-${file.variant}.ttf`;
      const checked = checkUploadContent('font', filename, bytes.subarray(0, SNIFF_BYTES), bytes.length);
      if (!checked.ok) throw new HttpException({ statusCode: 502, message: FONT_TEXTS.fetchFailed }, 502);
      const id = newId();
      const received = await this.storage.receive(id, Readable.from([bytes]), GOOGLE_FONT_FETCH_MAX_BYTES);
      const media = await this.services.call(AssetsRpc.registerMedia, {
        actor,
        body: {
          id,
          repo: 'font',
          folder: uploadFolderOf(new Date()),
          filename,
          mimetype: 'font/ttf',
          encoding: 'binary',
          size: received.size,
          sha256: received.sha256,
          // Exempt from the 3 MB font limit (spec 001 §5); held to GOOGLE_FONT_FILE_MAX_BYTES instead.
          origin: 'google',
        },
      });
      fonts.push(
        await this.services.call(FontRpc.createFont, {
          actor,
          body: { mediaId: media.id, teamId: body.teamId ?? null, projectId: body.projectId ?? null, origin: 'google' },
        }),
      );
    }
    return { fonts };
  }
}
