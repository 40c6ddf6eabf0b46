import { MEDIA_MESSAGES, PluginRegistryRpc, Plugin, PluginVersion } from '@kiln/contracts';
import { DomainError, ICON_SLOT_MIME, PLUGIN_MESSAGES, PluginAggregate, PluginVersionAggregate } from '@kiln/domain';
import { newId, requestHash, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { randomUUID } from 'node:crypto';
import { toPluginSnapshot, toVersionSnapshot } from '../adapters/mappers';
import { MEDIA_OWNERSHIP, MediaOwnership } from '../ports/media-ownership.port';
import { PgPluginsRepository, SavedEvent } from '../adapters/pg-plugins.repository';
import { PIPELINE_CONFIG, PipelineConfig } from '../pipeline/pipeline-config';
import { PipelineRunner } from '../pipeline/pipeline-runner';
import { PLUGIN_FILES, PluginFiles } from '../ports/plugin-files.port';
import { ProjectPluginsOnPluginEvents, ProjectVersionsOnVersionEvents } from '../projections/plugin-registry.projections';
import { SCHEMA } from '../schema';
import { answerVersion, PluginReadModel } from './plugin-read-model';
import { GetPluginQuery } from './queries/get-plugin/get-plugin.query';
import { ListActionsQuery } from './queries/list-actions/list-actions.query';
import { ListLogsQuery } from './queries/list-logs/list-logs.query';
import { ListMyPluginsQuery } from './queries/list-my-plugins/list-my-plugins.query';
import { ListVersionsQuery } from './queries/list-versions/list-versions.query';
import { PublicFileQuery } from './queries/public-file/public-file.query';
import { PublicManifestQuery } from './queries/public-manifest/public-manifest.query';
import { PublicPluginsQuery } from './queries/public-plugins/public-plugins.query';
import { PublicVersionsQuery } from './queries/public-versions/public-versions.query';
import { ValidatePluginIdQuery } from './queries/validate-plugin-id/validate-plugin-id.query';
import { ValidateSlugQuery } from './queries/validate-slug/validate-slug.query';

const notFound = () => new DomainError('not-found', PLUGIN_MESSAGES.notFound);
const versionNotFound = () => new DomainError('not-found', PLUGIN_MESSAGES.versionNotFound);
const deps = (c: RpcContext) => ({ repo: c.get(PgPluginsRepository), view: c.get(PluginReadModel), runner: c.get(PipelineRunner), config: c.get<PipelineConfig>(PIPELINE_CONFIG) });

/** A command answers once its events are in the read models (read-your-writes, bounded wait). */
async function projected(c: RpcContext, events: SavedEvent[]): Promise<void> {
  const ids = (prefix: string) => events.filter((e) => e.type.startsWith(prefix)).map((e) => e.eventId);
  await Promise.all([c.runtime.waitForProjection(ProjectPluginsOnPluginEvents, ids('plugin-registry.plugin.')), c.runtime.waitForProjection(ProjectVersionsOnVersionEvents, ids('plugin-registry.version.'))]);
}

/** The plugin as its author may change it: 404 for a stranger to a private plugin, 403 for others. */
async function authorsPlugin(c: RpcContext, actorId: string, id: string): Promise<PluginAggregate> {
  const plugin = await deps(c).repo.loadPlugin(id);
  if (!plugin) throw notFound();
  plugin.assertAuthor(actorId);
  return plugin;
}

async function authorsVersion(c: RpcContext, actorId: string, pluginId: string, version: string): Promise<{ plugin: PluginAggregate; version: PluginVersionAggregate }> {
  const plugin = await authorsPlugin(c, actorId, pluginId);
  const v = await deps(c).repo.loadVersion(pluginId, version);
  if (!v) throw versionNotFound();
  return { plugin, version: v };
}

const isDeveloper = (c: RpcContext, userId: string) => {
  const list = deps(c).config.developers;
  return list.length === 0 || list.includes(userId);
};

/** The plugin-registry's NATS face (spec 001 §7; ADR 0025, 0026). */
export const pluginRegistryRoutes = [
  rpcRoute({
    rpc: PluginRegistryRpc.createPlugin,
    kind: 'command',
    handle: ({ actor, body, idempotencyKey }, c) => {
      const claim = idempotencyKey ? { userId: actor.userId, key: idempotencyKey, operation: PluginRegistryRpc.createPlugin.subject, requestHash: requestHash(body) } : null;
      return runIdempotent(
        c.runtime.db,
        SCHEMA,
        claim,
        async () => {
          const now = new Date();
          const { type, ...rest } = body;
          const plugin = PluginAggregate.create({ ...rest, type, icons: body.icons, id: newId(now), authorId: actor.userId, now });
          await projected(c, await deps(c).repo.save([plugin], { actorId: actor.userId, occurredAt: now, ...(claim ? { idempotency: { ...claim, resourceId: plugin.snapshot().id } } : {}) }));
          return { ...toPluginSnapshot(plugin.snapshot()) } as Plugin;
        },
        (id) => c.queries.execute(new GetPluginQuery(actor.userId, id)),
      );
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.updatePlugin,
    kind: 'command',
    handle: async ({ actor, body }, c) => {
      const plugin = await authorsPlugin(c, actor.userId, body.id);
      const now = new Date();
      for (const [slot, media] of Object.entries(body.changes.icons ?? {})) if (media !== null && !(slot in ICON_SLOT_MIME)) throw new DomainError('invalid', PLUGIN_MESSAGES.iconMd);
      plugin.update(body.changes, actor.userId, now);
      await projected(c, await deps(c).repo.save([plugin], { actorId: actor.userId, occurredAt: now }));
      return toPluginSnapshot(plugin.snapshot());
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.deletePlugin,
    kind: 'command',
    handle: async ({ actor, body }, c) => {
      const plugin = await authorsPlugin(c, actor.userId, body.id);
      const now = new Date();
      plugin.delete(actor.userId, now);
      await projected(c, await deps(c).repo.save([plugin], { actorId: actor.userId, occurredAt: now }));
      return toPluginSnapshot(plugin.snapshot());
    },
  }),
  rpcRoute({ rpc: PluginRegistryRpc.getPlugin, kind: 'query', handle: ({ actor, body }, c) => c.queries.execute(new GetPluginQuery(actor.userId, body.id)) }),
  rpcRoute({ rpc: PluginRegistryRpc.listMyPlugins, kind: 'query', handle: ({ actor, body }, c) => c.queries.execute(new ListMyPluginsQuery(actor.userId, body)) }),
  rpcRoute({ rpc: PluginRegistryRpc.validatePlugin, kind: 'query', handle: ({ body }, c) => c.queries.execute(new ValidatePluginIdQuery(body.term)) }),
  rpcRoute({ rpc: PluginRegistryRpc.validateSlug, kind: 'query', handle: ({ body }, c) => c.queries.execute(new ValidateSlugQuery(body.slug)) }),

  // Versions
  rpcRoute({
    rpc: PluginRegistryRpc.createVersion,
    kind: 'command',
    handle: async ({ actor, body }, c) => {
      const plugin = await authorsPlugin(c, actor.userId, body.pluginId);
      const now = new Date();
      const p = plugin.snapshot();
      const version = PluginVersionAggregate.create({ id: newId(now), actionIds: [1, 2, 3, 4, 5].map(() => newId(now)), plugin: { id: p.id, pluginId: p.pluginId, authorId: p.authorId }, version: body.version, usedVersions: await deps(c).repo.usedVersions(p.id), now });
      await projected(c, await deps(c).repo.save([version], { actorId: actor.userId, occurredAt: now }));
      return answerVersion(toVersionSnapshot(version.snapshot()));
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.deleteVersion,
    kind: 'command',
    handle: async ({ actor, body }, c) => {
      const { version } = await authorsVersion(c, actor.userId, body.pluginId, body.version);
      const now = new Date();
      version.delete(now);
      await projected(c, await deps(c).repo.save([version], { actorId: actor.userId, occurredAt: now }));
      return answerVersion(toVersionSnapshot(version.snapshot()));
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.assignZip,
    kind: 'command',
    handle: async ({ actor, body }, c) => {
      const { version } = await authorsVersion(c, actor.userId, body.pluginId, body.version);
      // Only the uploader's own media (ADR 0033): someone else's id is as unknown as a made-up one.
      const media = await c.get<MediaOwnership>(MEDIA_OWNERSHIP).mediaOf(actor.userId, body.mediaId);
      if (!media) throw new DomainError('not-found', MEDIA_MESSAGES.notFound, [{ path: 'mediaId', message: MEDIA_MESSAGES.notFound }]);
      if (media.type !== 'plugin' || !(await c.get<PluginFiles>(PLUGIN_FILES).isZip(body.mediaId))) throw new DomainError('invalid', PLUGIN_MESSAGES.zipOnly, [{ path: 'mediaId', message: PLUGIN_MESSAGES.zipOnly }]);
      const now = new Date();
      version.assignZip(body.mediaId, now);
      await projected(c, await deps(c).repo.save([version], { actorId: actor.userId, occurredAt: now }));
      return answerVersion(toVersionSnapshot(version.snapshot()));
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.publish,
    kind: 'command',
    handle: async ({ actor, body }, c) => {
      const { plugin, version } = await authorsVersion(c, actor.userId, body.pluginId, body.version);
      const { repo, runner } = deps(c);
      const now = new Date();
      const isAlpha = body.options?.isAlpha ?? false;
      if (version.publishKind(isAlpha) === 'pipeline') {
        const jobId = randomUUID();
        version.startPipeline(jobId, now);
        const id = version.snapshot().id;
        // The job and its lease commit together: if this instance stops, the lease runs out and a sweep takes over.
        await projected(c, await repo.save([version], { actorId: actor.userId, occurredAt: now }, (trx) => trx.withSchema(SCHEMA).updateTable('plugin_versions').set(runner.leaseValues()).where('id', '=', id).execute().then(() => undefined)));
        runner.start(id, jobId);
        return answerVersion(toVersionSnapshot(version.snapshot()));
      }
      version.publish(isAlpha, { isDeveloper: isDeveloper(c, actor.userId) }, now);
      return publishedChange(c, actor.userId, plugin, version, now);
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.unpublish,
    kind: 'command',
    handle: async ({ actor, body }, c) => {
      const { plugin, version } = await authorsVersion(c, actor.userId, body.pluginId, body.version);
      const now = new Date();
      version.unpublish(now);
      return publishedChange(c, actor.userId, plugin, version, now);
    },
  }),
  rpcRoute({ rpc: PluginRegistryRpc.listVersions, kind: 'query', handle: ({ actor, body }, c) => c.queries.execute(new ListVersionsQuery(actor.userId, body)) }),
  rpcRoute({ rpc: PluginRegistryRpc.listActions, kind: 'query', handle: ({ actor, body }, c) => c.queries.execute(new ListActionsQuery(actor.userId, body)) }),
  rpcRoute({ rpc: PluginRegistryRpc.listLogs, kind: 'query', handle: ({ actor, body }, c) => c.queries.execute(new ListLogsQuery(actor.userId, body)) }),

  // The public read API for consumers: published versions of public plugins only.
  rpcRoute({ rpc: PluginRegistryRpc.publicPlugins, kind: 'query', handle: ({ body }, c) => c.queries.execute(new PublicPluginsQuery(body)) }),
  rpcRoute({ rpc: PluginRegistryRpc.publicVersions, kind: 'query', handle: ({ body }, c) => c.queries.execute(new PublicVersionsQuery(body.pluginId)) }),
  rpcRoute({ rpc: PluginRegistryRpc.publicManifest, kind: 'query', handle: ({ body }, c) => c.queries.execute(new PublicManifestQuery(body.pluginId, body.version)) }),
  rpcRoute({ rpc: PluginRegistryRpc.publicFile, kind: 'query', handle: ({ body }, c) => c.queries.execute(new PublicFileQuery(body.pluginId, body.version, body.path)) }),
];

/** A publish or unpublish changes the plugin too (latest version, publishedAt, counts): one transaction. */
async function publishedChange(c: RpcContext, actorId: string, plugin: PluginAggregate, version: PluginVersionAggregate, now: Date): Promise<PluginVersion> {
  const { repo } = deps(c);
  const v = version.snapshot();
  const others = (await repo.publishedVersions(v.pluginId)).filter((x) => x !== v.version);
  const published = v.status === 'published' ? [...others, v.version] : others;
  const counts = v.status === 'published' && v.provenance ? await c.get<PluginFiles>(PLUGIN_FILES).manifestCounts(v.packageId, v.version) : null;
  plugin.publishedVersionsChanged(published, counts, now);
  await projected(c, await repo.save([version, plugin], { actorId, occurredAt: now }));
  return answerVersion(toVersionSnapshot(version.snapshot()));
}
