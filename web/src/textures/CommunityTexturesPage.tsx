import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Texture, TextureAssociation } from '@kiln/contracts';
import { TEXTURE_TEXTS } from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { useMe } from '../auth/session';
import { ListHeader, ModelListView, usePagedItems, type PagedQuery } from '../models/ModelListView';
import { TextureCard } from './TextureCard';
import { nextSkip } from './TexturesPage';
import { texturesApi, textureKeys, type TextureScope } from './textures-api';
import { useTextureRefresh } from './use-texture-pushes';
import './textures.css';

export const COMMUNITY_TEXTS = {
  search: 'Search community textures',
  empty: 'No community textures yet.',
  add: 'Add to library',
  added: 'Added',
  back: 'Back to textures',
} as const;

const idOf = (item: { id: string }) => item.id;

/**
 * The community textures browser (spec 001 §2, /assets/texture/community in each scope): everyone's public textures, 20
 * at a time, searched by name 200 ms after typing, each added to this library with one press (a texture association);
 * one's own public textures are there too, marked 'Published by you', and need no adding.
 */
export function CommunityTexturesPage({
  scope,
  base,
  title,
  canAdd,
  noAddReason,
}: {
  scope: TextureScope;
  base: string;
  title: string;
  canAdd: boolean;
  noAddReason: string;
}) {
  const { data: me } = useMe();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [term, setTerm] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setApplied(term.trim()), 200);
    return () => clearTimeout(timer);
  }, [term]);
  useTextureRefresh();
  const list = useInfiniteQuery({
    queryKey: textureKeys.community(applied),
    queryFn: ({ pageParam }) => texturesApi.community({ skip: pageParam, term: applied }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
  const textures = usePagedItems(list as PagedQuery<Texture>, idOf);
  // What this library already holds (its loaded pages; a texture added elsewhere meanwhile is said by the service).
  const associations = useInfiniteQuery({
    queryKey: textureKeys.associations(scope),
    queryFn: ({ pageParam }) => texturesApi.associations({ scope, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
  const addedIds = useMemo(
    () => new Set((associations.data?.pages ?? []).flatMap((page) => page.data).map((a: TextureAssociation) => a.textureId)),
    [associations.data],
  );
  const [pending, setPending] = useState<string | null>(null);
  const [justAdded, setJustAdded] = useState<ReadonlySet<string>>(() => new Set());
  const [error, setError] = useState('');

  const add = async (texture: Texture) => {
    setPending(texture.id);
    setError('');
    try {
      await texturesApi.associate(texture.id, scope);
      setJustAdded((before) => new Set(before).add(texture.id));
      void queryClient.invalidateQueries({ queryKey: textureKeys.associations(scope) });
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="models-page texture-library" aria-labelledby={titleId} data-testid="community-textures-page">
      <ListHeader id={titleId} title={title} total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={['texture', 'textures']}>
        <Link to={`${base}/assets/texture`} className="btn btn-ghost" data-testid="texture-back">
          {COMMUNITY_TEXTS.back}
        </Link>
      </ListHeader>
      <label className="texture-search">
        <span className="visually-hidden">{COMMUNITY_TEXTS.search}</span>
        <input type="search" placeholder={COMMUNITY_TEXTS.search} value={term} onChange={(e) => setTerm(e.target.value)} data-testid="texture-search" />
      </label>
      {error && (
        <p className="form-error" role="alert" data-testid="texture-add-error">
          {error}
        </p>
      )}
      <ModelListView
        query={list as PagedQuery<Texture>}
        items={textures}
        keyOf={idOf}
        display="grid"
        search={applied}
        emptyText={COMMUNITY_TEXTS.empty}
        columns={['Name', 'Author', 'Published']}
        label={TEXTURE_TEXTS.communitySection}
        renderItem={(texture) => {
          const mine = texture.authorId === me?.id;
          const added = addedIds.has(texture.id) || justAdded.has(texture.id);
          return (
            <TextureCard
              texture={texture}
              meId={me?.id}
              to={`${base}/assets/texture/edit/${texture.id}`}
              actions={
                mine ? undefined : added ? (
                  <span className="texture-added" data-testid="texture-added">
                    {COMMUNITY_TEXTS.added}
                  </span>
                ) : (
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    disabled={!canAdd || pending === texture.id}
                    title={canAdd ? undefined : noAddReason}
                    aria-label={`${COMMUNITY_TEXTS.add}: ${texture.name}`}
                    data-testid="texture-add-to-library"
                    onClick={() => void add(texture)}
                  >
                    {COMMUNITY_TEXTS.add}
                  </button>
                )
              }
            />
          );
        }}
      />
    </section>
  );
}
