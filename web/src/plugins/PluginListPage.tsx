import { useId } from 'react';
import { PLUGIN_PAGE_SIZE } from '@kiln/contracts/constants';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Plugin } from '@kiln/contracts';
import { messageOf } from '../api/client';
import { PlugIcon, PlusIcon } from '../ui/icons';
import { pluginApi, pluginKeys, type PluginFilter } from './plugin-api';
import { usePluginPushes } from './plugin-pushes';
import { FILTER_LABELS, formatDate, PLUGIN_TEXTS } from './plugin-texts';
import { PluginMark, Spinner } from './PluginParts';
import './plugins.css';

const FILTERS: PluginFilter[] = ['isPrivate', 'isPublic', 'all'];

/** My plugins (/plugin, spec 001 §2): Private / Public / All (kept in the address), New Plugin, 20 at a time. */
export function PluginListPage() {
  const [params, setParams] = useSearchParams();
  const filter = (FILTERS as string[]).includes(params.get('filter') ?? '') ? (params.get('filter') as PluginFilter) : 'all';
  const titleId = useId();
  usePluginPushes();
  const list = useInfiniteQuery({
    queryKey: pluginKeys.list(filter),
    queryFn: ({ pageParam }) => pluginApi.myPlugins(filter, pageParam),
    initialPageParam: 0,
    // More is loaded when a page came back full (spec 001 §9).
    getNextPageParam: (last, pages) => (last.data.length === PLUGIN_PAGE_SIZE ? pages.length * PLUGIN_PAGE_SIZE : undefined),
  });
  const items = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <section className="plugin-page" aria-labelledby={titleId}>
      <div className="page-header">
        <div>
          <h1 id={titleId}>Plugins</h1>
          {list.isSuccess && list.data.pages[0]!.total > 0 && (
            <p className="page-sub">
              {list.data.pages[0]!.total} {list.data.pages[0]!.total === 1 ? 'plugin' : 'plugins'}
            </p>
          )}
        </div>
        <Link className="btn btn-primary" to="/plugin/new" data-testid="new-plugin">
          <PlusIcon size={18} /> New Plugin
        </Link>
      </div>

      <div className="plugin-filter" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            className={`plugin-filter-btn ${f === filter ? 'plugin-filter-btn--on' : ''}`}
            aria-pressed={f === filter}
            onClick={() => setParams(f === 'all' ? {} : { filter: f }, { replace: true })}
            data-testid={`plugin-filter-${f}`}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>

      {list.isPending && <Spinner label="Loading plugins" />}
      {list.isError && !list.data && (
        <div className="empty" role="alert">
          <p>{messageOf(list.error)}</p>
          <button type="button" className="btn btn-ghost" onClick={() => list.refetch()}>
            Try again
          </button>
        </div>
      )}
      {list.isSuccess && items.length === 0 && (
        <div className="empty">
          <div className="empty-art" aria-hidden="true">
            <PlugIcon size={44} />
          </div>
          <p data-testid="empty-text">{PLUGIN_TEXTS.empty}</p>
        </div>
      )}
      {items.length > 0 && (
        <ul className="plugin-list" aria-label="Plugins">
          {items.map((plugin) => (
            <PluginRow key={plugin.id} plugin={plugin} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className="btn btn-ghost plugin-more" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading more…' : 'Load more'}
        </button>
      )}
    </section>
  );
}

function PluginRow({ plugin }: { plugin: Plugin }) {
  return (
    <li className="plugin-row" data-testid="plugin-item" data-plugin-name={plugin.name}>
      <PluginMark plugin={plugin} />
      <div className="plugin-row-text">
        <Link className="plugin-row-name" to={`/plugin/${plugin.id}`}>
          {plugin.name}
        </Link>
        <span className="plugin-row-id">{plugin.pluginId}</span>
      </div>
      <div className="plugin-row-meta">
        <span className={`plugin-position plugin-position--${plugin.private ? 'private' : 'public'}`}>{plugin.private ? 'Private' : 'Public'}</span>
        {plugin.latestVersion && <span className="badge badge--active">Published {plugin.latestVersion}</span>}
        <span className="muted">{formatDate(plugin.updatedAt)}</span>
        <Link className="btn btn-ghost btn-small" to={`/plugin/edit/${plugin.id}`} aria-label={`Edit ${plugin.name}`}>
          Edit
        </Link>
      </div>
    </li>
  );
}
