import { useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { ListHeader, ModelListView, usePagedItems } from '../models/ModelListView';
import { useViewState, type DisplayMode } from '../shell/view-state';
import { DeleteByNameDialog } from '../teams/dialogs/DeleteByNameDialog';
import { formatDay } from '../ui/dates';
import { PlusIcon } from '../ui/icons';
import { inItemScope, ItemActionsMenu, ItemRow, mergePush, useLiveItems } from '../ui/ItemParts';
import { COMMUNITY_MESSAGES, ENVIRONMENT_MAP_CHANNEL, ENVIRONMENT_MAP_PAGE_SIZE, ENVIRONMENT_MAP_TEXTS } from '@kiln/contracts/constants';
import { ScenePicture } from './ScenePicture';
import { sceneApi, sceneKeys, type EnvironmentMap, type SceneScope } from './scene-api';
import { sceneRules } from './scene-rules';
import { SCENE_TEXTS } from './scene-texts';
import { TagBadges } from '../ui/TagBadges';
import '../assets/assets.css';
import './scenes.css';

const idOf = (item: EnvironmentMap) => item.id;

export interface SceneListPageProps {
  scope: SceneScope;
  /** Where the scope's pages live: '' personal, `/{teamId}`, `/{teamId}/{projectId}`. */
  base: string;
  /** New Scene: always in the personal scope; in a team, owner or editor (spec 001 §6). */
  canCreate: boolean;
  createReason?: string;
  userId: string;
}

/**
 * My Scenes (/assets/scene), and a team's or project's (spec 001 §2; ADR 0063): the Private/Public switch (the scope's
 * private scenes, or the public ones: the community's), 'New Scene', cards with the preview image, tags and the
 * 'Recently published' mark, 20 at a time, delete by typing the name for the author. Live on `workspace-environment-map`.
 */
export function SceneListPage({ scope, base, canCreate, createReason, userId }: SceneListPageProps) {
  const [params, setParams] = useSearchParams();
  const publicOnes = params.get('show') === 'public';
  const show = publicOnes ? 'public' : 'private';
  const { display } = useViewState();
  const queryClient = useQueryClient();
  const titleId = useId();
  const list = useInfiniteQuery({
    queryKey: sceneKeys.list(scope, show),
    queryFn: ({ pageParam }) => sceneApi.list({ scope, show, skip: pageParam }),
    initialPageParam: 0,
    // More is loaded when a page returned exactly 20 (spec 001 §9).
    getNextPageParam: (last, all) => (last.data.length === ENVIRONMENT_MAP_PAGE_SIZE ? all.reduce((n, page) => n + page.data.length, 0) : undefined),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sceneKeys.all });
  const { items, forget } = useLiveItems(
    usePagedItems(list, idOf),
    ENVIRONMENT_MAP_CHANNEL,
    (message) => mergePush(queryClient, sceneKeys.all, message, (cached, pushed) => (cached.version <= pushed.version ? { ...cached, ...pushed } : cached)),
    refresh,
    (item) => inItemScope(item, scope) && item.public === publicOnes,
  );
  // A scene that left this list's side of the switch (made public, or private again) goes with the next fetch.
  const shown = items.filter((item) => item.public === publicOnes);
  const [deleting, setDeleting] = useState<EnvironmentMap | null>(null);
  const inTeam = Boolean(scope.teamId);
  const title = inTeam ? SCENE_TEXTS.teamTitle : SCENE_TEXTS.title;

  return (
    <section className="models-page scene-library" aria-labelledby={titleId} data-testid="scene-library">
      <ListHeader id={titleId} title={title} total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={SCENE_TEXTS.noun}>
        {canCreate ? (
          <Link className="btn btn-primary" to={`${base}/assets/scene/new`} data-testid="new-scene">
            <PlusIcon size={18} /> {ENVIRONMENT_MAP_TEXTS.newScene}
          </Link>
        ) : (
          <button type="button" className="btn btn-primary" disabled title={createReason} data-testid="new-scene">
            <PlusIcon size={18} /> {ENVIRONMENT_MAP_TEXTS.newScene}
          </button>
        )}
      </ListHeader>

      <div className="scene-switch" role="group" aria-label={SCENE_TEXTS.switchLabel}>
        {[false, true].map((on) => (
          <button
            key={String(on)}
            type="button"
            className={`scene-switch-btn ${on === publicOnes ? 'scene-switch-btn--on' : ''}`}
            aria-pressed={on === publicOnes}
            onClick={() => setParams(on ? { show: 'public' } : {}, { replace: true })}
            data-testid={on ? 'scene-show-public' : 'scene-show-private'}
          >
            {on ? ENVIRONMENT_MAP_TEXTS.public : ENVIRONMENT_MAP_TEXTS.private}
          </button>
        ))}
      </div>
      {publicOnes && <p className="muted scene-switch-note">{SCENE_TEXTS.publicNote}</p>}

      <ModelListView
        query={list}
        items={shown}
        keyOf={idOf}
        display={display}
        search=""
        emptyText={ENVIRONMENT_MAP_TEXTS.empty}
        columns={['Name', 'Author', 'Created']}
        label={title}
        renderItem={(item) => <SceneCard item={item} display={display} base={base} userId={userId} onDelete={() => setDeleting(item)} />}
      />

      {deleting && (
        <DeleteByNameDialog
          title="Delete scene"
          what="scene"
          name={deleting.name}
          onConfirm={async () => {
            await sceneApi.remove(deleting.id);
            forget(deleting.id);
            await refresh();
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}

function SceneCard({
  item,
  display,
  base,
  userId,
  onDelete,
}: {
  item: EnvironmentMap;
  display: DisplayMode;
  base: string;
  userId: string;
  onDelete: () => void;
}) {
  const navigate = useNavigate();
  const rules = sceneRules(item);
  const created = formatDay(item.createdAt);
  const editTo = `${base}/assets/scene/edit/${encodeURIComponent(item.id)}`;
  const common = { 'data-testid': 'scene-item', 'data-scene-name': item.name, 'data-scene-id': item.id };
  const author = item.authorId === userId ? SCENE_TEXTS.publishedByYou : item.author.fullName;
  const thumb = (
    <Link className="asset-open" to={editTo} aria-label={`${rules.canEdit ? SCENE_TEXTS.edit : 'Open'} ${item.name}`} tabIndex={-1} aria-hidden="true">
      <ScenePicture item={item} size={display === 'list' ? 18 : 40} />
    </Link>
  );
  const name = (
    <Link className="model-name scene-name" to={editTo} title={item.name} data-testid="scene-name">
      {item.name}
    </Link>
  );
  const marks = (
    <>
      {rules.recentlyPublished && (
        <span className="badge scene-recent" data-testid="scene-recent" title={COMMUNITY_MESSAGES.notModerated}>
          {COMMUNITY_MESSAGES.recentlyPublished}
        </span>
      )}
      <TagBadges tags={item.tags} />
    </>
  );
  const menu = (
    <ItemActionsMenu
      name={item.name}
      testId="scene-menu"
      actions={[
        { label: rules.canEdit ? SCENE_TEXTS.edit : 'Open', testId: 'scene-edit', onSelect: () => navigate(editTo) },
        { label: SCENE_TEXTS.delete, testId: 'scene-delete', disabled: !rules.canDelete, danger: true, reason: rules.reason, onSelect: onDelete },
      ]}
    />
  );
  if (display === 'list') {
    return (
      <ItemRow
        className="asset-row scene-row"
        data={common}
        lead={thumb}
        text={
          <>
            {name}
            <span className="model-meta scene-marks">{marks}</span>
          </>
        }
        column={author}
        date={item.createdAt}
        dateText={created}
        menu={menu}
      />
    );
  }
  return (
    <li className={`model-card model-card--${display} asset-card scene-card`} {...common}>
      {thumb}
      <div className="model-card-body">
        <div className="model-card-text">
          {name}
          <span className="model-meta">
            {author} · <time dateTime={item.createdAt}>{created}</time>
          </span>
          <span className="scene-marks">{marks}</span>
        </div>
        <span className="model-tools">{menu}</span>
      </div>
    </li>
  );
}
