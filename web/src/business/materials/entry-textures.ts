import { useQueries } from '@tanstack/react-query';
import type { AppearanceEntry, Texture } from '@kiln/contracts';
import { ApiError, messageOf } from '../../api/client';
import { texturesApi, textureKeys } from '../../textures/textures-api';

/** What the editor knows of an entry's texture: being read, read, gone (deleted or no longer visible), or not read. */
export type EntryTexture = { state: 'loading' } | { state: 'ready'; texture: Texture } | { state: 'gone' } | { state: 'failed'; message: string };

const gone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403);

/**
 * The textures the texture-mode entries name, each read once (`GET /api/workspace/texture/{id}`, shared with the
 * texture screens' cache): the tabs show their names, the preview wears their maps, and one deleted since the
 * material was saved reads as gone (ADR 0064).
 */
export function useEntryTextures(entries: readonly AppearanceEntry[]): ReadonlyMap<string, EntryTexture> {
  const ids = [...new Set(entries.flatMap((e) => (e.mode === 'texture' && e.textureId ? [e.textureId] : [])))];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: textureKeys.one(id),
      queryFn: () => texturesApi.get(id),
      staleTime: 60_000,
      retry: (failures: number, error: unknown) => !gone(error) && failures < 2,
    })),
  });
  return new Map(
    ids.map((id, i): [string, EntryTexture] => {
      const result = results[i];
      if (result.data) return [id, { state: 'ready', texture: result.data }];
      if (result.error) return [id, gone(result.error) ? { state: 'gone' } : { state: 'failed', message: messageOf(result.error) }];
      return [id, { state: 'loading' }];
    }),
  );
}
