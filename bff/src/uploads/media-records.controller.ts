import { Body, Controller, Get, HttpCode, HttpException, Post, Req, UseGuards } from '@nestjs/common';
import { AssetsHttpRoutes, AssetsRpc, Media, MEDIA_MESSAGES, WorkspaceRpc } from '@kiln/contracts';
import { Request } from 'express';
import { AuthedRequest, SessionGuard } from '../auth/session.guard';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';

/**
 * Media records (spec 001 §7; ADR 0052): `GET /api/media/{id}` and `POST /api/media/` {ids}. A record is
 * readable by its uploader and by whoever may see a library item made of it (a team's image, font, …). The
 * workspace says which items' files those are, the assets service answers the records: composition, no rule here.
 */
@Controller()
export class MediaRecordsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('/api/media/:id')
  @UseGuards(SessionGuard)
  async one(@Req() req: Request): Promise<Media> {
    const { id } = parse(AssetsHttpRoutes.getMedia.params, { ...req.params });
    const [media] = await this.records(req, [id]);
    if (!media) throw new HttpException({ statusCode: 404, message: MEDIA_MESSAGES.notFound }, 404);
    return media;
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
