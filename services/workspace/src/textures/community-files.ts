import { assetContentType, COMMUNITY_MESSAGES, extensionOf, UPLOAD_KIND_RULES, UploadKind } from '@kiln/contracts';
import { CommunityFiles, DomainError } from '@kiln/domain';
import { AssetMedia } from '../asset-items/ports/asset-media.port';

/**
 * What the uploads an item is given are, each checked to be the caller's own upload of the expected kind
 * (the assets service answers only its uploader, ADR 0033): a map or preview of kind `texture`, a scene's
 * environment image of kind `exr`. Ids the item already has (`known`) are not asked again. 400 otherwise.
 */
export async function callersFiles(
  media: AssetMedia,
  actorId: string,
  wanted: { path: string; id: string | null | undefined; kind: UploadKind }[],
  known: CommunityFiles = {},
): Promise<CommunityFiles> {
  const files: CommunityFiles = {};
  for (const { path, id, kind } of wanted) {
    if (!id || known[id] || files[id]) continue;
    const record = await media.mediaOf(actorId, id);
    if (!record) throw new DomainError('invalid', COMMUNITY_MESSAGES.mediaNotYours, [{ path, message: COMMUNITY_MESSAGES.mediaNotYours }]);
    if (record.type !== kind) {
      const message = COMMUNITY_MESSAGES.wrongMediaKind(UPLOAD_KIND_RULES[kind].label);
      throw new DomainError('invalid', message, [{ path, message }]);
    }
    // The type by the extension the bytes were checked against (ADR 0050), not the one the browser sent.
    const mimetype = extensionOf(record.name) === 'exr' ? 'image/x-exr' : assetContentType(record.name);
    files[id] = { name: record.name, mimetype, size: record.size };
  }
  return files;
}
