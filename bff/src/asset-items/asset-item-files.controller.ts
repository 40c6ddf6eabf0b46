import { Controller, Get, HttpException, Inject, Req, Res, UseGuards } from '@nestjs/common';
import {
  ASSET_ITEM_KINDS,
  ASSET_ITEM_MESSAGES,
  ASSET_ITEM_ROUTE_SEGMENTS,
  AssetFileVariant,
  AssetItem,
  AssetItemFileParams,
  AssetItemKind,
  assetContentType,
  WorkspaceRpc,
} from '@kiln/contracts';
import { Request, Response } from 'express';
import { AuthedRequest, SessionGuard } from '../auth/session.guard';
import { parse } from '../http/parse';
import { ServiceClient } from '../services/service-client';
import { INCOMING_MEDIA_STORAGE, IncomingMediaStorage } from '../uploads/media-storage';
import { sendStoredFile, StoredFileAnswer } from '../uploads/stored-file-response';

/** Previews change only when they are made again: a browser may keep one a while, for the person who asked. */
const PREVIEW_CACHE = 'private, max-age=300';

/** The derived files (made by the assets service after the upload) and the kinds that have them. */
const DERIVED: Record<Exclude<AssetFileVariant, 'original'>, { suffix: string; contentType: string; kinds: readonly AssetItemKind[] }> = {
  thumbnail: { suffix: '.thumb.png', contentType: 'image/png', kinds: ASSET_ITEM_KINDS },
  view: { suffix: '.view.glb', contentType: 'model/gltf-binary', kinds: ['object3d'] },
  svg: { suffix: '.safe.svg', contentType: 'image/svg+xml', kinds: ['vector'] },
};

/** Where a file of an item is, and how it goes out; null when the item's kind has no such file. */
export function assetFileAnswer(
  item: Pick<AssetItem, 'kind' | 'name' | 'mediaId' | 'media'>,
  variant: AssetFileVariant,
): (StoredFileAnswer & { key: string }) | null {
  if (variant === 'original')
    // Always a download: an original (an SVG above all) is never shown as a page of ours; the sanitised SVG is `svg`.
    return {
      key: `media/${item.mediaId}`,
      contentType: assetContentType(item.media.name),
      disposition: 'attachment',
      filename: item.name,
      notFound: ASSET_ITEM_MESSAGES.fileNotReady,
    };
  const derived = DERIVED[variant];
  if (!derived.kinds.includes(item.kind)) return null;
  return {
    key: `media/${item.mediaId}${derived.suffix}`,
    contentType: derived.contentType,
    disposition: 'inline',
    cacheControl: PREVIEW_CACHE,
    notFound: ASSET_ITEM_MESSAGES.fileNotReady,
  };
}

const KIND_OF_SEGMENT = new Map<string, AssetItemKind>(ASSET_ITEM_KINDS.map((kind) => [ASSET_ITEM_ROUTE_SEGMENTS[kind], kind]));

/**
 * `GET /api/workspace/{image|resource-svg|object-3-d}/{id}/file/{original|thumbnail|view|svg}` (ADR 0052):
 * the workspace says whether the caller may see the item (404 otherwise, as for no item), then the file is
 * streamed from storage. A derived file not made yet is a 404 with a sentence; the web shows a placeholder.
 */
@Controller()
export class AssetItemFilesController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(INCOMING_MEDIA_STORAGE) private readonly storage: IncomingMediaStorage,
  ) {}

  @Get(ASSET_ITEM_KINDS.map((kind) => `/api/workspace/${ASSET_ITEM_ROUTE_SEGMENTS[kind]}/:id/file/:variant`))
  @UseGuards(SessionGuard)
  async file(@Req() req: Request, @Res() res: Response): Promise<void> {
    const kind = KIND_OF_SEGMENT.get(req.path.split('/')[3] ?? '')!;
    const { id, variant } = parse(AssetItemFileParams, { ...req.params });
    const item = await this.services.call(WorkspaceRpc.getAssetItem, { actor: { userId: (req as AuthedRequest).user!.id }, body: { kind, id } });
    const answer = assetFileAnswer(item, variant);
    if (!answer) throw new HttpException({ statusCode: 404, message: ASSET_ITEM_MESSAGES.fileNone }, 404);
    await sendStoredFile(req, res, this.storage, answer.key, answer);
  }
}
