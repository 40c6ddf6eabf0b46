import { AppearanceScope, newTextureIds, textureUsableIn, throwIfInvalid, unavailableTextureErrors } from '@kiln/domain';
import { MaterialTextures } from './ports/material-textures.port';

type Entries = readonly { textureId?: string | null }[];

/**
 * The textures a save newly names must be ones the caller sees and that may paint a material of `scope` (ADR 0064):
 * else 400 with the sentence on each entry naming one. Textures kept from before are not asked about again, so a
 * texture deleted since never blocks the material's other changes.
 */
export async function checkNewTextures(
  textures: MaterialTextures,
  actorId: string,
  scope: AppearanceScope,
  before: Entries,
  after: Entries | undefined,
): Promise<void> {
  if (!Array.isArray(after)) return;
  const ids = newTextureIds(before, after);
  if (!ids.length) return;
  const seen = await Promise.all(ids.map((id) => textures.seenBy(actorId, id)));
  const refused = new Set(ids.filter((_, i) => !seen[i] || !textureUsableIn(seen[i]!, scope)));
  throwIfInvalid(unavailableTextureErrors(after, refused));
}
