import { useId, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Plugin, PluginLog, PluginVersion } from '@kiln/contracts';
import { ISOLATION_NAMES, PIPELINE_MESSAGES, PLUGIN_MESSAGES, versionToolbar } from '@kiln/domain';
import { ApiError, messageOf } from '../api/client';
import { useMe } from '../auth/session';
import { pluginApi, pluginKeys } from './plugin-api';
import { applyVersion, keepNewerVersion, keepPushedLogs, usePluginPushes, useVersionActions } from './plugin-pushes';
import { formatDate, formatTime, PLUGIN_TEXTS, STEP_LABELS, VERSION_STATUS_LABELS } from './plugin-texts';
import { EyeOffIcon, HammerIcon, RocketIcon, Spinner, TrashIcon, TypedDeleteDialog } from './PluginParts';
import { StepCards } from './StepCards';
import { UploadZip } from './UploadZip';
import { useNow } from './use-now';
import './plugins.css';

const notFound = (e: unknown) => e instanceof ApiError && e.status === 404;
const noRetryOn4xx = (n: number, e: unknown) => !(e instanceof ApiError && e.status < 500) && n < 2;

/** A version of a plugin (/plugin/{id}/version?version=…, spec 001 §2, §4): the five steps, live logs, toolbar. */
export function PluginVersionPage() {
  const { pluginRecordId = '' } = useParams();
  const [params] = useSearchParams();
  const versionText = params.get('version') ?? '';
  usePluginPushes();
  const queryClient = useQueryClient();
  const plugin = useQuery({
    queryKey: pluginKeys.plugin(pluginRecordId),
    queryFn: () => pluginApi.get(pluginRecordId),
    retry: noRetryOn4xx,
    enabled: Boolean(pluginRecordId && versionText),
  });
  const version = useQuery({
    queryKey: pluginKeys.version(pluginRecordId, versionText),
    queryFn: async () => keepNewerVersion(queryClient, pluginKeys.version(pluginRecordId, versionText), await pluginApi.version(pluginRecordId, versionText)),
    retry: noRetryOn4xx,
    enabled: Boolean(pluginRecordId && versionText),
  });

  if (!pluginRecordId || !versionText) return <Missing text={PLUGIN_TEXTS.idAndVersionRequired} />;
  if (plugin.isPending || version.isPending) return <Spinner label="Loading the version" />;
  if (plugin.isError) return <Missing text={notFound(plugin.error) ? PLUGIN_TEXTS.notFound : messageOf(plugin.error)} />;
  if (version.isError) return <Missing text={notFound(version.error) ? PLUGIN_TEXTS.versionNotFound : messageOf(version.error)} pluginId={pluginRecordId} />;
  if (!version.data) return <Missing text={PLUGIN_TEXTS.versionNotFound} pluginId={pluginRecordId} />;
  return <VersionView plugin={plugin.data} version={version.data} />;
}

function Missing({ text, pluginId }: { text: string; pluginId?: string }) {
  return (
    <div className="empty" role="alert">
      <p data-testid="plugin-missing">{text}</p>
      <Link className="btn btn-ghost" to={pluginId ? `/plugin/${pluginId}` : '/plugin'}>
        {pluginId ? 'Back to the plugin' : 'Back to plugins'}
      </Link>
    </div>
  );
}

function VersionView({ plugin, version }: { plugin: Plugin; version: PluginVersion }) {
  const me = useMe();
  const mine = me.data?.id === plugin.authorId;
  const now = useNow();
  const titleId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const actions = useVersionActions(plugin.id, version.version, mine);
  const logsKey = pluginKeys.logs(plugin.id, version.version);
  const logs = useQuery({
    queryKey: logsKey,
    queryFn: async () => keepPushedLogs(queryClient, logsKey, await pluginApi.logs(plugin.id, version.version)),
    enabled: mine,
  });
  const pipeline = useQuery({ queryKey: pluginKeys.pipelineInfo(), queryFn: pluginApi.pipelineInfo, enabled: mine, staleTime: Infinity });
  const waiting = version.running && Boolean(actions.data?.data.length) && actions.data!.data.every((a) => a.status === 'scheduled');
  // Developers: ADR 0025 makes every author one unless the service lists developers; it refuses others with 403 (ADR 0034).
  const toolbar = versionToolbar({ ...version, hasZip: Boolean(version.mediaId) }, { isAuthor: mine, isDeveloper: mine }, now);

  const act = async (run: () => Promise<PluginVersion>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      applyVersion(queryClient, await run());
      void queryClient.invalidateQueries({ queryKey: pluginKeys.plugin(plugin.id) });
      void queryClient.invalidateQueries({ queryKey: pluginKeys.versions(plugin.id) });
      void queryClient.invalidateQueries({ queryKey: pluginKeys.actions(plugin.id, version.version) });
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const published = version.status === 'published';
  return (
    <article className="plugin-page plugin-version" aria-labelledby={titleId}>
      <header className="plugin-version-head">
        <div>
          <p className="plugin-package">
            <Link to={`/plugin/${plugin.id}`}>{plugin.name}</Link> · {plugin.pluginId}
          </p>
          <h1 id={titleId}>Version {version.version}</h1>
          <p className="plugin-version-status">
            <span className={`version-status version-status--${version.status}`} data-testid="version-status">
              {VERSION_STATUS_LABELS[version.status]}
            </span>
            {version.running && <span className="muted"> · the pipeline is running</span>}
            {version.publishedAt && <span className="muted"> · published {formatTime(version.publishedAt)}</span>}
          </p>
        </div>
        {mine && (
          <div className="plugin-toolbar" role="toolbar" aria-label="Version actions" data-testid="version-toolbar">
            {toolbar.upload.shown && <UploadZip recordId={plugin.id} packageId={plugin.pluginId} version={version.version} enabled={toolbar.upload.enabled} />}
            {toolbar.build.shown && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!toolbar.build.enabled || busy}
                onClick={() => act(() => pluginApi.publish(plugin.id, version.version))}
                data-testid="run-pipeline"
              >
                <HammerIcon /> Build
              </button>
            )}
            {toolbar.publishAlpha.shown && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!toolbar.publishAlpha.enabled || busy}
                onClick={() => act(() => pluginApi.publish(plugin.id, version.version, true))}
                data-testid="publish-alpha"
              >
                <RocketIcon /> Publish alpha
              </button>
            )}
            {toolbar.publishToggle.shown && (
              <button
                type="button"
                className="btn btn-primary"
                disabled={!toolbar.publishToggle.enabled || busy}
                title={published && !toolbar.publishToggle.enabled ? PLUGIN_MESSAGES.unpublishWindow : undefined}
                onClick={() => act(() => (published ? pluginApi.unpublish(plugin.id, version.version) : pluginApi.publish(plugin.id, version.version)))}
                data-testid="publish-toggle"
              >
                {published ? <EyeOffIcon /> : <RocketIcon />} {toolbar.publishToggle.label}
              </button>
            )}
            {toolbar.delete.shown && (
              <button
                type="button"
                className="btn btn-ghost btn-danger-text"
                disabled={!toolbar.delete.enabled || busy}
                onClick={() => setDeleting(true)}
                data-testid="delete-version"
              >
                <TrashIcon /> Delete version
              </button>
            )}
          </div>
        )}
      </header>
      {published && !toolbar.publishToggle.enabled && mine && (
        <p className="field-hint" data-testid="unpublish-closed">
          {PLUGIN_MESSAGES.unpublishWindow}
        </p>
      )}
      {failure && (
        <p className="form-error" role="alert" data-testid="version-error">
          {failure}
        </p>
      )}

      {mine ? (
        <div className="plugin-version-layout">
          <section aria-labelledby={`${titleId}-steps`} className="plugin-section">
            <h2 id={`${titleId}-steps`}>Pipeline</h2>
            {actions.isPending && <Spinner label="Loading the steps" />}
            {actions.isError && (
              <p className="form-error" role="alert">
                {messageOf(actions.error)}
              </p>
            )}
            {waiting && (
              <p className="field-hint" role="status" data-testid="build-waiting">
                {PIPELINE_MESSAGES.waiting}.
              </p>
            )}
            {actions.data && <StepCards actions={actions.data.data} />}
            {version.provenance?.zipSha256 && (
              <p className="provenance muted">
                zip sha256 <code>{version.provenance.zipSha256.slice(0, 16)}…</code>
                {version.provenance.filesSha256 && (
                  <>
                    {' '}
                    · files sha256 <code>{version.provenance.filesSha256.slice(0, 16)}…</code>
                  </>
                )}
                {version.provenance.isolation
                  ? ` · built isolated with ${ISOLATION_NAMES[version.provenance.isolation]}`
                  : version.provenance.sandboxed
                    ? ' · built in a sandbox'
                    : ''}
              </p>
            )}
            {pipeline.data && (
              <p className="provenance muted" data-testid="build-isolation">
                {pipeline.data.isolation ? PIPELINE_MESSAGES.isolatedWith(ISOLATION_NAMES[pipeline.data.isolation]) : PIPELINE_MESSAGES.notIsolated}
              </p>
            )}
          </section>
          <section aria-labelledby={`${titleId}-logs`} className="plugin-section">
            <h2 id={`${titleId}-logs`}>Logs</h2>
            {logs.isPending && <Spinner label="Loading the logs" />}
            {logs.isError && (
              <p className="form-error" role="alert">
                {messageOf(logs.error)}
              </p>
            )}
            {logs.data && <LogList logs={logs.data.data} />}
          </section>
        </div>
      ) : (
        <p className="muted">Published {formatDate(version.publishedAt)}.</p>
      )}

      {deleting && (
        <TypedDeleteDialog
          title="Delete version"
          what="this version"
          expected={version.version}
          placeholder={plugin.pluginId}
          onClose={() => setDeleting(false)}
          onConfirm={async () => {
            await pluginApi.deleteVersion(plugin.id, version.version);
            void queryClient.invalidateQueries({ queryKey: pluginKeys.versions(plugin.id) });
            navigate(`/plugin/${plugin.id}`);
          }}
        />
      )}
    </article>
  );
}

/** Newest first (a push puts a new one on top); each with its level, step and time. */
function LogList({ logs }: { logs: PluginLog[] }) {
  if (!logs.length)
    return (
      <p className="muted" data-testid="no-logs">
        {PLUGIN_TEXTS.noLogs}
      </p>
    );
  return (
    // role="log" on a wrapper: the list keeps its list semantics.
    <div role="log" aria-label="Pipeline logs" data-testid="log-list">
      {/* Focusable: a long log scrolls, and the keyboard must be able to scroll it (WCAG 2.1.1). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus (WCAG 2.1.1, see above) */}
      <ol className="log-list" tabIndex={0}>
        {logs.map((log) => (
          <li key={log.id} className={`log-line log-line--${log.level}`} data-testid="log-line" data-level={log.level} data-step={log.action}>
            <span className={`log-level log-level--${log.level}`}>{log.level}</span>
            <span className="log-step">{STEP_LABELS[log.action]}</span>
            <time className="log-time" dateTime={log.createdAt}>
              {formatTime(log.createdAt)}
            </time>
            <span className="log-message">{log.message}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}
