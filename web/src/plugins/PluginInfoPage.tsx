import { useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Plugin, PluginVersion } from '@kiln/contracts';
import { PLUGIN_MESSAGES, versionToolbar } from '@kiln/domain';
import { ApiError, messageOf } from '../api/client';
import { useMe } from '../auth/session';
import { PlusIcon } from '../ui/icons';
import { AddVersionDialog } from './AddVersionDialog';
import { pluginApi, pluginKeys } from './plugin-api';
import { renderReadme, sanitizeHtml } from './plugin-content';
import { usePluginPushes, useVersionActions } from './plugin-pushes';
import { formatDate, PLUGIN_TEXTS, VERSION_STATUS_LABELS } from './plugin-texts';
import { PluginMark, Spinner, TrashIcon, TypedDeleteDialog } from './PluginParts';
import { StepCards } from './StepCards';
import { UploadZip } from './UploadZip';
import { useNow } from './use-now';
import './plugins.css';

/** Plugin info (/plugin/{id}, the record id; spec 001 §2). */
export function PluginInfoPage() {
  const { pluginRecordId = '' } = useParams();
  const plugin = useQuery({
    queryKey: pluginKeys.plugin(pluginRecordId),
    queryFn: () => pluginApi.get(pluginRecordId),
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
  usePluginPushes();
  if (plugin.isPending) return <Spinner label="Loading the plugin" />;
  if (plugin.isError) {
    const missing = plugin.error instanceof ApiError && plugin.error.status === 404;
    return (
      <div className="empty" role="alert">
        <p data-testid="plugin-missing">{missing ? PLUGIN_TEXTS.notFound : messageOf(plugin.error)}</p>
        <Link className="btn btn-ghost" to="/plugin">
          Back to plugins
        </Link>
      </div>
    );
  }
  return <PluginInfo plugin={plugin.data} />;
}

function PluginInfo({ plugin }: { plugin: Plugin }) {
  const me = useMe();
  const mine = me.data?.id === plugin.authorId;
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<'version' | 'delete' | null>(null);
  const description = useMemo(() => sanitizeHtml(plugin.description), [plugin.description]);
  const readme = useMemo(() => (plugin.readme.trim() ? renderReadme(plugin.readme) : ''), [plugin.readme]);
  const versions = useQuery({ queryKey: pluginKeys.versions(plugin.id), queryFn: () => pluginApi.versions(plugin.id) });
  const list = versions.data?.data ?? [];

  return (
    <article className="plugin-page plugin-info" aria-labelledby={titleId}>
      <header className="plugin-header">
        <PluginMark plugin={plugin} size={64} />
        <div className="plugin-header-text">
          <p className="plugin-package" data-testid="plugin-package-id">
            {plugin.pluginId}
          </p>
          <div className="plugin-title-row">
            <h1 id={titleId}>{plugin.name}</h1>
            {plugin.publishedAt && (
              <span className="badge badge--active" data-testid="published-badge">
                Published
              </span>
            )}
          </div>
          <dl className="plugin-facts">
            <div>
              <dt>Version</dt>
              <dd data-testid="plugin-version">{plugin.latestVersion ?? '—'}</dd>
            </div>
            <div>
              <dt>Position</dt>
              <dd data-testid="plugin-position">{plugin.private ? 'Private' : 'Public'}</dd>
            </div>
            <div>
              <dt>Published</dt>
              <dd>{formatDate(plugin.publishedAt)}</dd>
            </div>
            <div>
              <dt>Groups</dt>
              <dd data-testid="plugin-groups">{plugin.groupCount}</dd>
            </div>
            <div>
              <dt>Nodes</dt>
              <dd data-testid="plugin-nodes">{plugin.nodeCount}</dd>
            </div>
            <div>
              <dt>Type</dt>
              <dd>{plugin.type}</dd>
            </div>
          </dl>
        </div>
        {mine && (
          <div className="plugin-header-actions">
            <Link className="btn btn-ghost" to={`/plugin/edit/${plugin.id}`}>
              Edit
            </Link>
            <button
              type="button"
              className="btn btn-ghost btn-danger-text"
              disabled={Boolean(plugin.publishedAt)}
              aria-describedby={plugin.publishedAt ? `${titleId}-undeletable` : undefined}
              onClick={() => setOpen('delete')}
            >
              <TrashIcon /> Delete
            </button>
            {plugin.publishedAt && (
              <p id={`${titleId}-undeletable`} className="field-hint">
                {PLUGIN_MESSAGES.publishedUndeletable}
              </p>
            )}
          </div>
        )}
      </header>

      <div className="plugin-info-layout">
        <div className="plugin-info-main">
          <section aria-labelledby={`${titleId}-description`} className="plugin-section">
            <h2 id={`${titleId}-description`}>Description</h2>
            <div className="rich-text" data-testid="plugin-description" dangerouslySetInnerHTML={{ __html: description }} />
          </section>
          <section aria-labelledby={`${titleId}-readme`} className="plugin-section">
            <h2 id={`${titleId}-readme`}>Readme</h2>
            {readme ? (
              <div className="rich-text" data-testid="plugin-readme" dangerouslySetInnerHTML={{ __html: readme }} />
            ) : (
              <p className="muted">No readme yet.</p>
            )}
          </section>
        </div>

        {mine && (
          <aside className="plugin-side" aria-label="Versions and actions">
            <button type="button" className="btn btn-primary btn-block" onClick={() => setOpen('version')} data-testid="add-version">
              <PlusIcon size={18} /> Add New Version
            </button>
            {versions.isPending && <Spinner label="Loading versions" />}
            {versions.isError && (
              <p className="form-error" role="alert">
                {messageOf(versions.error)}
              </p>
            )}
            {list[0] && <LatestVersion plugin={plugin} version={list[0]} />}
            {list.length > 0 && (
              <section className="plugin-versions" aria-labelledby={`${titleId}-versions`}>
                <h2 id={`${titleId}-versions`}>Versions</h2>
                <ul>
                  {list.map((v) => (
                    <li key={v.id}>
                      <Link to={`/plugin/${plugin.id}/version?version=${encodeURIComponent(v.version)}`} data-testid="version-link">
                        {v.version}
                      </Link>
                      <span className={`version-status version-status--${v.status}`}>{VERSION_STATUS_LABELS[v.status]}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </aside>
        )}
      </div>

      {open === 'version' && (
        <AddVersionDialog
          plugin={plugin}
          versions={list.map((v) => v.version)}
          onClose={() => setOpen(null)}
          onCreated={(v) => navigate(`/plugin/${plugin.id}/version?version=${encodeURIComponent(v.version)}`)}
        />
      )}
      {open === 'delete' && (
        <TypedDeleteDialog
          title="Delete plugin"
          what="this plugin"
          expected={plugin.name}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await pluginApi.remove(plugin.id);
            void queryClient.invalidateQueries({ queryKey: pluginKeys.all });
            navigate('/plugin');
          }}
        />
      )}
    </article>
  );
}

/** The side panel's newest version: its action status cards and Upload (spec 001 §2). */
function LatestVersion({ plugin, version }: { plugin: Plugin; version: PluginVersion }) {
  const now = useNow();
  const actions = useVersionActions(plugin.id, version.version);
  const toolbar = versionToolbar({ ...version, hasZip: Boolean(version.mediaId) }, { isAuthor: true, isDeveloper: true }, now);
  return (
    <section className="plugin-latest" aria-label={`Version ${version.version}`}>
      <div className="plugin-latest-head">
        <Link to={`/plugin/${plugin.id}/version?version=${encodeURIComponent(version.version)}`}>Version {version.version}</Link>
        <span className={`version-status version-status--${version.status}`}>{VERSION_STATUS_LABELS[version.status]}</span>
      </div>
      {actions.data && <StepCards actions={actions.data.data} compact />}
      {toolbar.upload.shown && <UploadZip recordId={plugin.id} packageId={plugin.pluginId} version={version.version} enabled={toolbar.upload.enabled} />}
    </section>
  );
}
