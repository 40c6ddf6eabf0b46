import { useQueryClient } from '@tanstack/react-query';
import type { PushMessage, Texture, TextureAssociation, TextureSnapshot } from '@kiln/contracts';
import { TEXTURE_ASSOCIATION_CHANNEL, TEXTURE_CHANNEL } from '@kiln/contracts/constants';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { mergePush, useLiveItems } from '../ui/ItemParts';
import { textureKeys } from './textures-api';

/**
 * A pushed texture's state over the cached one when newer. The push is the snapshot (no author's name, no files): what it
 * says of those stays as cached until the list is fetched again, which every push also asks for.
 */
function mergeSnapshot(cached: Texture, pushed: Texture | TextureSnapshot): Texture {
  if (cached.version > pushed.version) return cached;
  const { name, tags, public: isPublic, publishedAt, offset, repeat, center, rotation, width, height, updatedAt, version } = pushed;
  return { ...cached, name, tags, public: isPublic, publishedAt, offset, repeat, center, rotation, width, height, updatedAt, version };
}

/**
 * The two lists of a textures library kept live (spec 001 §4; ADR 0061): `workspace-texture` (the scope's own, and the
 * community textures it added: their changes reach the libraries that added them) and `workspace-texture-association`.
 * A deletion keeps the item out for good; any push fetches the lists again.
 */
export function useTexturePushes(ownPaged: Texture[], addedPaged: TextureAssociation[]) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: textureKeys.all });
  const own = useLiveItems<Texture>(
    ownPaged,
    TEXTURE_CHANNEL,
    (message) => mergePush(queryClient, textureKeys.ownAll, message as PushMessage<Texture>, mergeSnapshot),
    refresh,
  );
  const added = useLiveItems<TextureAssociation>(addedPaged, TEXTURE_ASSOCIATION_CHANNEL, () => undefined, refresh);
  return {
    textures: own.items,
    added: added.items,
    /** After one's own deletion or removal: out of the list at once. */
    forget: (id: string) => {
      own.forget(id);
      added.forget(id);
    },
  };
}

/** Any texture change refetches what is cached of textures (the community browser, an editor, the overview's card). */
export function useTextureRefresh() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: textureKeys.all });
  usePushChannel(TEXTURE_CHANNEL, refresh);
  usePushChannel(TEXTURE_ASSOCIATION_CHANNEL, refresh);
}
