import { useId, useState } from 'react';
import { useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AssetItem, PushMessage } from '@kiln/contracts';
import { ASSET_ITEM_PAGE_SIZE, type AssetItemKind } from '@kiln/contracts/constants';
import { teamAllows } from '@kiln/domain';
import { ListHeader, ModelListView, usePagedItems } from '../models/ModelListView';
import { useViewState, type DisplayMode } from '../shell/view-state';
import { DeleteByNameDialog } from '../teams/dialogs/DeleteByNameDialog';
import { useProjectOutlet, useTeamOutlet } from '../teams/TeamScope';
import { formatDay } from '../ui/dates';
import { inItemScope, ItemActionsMenu, ItemRow, mergePush, useLiveItems } from '../ui/ItemParts';
import { preloadOn } from '../ui/lazy';
import { preloadModelViewer } from '../viewer/LazyModelViewer';
import { GEOMETRY_TEXTS } from '../model-geometry/geometry-texts';
import { LazyDialog, preloadGeometryDialogs, UseAsGeometryDialog } from '../model-geometry/lazy-dialogs';
import { UploadDropzone, UploadNotice, useUploads } from './upload';
import { assetFileUrl, assetItemsApi, type AssetScope } from './asset-items-api';
import { formatSize, LIBRARY_KINDS } from './asset-kinds';
import { AssetOpenDialog } from './AssetOpenDialog';
import { AssetThumb, previewFailure } from './AssetThumb';
import { RenameAssetDialog } from './RenameAssetDialog';
import { TEAM_TEXTS } from '../teams/team-texts';
import './assets.css';

/** Why a viewer's buttons are disabled (spec 001 §6). */
export const NO_ROLE = TEAM_TEXTS.ownersAndEditorsOnly;

export const assetKeys = {
  all: ['asset-items'] as const,
  kind: (kind: AssetItemKind) => ['asset-items', kind] as const,
  list: (kind: AssetItemKind, scope: AssetScope) => ['asset-items', kind, scope.teamId ?? '', scope.projectId ?? ''] as const,
};
const idOf = (item: AssetItem) => item.id;

/** A push merged into every cached page of the kind: a deletion takes the item out, a change replaces it when newer. */
function applyPush(queryClient: QueryClient, kind: AssetItemKind, message: PushMessage<AssetItem>) {
  mergePush(queryClient, assetKeys.kind(kind), message, (cached, pushed) => (cached.version <= pushed.version ? { ...cached, ...pushed } : cached));
}

type Open = { kind: 'rename' | 'delete' | 'open' | 'geometry'; item: AssetItem } | null;

export interface AssetLibraryPageProps {
  kind: AssetItemKind;
  scope?: AssetScope;
  /** Upload: always in the personal scope; in a team, owner or editor (spec 001 §6). */
  canUpload: boolean;
  /** Rename and Delete: the author in the personal scope; in a team, owner or editor (ADR 0052). */
  canChange: boolean;
  canDelete: boolean;
}

/**
 * My Vector Graphics, My Images, My 3D Objects, and a team's or project's (spec 001 §2): one page for the three
 * kinds (ADR 0056). Grid, list or compact (remembered under 'display'), 20 at a time with more loaded while a full
 * page came, uploads by drop or Add with the spec's texts, open, rename keeping the extension, and delete by typing
 * the name. Other tabs' changes arrive on the kind's channel (`workspace-image`, …).
 */
export function AssetLibraryPage({ kind, scope = {}, canUpload, canChange, canDelete }: AssetLibraryPageProps) {
  const library = LIBRARY_KINDS[kind];
  const { display } = useViewState();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: assetKeys.list(kind, scope),
    queryFn: ({ pageParam }) => assetItemsApi.list(kind, { skip: pageParam, scope }),
    initialPageParam: 0,
    // More is loaded when a page returned exactly 20 (spec 001 §9).
    getNextPageParam: (last, all) => (last.data.length === ASSET_ITEM_PAGE_SIZE ? all.reduce((n, page) => n + page.data.length, 0) : undefined),
  });
  const [open, setOpen] = useState<Open>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: assetKeys.kind(kind) });
  const { items, forget } = useLiveItems(
    usePagedItems(list, idOf),
    library.channel,
    (message) => applyPush(queryClient, kind, message),
    refresh,
    (item) => item.kind === kind && inItemScope(item, scope),
  );
  const uploads = useUploads({
    kind,
    onStored: (media) => assetItemsApi.create(kind, media.id, scope),
    onSettled: () => void refresh(),
  });
  const titleId = useId();
  const inTeam = Boolean(scope.teamId);

  return (
    <section className="models-page asset-library" aria-labelledby={titleId} data-testid="asset-library" data-kind={kind}>
      <ListHeader
        id={titleId}
        title={inTeam ? library.teamTitle : library.title}
        total={list.isSuccess ? list.data.pages[0]?.total : undefined}
        noun={library.noun}
      />
      <UploadDropzone kind={kind} onFiles={uploads.add} disabled={!canUpload} disabledReason={NO_ROLE} />
      <UploadNotice entries={uploads.entries} summary={uploads.summary} onClose={uploads.clear} />

      <ModelListView
        query={list}
        items={items}
        keyOf={idOf}
        display={display}
        search=""
        emptyText={library.empty}
        columns={['Name', 'Size', 'Last modified']}
        label={inTeam ? library.teamTitle : library.title}
        renderItem={(item) => (
          <AssetCard
            item={item}
            display={display}
            canChange={canChange}
            canDelete={canDelete}
            onOpen={() => setOpen({ kind: 'open', item })}
            onRename={() => setOpen({ kind: 'rename', item })}
            onDelete={() => setOpen({ kind: 'delete', item })}
            // A 3D object becomes a model's geometry (ADR 0054): for those who may add to the scope; each model says if they may change it.
            onUseAsGeometry={item.kind === 'object3d' ? () => setOpen({ kind: 'geometry', item }) : undefined}
            canUseAsGeometry={canUpload}
          />
        )}
      />

      {open?.kind === 'open' && (
        // The list's latest copy: a push that the preview is ready shows the file in the open dialog.
        <AssetOpenDialog item={items.find((i) => i.id === open.item.id) ?? open.item} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'geometry' && (
        <LazyDialog title={GEOMETRY_TEXTS.asGeometryTitle(open.item.name)} onClose={() => setOpen(null)}>
          <UseAsGeometryDialog item={open.item} onClose={() => setOpen(null)} />
        </LazyDialog>
      )}
      {open?.kind === 'rename' && (
        <RenameAssetDialog
          name={open.item.name}
          onSubmit={async (name) => {
            const renamed = await assetItemsApi.rename(kind, open.item.id, name);
            applyPush(queryClient, kind, { verb: 'update', data: renamed });
            await refresh();
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <DeleteByNameDialog
          title={`Delete ${library.noun[0]}`}
          what={library.noun[0]}
          name={open.item.name}
          onConfirm={async () => {
            await assetItemsApi.remove(kind, open.item.id);
            forget(open.item.id);
            await refresh();
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

interface AssetCardProps {
  item: AssetItem;
  display: DisplayMode;
  canChange: boolean;
  canDelete: boolean;
  onOpen: () => void;
  onRename: () => void;
  onDelete: () => void;
  /** 3D objects only: "Use as model geometry". */
  onUseAsGeometry?: () => void;
  canUseAsGeometry: boolean;
}

function AssetCard({ item, display, canChange, canDelete, onOpen, onRename, onDelete, onUseAsGeometry, canUseAsGeometry }: AssetCardProps) {
  const updated = formatDay(item.updatedAt);
  const size = formatSize(item.media.size);
  const common = { 'data-testid': 'asset-item', 'data-asset-name': item.name, 'data-asset-id': item.id };
  const thumb = (
    <button
      type="button"
      className="asset-open"
      onClick={onOpen}
      aria-label={`Open ${item.name}`}
      // The 3D viewer's chunk starts loading when the pointer or the focus comes to a 3D object.
      {...(item.kind === 'object3d' ? preloadOn(preloadModelViewer) : {})}
      data-testid="asset-open"
    >
      <AssetThumb item={item} size={display === 'list' ? 18 : 40} />
    </button>
  );
  const name = (
    <span className="model-name" title={item.name} data-testid="asset-name-text">
      {item.name}
    </span>
  );
  const failure = previewFailure(item);
  // Outside the open button, whose name is the item's: the preview's failure is said under the name.
  const failed = failure && (
    <span className="model-meta asset-failure" data-testid="asset-preview-failed">
      {failure}
    </span>
  );
  const menu = (
    <ItemActionsMenu
      name={item.name}
      testId="asset-menu"
      triggerProps={item.kind === 'object3d' ? preloadOn(preloadGeometryDialogs) : undefined}
      actions={[
        { label: 'Open', testId: 'asset-menu-open', onSelect: onOpen },
        { label: 'Download', testId: 'asset-download', onSelect: () => download(assetFileUrl(item.kind, item.id, 'original'), item.name) },
        onUseAsGeometry && {
          label: GEOMETRY_TEXTS.useAsGeometry,
          testId: 'asset-use-as-geometry',
          disabled: !canUseAsGeometry,
          reason: NO_ROLE,
          onSelect: onUseAsGeometry,
        },
        { label: 'Rename', testId: 'asset-rename', disabled: !canChange, reason: NO_ROLE, onSelect: onRename },
        { label: 'Delete', testId: 'asset-delete', disabled: !canDelete, danger: true, reason: NO_ROLE, onSelect: onDelete },
      ]}
    />
  );
  if (display === 'list') {
    return (
      <ItemRow
        className="asset-row"
        data={common}
        lead={thumb}
        text={
          <>
            {name}
            <span className="model-meta model-row-phone-meta">
              {size} · <time dateTime={item.updatedAt}>{updated}</time>
            </span>
            {failed}
          </>
        }
        column={size}
        date={item.updatedAt}
        dateText={updated}
        menu={menu}
      />
    );
  }
  return (
    <li className={`model-card model-card--${display} asset-card`} {...common}>
      {thumb}
      <div className="model-card-body">
        <div className="model-card-text">
          {name}
          <span className="model-meta">
            <span data-testid="asset-size">{size}</span> · <time dateTime={item.updatedAt}>{updated}</time>
          </span>
          {failed}
        </div>
        <span className="model-tools">{menu}</span>
      </div>
    </li>
  );
}

/** Saves a file of the item (its original, served as an attachment). */
export function download(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** /assets/{image|vector-graphics|objects3d}: the signed-in user's own. */
export function MyAssetLibraryPage({ kind }: { kind: AssetItemKind }) {
  return <AssetLibraryPage key={kind} kind={kind} canUpload canChange canDelete />;
}

/** /{teamId}/assets/…: upload, rename and delete for owners and editors; viewers read (spec 001 §6). */
export function TeamAssetLibraryPage({ kind }: { kind: AssetItemKind }) {
  const { team } = useTeamOutlet();
  return (
    <AssetLibraryPage
      key={`${kind}-${team.id}`}
      kind={kind}
      scope={{ teamId: team.id }}
      canUpload={teamAllows(team.userRole, 'assetItem.create')}
      canChange={teamAllows(team.userRole, 'assetItem.change')}
      canDelete={teamAllows(team.userRole, 'assetItem.delete')}
    />
  );
}

/** /{teamId}/{projectId}/assets/…. */
export function ProjectAssetLibraryPage({ kind }: { kind: AssetItemKind }) {
  const { team, project } = useProjectOutlet();
  return (
    <AssetLibraryPage
      key={`${kind}-${project.id}`}
      kind={kind}
      scope={{ teamId: team.id, projectId: project.id }}
      canUpload={teamAllows(team.userRole, 'assetItem.create')}
      canChange={teamAllows(team.userRole, 'assetItem.change')}
      canDelete={teamAllows(team.userRole, 'assetItem.delete')}
    />
  );
}
