import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssetItem, FontFamilyList } from '@kiln/contracts';
import type { AssetItemKind } from '@kiln/contracts/constants';
import { messageOf, request } from '../api/client';
import { usePushChannel } from '../realtime/RealtimeProvider';
import { useProjectOutlet, useTeamOutlet } from '../teams/TeamScope';
import { SceneOverviewPreviews } from '../scenes/SceneOverviewPreviews';
import { TextureOverviewPreviews } from '../textures/TextureOverviewPreviews';
import { SceneIcon, TextureIcon } from './asset-icons';
import { assetItemsApi, type AssetScope } from './asset-items-api';
import { LIBRARY_KINDS } from './asset-kinds';
import { assetKeys } from './AssetLibraryPage';
import { AssetThumb } from './AssetThumb';
import './assets.css';

/** Previews on each card of the overview (spec 001 §9: "asset overview cards up to 4 previews"). */
export const OVERVIEW_PREVIEWS = 4;

/** The six cards, in the spec's order (spec 001 §2), with the path of each list under /assets. */
const CARDS: { label: string; path: string; library?: AssetItemKind; icon?: ReactNode }[] = [
  { label: 'Fonts', path: 'font' },
  { label: 'Vector Graphics', path: LIBRARY_KINDS.vector.path, library: 'vector' },
  { label: 'Images', path: LIBRARY_KINDS.image.path, library: 'image' },
  { label: 'Objects 3d', path: LIBRARY_KINDS.object3d.path, library: 'object3d' },
  { label: 'Textures', path: 'texture', icon: <TextureIcon size={32} /> },
  { label: 'Scenes', path: 'scene', icon: <SceneIcon size={32} /> },
];

/** The first items of a library for its card, refreshed with the lists (same key prefix) and by its channel. */
function LibraryPreviews({ kind, scope }: { kind: AssetItemKind; scope: AssetScope }) {
  const query = useQuery({
    queryKey: [...assetKeys.list(kind, scope), 'overview'],
    queryFn: () => assetItemsApi.list(kind, { skip: 0, scope, limit: OVERVIEW_PREVIEWS }),
  });
  if (query.isPending) return <p className="asset-kind-note muted">Loading…</p>;
  if (query.isError) return <p className="asset-kind-note form-error">{messageOf(query.error)}</p>;
  const items: AssetItem[] = query.data.data.slice(0, OVERVIEW_PREVIEWS);
  if (items.length === 0) return <p className="asset-kind-note muted">{LIBRARY_KINDS[kind].empty}</p>;
  return (
    <>
      <p className="asset-kind-note muted" data-testid="asset-kind-total">
        {query.data.total} {query.data.total === 1 ? LIBRARY_KINDS[kind].noun[0] : LIBRARY_KINDS[kind].noun[1]}
      </p>
      <ul className="asset-kind-previews" aria-label={`First ${LIBRARY_KINDS[kind].noun[1]}`}>
        {items.map((item) => (
          <li key={item.id} title={item.name} data-testid="asset-kind-preview">
            <AssetThumb item={item} size={24} />
            <span className="visually-hidden">{item.name}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The first font families of the scope (GET /api/workspace/font), by name: the fonts library has no thumbnails. */
function FontPreviews({ scope }: { scope: AssetScope }) {
  const query = useQuery({
    queryKey: ['fonts', 'overview', scope.teamId ?? '', scope.projectId ?? ''],
    queryFn: () => {
      const where = { ...(scope.teamId ? { teamId: scope.teamId } : {}), ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}) };
      return request<FontFamilyList>('GET', '/api/workspace/font', {
        query: { where: Object.keys(where).length ? JSON.stringify(where) : undefined, skip: 0, limit: OVERVIEW_PREVIEWS },
      });
    },
  });
  if (query.isPending) return <p className="asset-kind-note muted">Loading…</p>;
  if (query.isError) return <p className="asset-kind-note form-error">{messageOf(query.error)}</p>;
  const families = query.data.data.slice(0, OVERVIEW_PREVIEWS);
  return (
    <>
      <p className="asset-kind-note muted" data-testid="asset-kind-total">
        {query.data.total} {query.data.total === 1 ? 'family' : 'families'}
      </p>
      <ul className="asset-kind-names" aria-label="First font families">
        {families.map((family) => (
          <li key={family.slug} data-testid="asset-kind-preview">
            {family.family}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * My Assets (/assets), and a team's or project's (spec 001 §2): the six cards Fonts, Vector Graphics, Images,
 * Objects 3d, Textures and Scenes, each with up to 4 previews and a link to its list in the same scope: thumbnails
 * of the first items, the first font families by name, the first textures' previews (ADR 0062), the first scenes' preview
 * images (ADR 0063).
 */
export function AssetsOverviewPage({ scope = {}, base }: { scope?: AssetScope; base: string }) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const refresh = (kind: AssetItemKind) => () => void queryClient.invalidateQueries({ queryKey: assetKeys.kind(kind) });
  usePushChannel(LIBRARY_KINDS.image.channel, refresh('image'));
  usePushChannel(LIBRARY_KINDS.vector.channel, refresh('vector'));
  usePushChannel(LIBRARY_KINDS.object3d.channel, refresh('object3d'));
  usePushChannel('workspace-font', () => void queryClient.invalidateQueries({ queryKey: ['fonts', 'overview'] }));
  return (
    <section className="models-page assets-overview" aria-labelledby={titleId} data-testid="assets-overview">
      <div className="page-header">
        <h1 id={titleId}>{scope.teamId ? 'Assets' : 'My Assets'}</h1>
      </div>
      <ul className="asset-kinds">
        {CARDS.map((card) => (
          <li key={card.path} className="asset-kind-card" data-testid="asset-kind-card" data-kind={card.path}>
            <h2 className="asset-kind-title">
              <Link to={`${base}/assets/${card.path}`}>{card.label}</Link>
            </h2>
            {card.library ? (
              <LibraryPreviews kind={card.library} scope={scope} />
            ) : card.path === 'font' ? (
              <FontPreviews scope={scope} />
            ) : card.path === 'texture' ? (
              <TextureOverviewPreviews scope={scope} count={OVERVIEW_PREVIEWS} />
            ) : card.path === 'scene' ? (
              <SceneOverviewPreviews scope={scope} count={OVERVIEW_PREVIEWS} />
            ) : (
              <div className="asset-kind-neutral" aria-hidden="true">
                {card.icon}
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function MyAssetsOverviewPage() {
  return <AssetsOverviewPage base="" />;
}

export function TeamAssetsOverviewPage() {
  const { team } = useTeamOutlet();
  return <AssetsOverviewPage key={team.id} scope={{ teamId: team.id }} base={`/${team.id}`} />;
}

export function ProjectAssetsOverviewPage() {
  const { team, project } = useProjectOutlet();
  return <AssetsOverviewPage key={project.id} scope={{ teamId: team.id, projectId: project.id }} base={`/${team.id}/${project.id}`} />;
}
