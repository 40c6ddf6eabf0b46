import { useId, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Texture, TextureList } from '@kiln/contracts';
import { TEXTURE_PAGE_SIZE } from '@kiln/contracts/constants';
import { messageOf } from '../../api/client';
import { useMe } from '../../auth/session';
import { authorLine, TexturePreviewImage } from '../../textures/TextureCard';
import { texturesApi, textureKeys } from '../../textures/textures-api';
import { SearchIcon } from '../../ui/icons';
import { useDebounced } from '../../ui/use-debounced';
import type { MaterialScope } from './material-api';

/** The grid's empty state (ADR 0031, 0064): neither the scope nor the community has a texture (matching the search). */
export const NO_TEXTURES = 'No textures found. Textures you publish and community textures will be listed here.';
export const MORE_TEXTURES = 'Show more textures';
/** The search is asked of the server once typing pauses this long. */
const SEARCH_PAUSE_MS = 250;

const nextSkip = (last: TextureList, pages: TextureList[]) =>
  last.data.length < TEXTURE_PAGE_SIZE ? undefined : pages.reduce((n, page) => n + page.data.length, 0);

/**
 * The texture grid of an appearance entry (spec 002 §2, §9): the material's scope's own textures, then the community
 * textures (20 of each at a time), searched by name; each card 170×222 with its 132 preview, name, and its author or
 * 'Published by you'. The cards are one radio group: choosing one sets the entry's texture.
 */
export function TexturePicker({ scope, value, onChoose }: { scope: MaterialScope; value: string | null; onChoose: (texture: Texture) => void }) {
  const [term, setTerm] = useState('');
  const search = useDebounced(term.trim(), SEARCH_PAUSE_MS);
  const me = useMe();
  const queryClient = useQueryClient();
  const name = useId();
  const own = useInfiniteQuery({
    queryKey: [...textureKeys.own(scope), 'picker', search],
    queryFn: ({ pageParam }) => texturesApi.list({ scope, skip: pageParam, term: search }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    // While a new search is asked, the cards of the last one stay.
    placeholderData: keepPreviousData,
  });
  const community = useInfiniteQuery({
    queryKey: [...textureKeys.community(search), 'picker'],
    queryFn: ({ pageParam }) => texturesApi.community({ skip: pageParam, term: search }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    // While a new search is asked, the cards of the last one stay.
    placeholderData: keepPreviousData,
  });
  // The scope's own first; a public texture of the scope shows once.
  const seen = new Set<string>();
  const textures = [...(own.data?.pages ?? []), ...(community.data?.pages ?? [])]
    .flatMap((page) => page.data)
    .filter((t) => !seen.has(t.id) && Boolean(seen.add(t.id)));
  const loading = own.isPending || community.isPending;
  const error = own.error ?? community.error;

  const choose = (texture: Texture) => {
    // The preview reads the chosen texture's maps from the same cache, without asking again.
    queryClient.setQueryData(textureKeys.one(texture.id), texture);
    onChoose(texture);
  };

  return (
    <div className="texture-picker">
      <div className="search texture-search">
        <SearchIcon size={16} />
        <input type="search" aria-label="Search textures" placeholder="Search textures" value={term} onChange={(event) => setTerm(event.target.value)} />
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {messageOf(error)}
        </p>
      ) : loading ? (
        <p className="muted" role="status">
          Loading textures…
        </p>
      ) : textures.length === 0 ? (
        <p className="texture-empty" data-testid="texture-empty">
          {NO_TEXTURES}
        </p>
      ) : (
        <div className="texture-choices" role="radiogroup" aria-label="Textures" data-testid="texture-choices">
          {textures.map((texture) => (
            <label
              key={texture.id}
              className={`texture-choice ${texture.id === value ? 'texture-choice--on' : ''}`}
              data-testid="texture-choice"
              data-texture-id={texture.id}
            >
              <input type="radio" className="visually-hidden" name={name} checked={texture.id === value} onChange={() => choose(texture)} />
              <TexturePreviewImage texture={texture} />
              <span className="texture-choice-name" title={texture.name}>
                {texture.name}
              </span>
              <span className="texture-choice-author muted">{authorLine(texture, me.data?.id)}</span>
            </label>
          ))}
        </div>
      )}
      {(own.hasNextPage || community.hasNextPage) && (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={own.isFetchingNextPage || community.isFetchingNextPage}
          onClick={() => {
            if (own.hasNextPage) void own.fetchNextPage();
            if (community.hasNextPage) void community.fetchNextPage();
          }}
        >
          {MORE_TEXTURES}
        </button>
      )}
    </div>
  );
}
