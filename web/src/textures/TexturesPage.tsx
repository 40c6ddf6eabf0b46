import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { Texture, TextureAssociation } from '@kiln/contracts';
import { TEXTURE_PAGE_SIZE, TEXTURE_TEXTS } from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { useMe } from '../auth/session';
import { ListHeader, ModelListView, usePagedItems, type PagedQuery } from '../models/ModelListView';
import { DeleteByNameDialog } from '../teams/dialogs/DeleteByNameDialog';
import { ChevronDown } from '../ui/icons';
import { ItemActionsMenu } from '../ui/ItemParts';
import { preloadOn } from '../ui/lazy';
import { Menu, MenuItem } from '../ui/Menu';
import { preloadTextureSphere } from './LazyTextureSphere';
import { TextureCard } from './TextureCard';
import { texturesApi, textureKeys, type TextureScope } from './textures-api';
import { useTexturePushes } from './use-texture-pushes';
import './textures.css';

/** The next page's `skip` when the last page came full (spec 001 §9: more is loaded when a page returns exactly 20). */
export const nextSkip = (last: { data: unknown[] }, all: { data: unknown[] }[]) =>
  last.data.length === TEXTURE_PAGE_SIZE ? all.reduce((n, page) => n + page.data.length, 0) : undefined;

export const TEXTURE_LIST_TEXTS = {
  emptyUploaded: 'No textures here yet. Press “Add” to create one.',
  emptyCommunity: 'No community textures added yet. Press “Add” to browse them.',
  gone: 'This community texture is no longer available.',
} as const;

export interface TexturesPageProps {
  scope: TextureScope;
  /** The scope's path prefix ('' personal, '/{teamId}', '/{teamId}/{projectId}'). */
  base: string;
  title: string;
  /** 'Create new': always in the personal scope; in a team, owners and editors (spec 001 §6). */
  canCreate: boolean;
  /** 'Community textures' (add) and 'Remove': the same people. */
  canAssociate: boolean;
  /** Why Add is disabled. */
  noAddReason: string;
}

const idOf = (item: { id: string }) => item.id;

/**
 * My Textures, and a team's or project's (spec 001 §2): a collapsible 'Community textures' section (the community
 * textures this library added, each with 'Remove') above the 'Uploaded' section (the scope's own textures), each 20 at a
 * time with more while a page came full; the Add menu offers 'Community textures' (the browser) or 'Create new' (the
 * editor). Changes arrive on `workspace-texture` and `workspace-texture-association`.
 */
export function TexturesPage({ scope, base, title, canCreate, canAssociate, noAddReason }: TexturesPageProps) {
  const canAdd = canCreate || canAssociate;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const titleId = useId();
  const communityId = useId();
  const uploadedId = useId();
  const [communityOpen, setCommunityOpen] = useState(true);
  const [removeError, setRemoveError] = useState('');
  const [deleting, setDeleting] = useState<Texture | null>(null);

  const own = useInfiniteQuery({
    queryKey: textureKeys.own(scope),
    queryFn: ({ pageParam }) => texturesApi.list({ scope, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
  const associations = useInfiniteQuery({
    queryKey: textureKeys.associations(scope),
    queryFn: ({ pageParam }) => texturesApi.associations({ scope, skip: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
  const { textures, added, forget } = useTexturePushes(
    usePagedItems(own as PagedQuery<Texture>, idOf),
    usePagedItems(associations as PagedQuery<TextureAssociation>, idOf),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: textureKeys.all });
  const addedTotal = associations.data?.pages[0]?.total;
  // 'Remove' needs no confirmation: the texture stays the community's and can be added again (ADR 0062).
  const remove = async (association: TextureAssociation) => {
    setRemoveError('');
    try {
      await texturesApi.removeAssociation(association.id);
      forget(association.id);
    } catch (error) {
      setRemoveError(messageOf(error));
    }
    void refresh();
  };

  return (
    <section className="models-page texture-library" aria-labelledby={titleId} data-testid="textures-page">
      <ListHeader id={titleId} title={title} total={own.isSuccess ? own.data.pages[0]?.total : undefined} noun={['texture', 'textures']}>
        <Menu
          label="Add textures"
          trigger={(props) => (
            <button
              type="button"
              className="btn btn-primary"
              disabled={!canAdd}
              title={canAdd ? undefined : noAddReason}
              data-testid="texture-add"
              {...preloadOn(preloadTextureSphere)}
              {...props}
            >
              Add
            </button>
          )}
        >
          {(close) => (
            <>
              <MenuItem
                testId="texture-add-community"
                disabled={!canAssociate}
                title={canAssociate ? undefined : noAddReason}
                onSelect={() => {
                  close();
                  void navigate(`${base}/assets/texture/community`);
                }}
              >
                {TEXTURE_TEXTS.addCommunity}
              </MenuItem>
              <MenuItem
                testId="texture-add-new"
                disabled={!canCreate}
                title={canCreate ? undefined : noAddReason}
                onSelect={() => {
                  close();
                  void navigate(`${base}/assets/texture/new`);
                }}
              >
                {TEXTURE_TEXTS.createNew}
              </MenuItem>
            </>
          )}
        </Menu>
      </ListHeader>

      <section className="texture-section" aria-labelledby={communityId} data-testid="texture-community-section">
        <h2 className="texture-section-title" id={communityId}>
          <button
            type="button"
            className="texture-section-toggle"
            aria-expanded={communityOpen}
            aria-controls={`${communityId}-body`}
            data-testid="texture-community-toggle"
            onClick={() => setCommunityOpen(!communityOpen)}
          >
            <span className={`texture-section-chevron ${communityOpen ? '' : 'texture-section-chevron--closed'}`} aria-hidden="true">
              <ChevronDown size={18} />
            </span>
            {TEXTURE_TEXTS.communitySection}
            {addedTotal !== undefined && addedTotal > 0 && <span className="texture-section-count muted"> ({addedTotal})</span>}
          </button>
        </h2>
        <div id={`${communityId}-body`} hidden={!communityOpen}>
          {removeError && (
            <p className="form-error" role="alert" data-testid="texture-remove-error">
              {removeError}
            </p>
          )}
          {communityOpen && (
            <ModelListView
              query={associations as PagedQuery<TextureAssociation>}
              items={added}
              keyOf={idOf}
              display="grid"
              search=""
              emptyText={TEXTURE_LIST_TEXTS.emptyCommunity}
              columns={['Name', 'Author', 'Added']}
              label={TEXTURE_TEXTS.communitySection}
              renderItem={(association) =>
                association.texture ? (
                  <TextureCard
                    texture={association.texture}
                    meId={me?.id}
                    to={`${base}/assets/texture/edit/${association.texture.id}`}
                    actions={
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        disabled={!canAssociate}
                        title={canAssociate ? undefined : noAddReason}
                        aria-label={`${TEXTURE_TEXTS.remove} ${association.texture.name}`}
                        data-testid="texture-remove"
                        onClick={() => void remove(association)}
                      >
                        {TEXTURE_TEXTS.remove}
                      </button>
                    }
                  />
                ) : (
                  <li className="texture-card texture-card--gone" data-testid="texture-card" data-texture-gone="true">
                    <p className="muted">{TEXTURE_LIST_TEXTS.gone}</p>
                    <div className="texture-card-actions">
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        disabled={!canAssociate}
                        data-testid="texture-remove"
                        onClick={() => void remove(association)}
                      >
                        {TEXTURE_TEXTS.remove}
                      </button>
                    </div>
                  </li>
                )
              }
            />
          )}
        </div>
      </section>

      <section className="texture-section" aria-labelledby={uploadedId} data-testid="texture-uploaded-section">
        <h2 className="texture-section-title" id={uploadedId}>
          {TEXTURE_TEXTS.uploadedSection}
        </h2>
        <ModelListView
          query={own as PagedQuery<Texture>}
          items={textures}
          keyOf={idOf}
          display="grid"
          search=""
          emptyText={TEXTURE_LIST_TEXTS.emptyUploaded}
          columns={['Name', 'Author', 'Last modified']}
          label={TEXTURE_TEXTS.uploadedSection}
          renderItem={(texture) => (
            <TextureCard
              texture={texture}
              meId={me?.id}
              to={`${base}/assets/texture/edit/${texture.id}`}
              actions={
                <ItemActionsMenu
                  name={texture.name}
                  testId="texture-menu"
                  triggerProps={preloadOn(preloadTextureSphere)}
                  actions={[
                    {
                      label: texture.mayEdit ? 'Edit' : 'Open',
                      testId: 'texture-edit',
                      onSelect: () => void navigate(`${base}/assets/texture/edit/${texture.id}`),
                    },
                    texture.mayEdit && { label: 'Delete', testId: 'texture-delete', danger: true, onSelect: () => setDeleting(texture) },
                  ]}
                />
              }
            />
          )}
        />
      </section>

      {deleting && (
        <DeleteByNameDialog
          title="Delete texture"
          what="texture"
          name={deleting.name}
          onConfirm={async () => {
            await texturesApi.remove(deleting.id);
            forget(deleting.id);
            await refresh();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
