import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppearanceEntry, Texture } from '@kiln/contracts';
import { ApiError, messageOf } from '../../api/client';
import { texturesApi, textureKeys } from '../../textures/textures-api';

/** What the editor knows of an entry's texture: being read, read, gone (deleted or no longer visible), or not read. */
export type EntryTexture = { state: 'loading' } | { state: 'ready'; texture: Texture } | { state: 'gone' } | { state: 'failed'; message: string };

const gone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 403);

const TEXTURE_STALE_MS = 60_000;

/**
 * The textures the texture-mode entries name, each read once (`GET /api/workspace/texture/{id}`, shared with the
 * texture screens' cache): the tabs show their names, the preview wears their maps, and one deleted since the
 * material was saved reads as gone (ADR 0064). One query over the ids rather than `useQueries`: that hook's code
 * would sit in the first load of `/` (the query library's shared module lands in the entry chunk).
 */
export function useEntryTextures(entries: readonly AppearanceEntry[]): ReadonlyMap<string, EntryTexture> {
  const client = useQueryClient();
  const ids = [...new Set(entries.flatMap((e) => (e.mode === 'texture' && e.textureId ? [e.textureId] : [])))].sort();
  const { data } = useQuery({
    queryKey: [...textureKeys.all, 'entries', ids] as const,
    enabled: ids.length > 0,
    staleTime: TEXTURE_STALE_MS,
    queryFn: () =>
      Promise.all(
        ids.map((id) =>
          client
            .fetchQuery({
              queryKey: textureKeys.one(id),
              queryFn: () => texturesApi.get(id),
              staleTime: TEXTURE_STALE_MS,
              retry: (failures: number, error: unknown) => !gone(error) && failures < 2,
            })
            .then(
              (texture): EntryTexture => ({ state: 'ready', texture }),
              (error: unknown): EntryTexture => (gone(error) ? { state: 'gone' } : { state: 'failed', message: messageOf(error) }),
            ),
        ),
      ),
  });
  return new Map(ids.map((id, i): [string, EntryTexture] => [id, data?.[i] ?? { state: 'loading' }]));
}
