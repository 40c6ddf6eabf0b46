import { Body, Controller, Get, HttpCode, HttpException, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AssetsHttpRoutes, AssetsRpc, assetContentType, Media, MEDIA_MESSAGES, UploadRepo, WorkspaceRpc } from '@kiln/contracts';
import { Request, Response } from 'express';
import { AuthedRequest, SessionGuard } from '../auth/session.guard';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';
import { INCOMING_MEDIA_STORAGE, IncomingMediaStorage } from './media-storage';
import { sendStoredFile } from './stored-file-response';

/**
 * The repos whose files `GET /api/media/{id}/file` serves: images checked by their bytes at upload (a texture's
 * maps and previews, a scene's preview) and EXR environment images (ADR 0061). Never an SVG, a plugin or a model:
 * those go out only through their own routes, sanitised or as downloads.
 */
const SERVED_REPOS: ReadonlySet<UploadRepo> = new Set<UploadRepo>(['texture', 'exr']);

/**
 * Media records (spec 001 §7; ADR 0052): `GET /api/media/{id}` and `POST /api/media/` {ids}. A record is
 * readable by its uploader and by whoever may see a library item made of it (a team's image, font, …). The
 * workspace says which items' files those are, the assets service answers the records: composition, no rule here.
 */
@Controller()
export class MediaRecordsController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(INCOMING_MEDIA_STORAGE) private readonly storage: IncomingMediaStorage,
  ) {}

  @Get('/api/media/:id')
  @UseGuards(SessionGuard)
  async one(@Req() req: Request): Promise<Media> {
    const { id } = parse(AssetsHttpRoutes.getMedia.params, { ...req.params });
    const [media] = await this.records(req, [id]);
    if (!media) throw new HttpException({ statusCode: 404, message: MEDIA_MESSAGES.notFound }, 404);
    return media;
  }

  @Get('/api/media/:id/file')
  @UseGuards(SessionGuard)
  async file(@Req() req: Request, @Res() res: Response): Promise<void> {
    const { id } = parse(AssetsHttpRoutes.getMediaFile.params, { ...req.params });
    const [media] = await this.records(req, [id]);
    if (!media || !SERVED_REPOS.has(media.type)) throw new HttpException({ statusCode: 404, message: MEDIA_MESSAGES.notFound }, 404);
    await sendStoredFile(req, res, this.storage, media.path, {
      // The upload checked the bytes against the name's extension (ADR 0050), so the name tells the type.
      contentType: media.type === 'exr' ? 'image/x-exr' : assetContentType(media.name),
      disposition: 'inline',
      // A stored file never changes; whether the caller may still read it is asked again after a while.
      cacheControl: 'private, max-age=300',
      notFound: MEDIA_MESSAGES.notFound,
    });
  }

  @Post('/api/media/')
  @UseGuards(SessionGuard)
  @HttpCode(200)
  async several(@Req() req: Request, @Body() body: unknown): Promise<Media[]> {
    return this.records(req, parse(AssetsHttpRoutes.lookupMedia.body, body).ids);
  }

  private async records(req: Request, ids: string[]): Promise<Media[]> {
    const actor = { userId: (req as AuthedRequest).user!.id };
    const { ids: readable } = await this.services.call(WorkspaceRpc.readableMedia, { actor, body: { ids } });
    return this.services.call(AssetsRpc.getMediaRecords, { actor, body: { ids, readable } });
  }
}
