import { MEDIA_MESSAGES, Plugin, PluginRegistryRpc, PluginVersion, PublicFile } from '@kiln/contracts';
import { DomainError, ICON_SLOT_MIME, isValidPluginIdFormat, PLUGIN_MESSAGES, PluginAggregate, PluginVersionAggregate } from '@kiln/domain';
import { newId, requestHash, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { toPluginSnapshot, toVersionSnapshot } from '../adapters/mappers';
import { NatsMediaOwnership } from '../adapters/nats-media';
import { PgPluginsRepository, SavedEvent } from '../adapters/pg-plugins.repository';
import { PIPELINE_CONFIG, PipelineConfig } from '../pipeline/pipeline-config';
import { deployedPath, mediaPath, PipelineRunner } from '../pipeline/pipeline-runner';
import { ProjectPluginsOnPluginEvents, ProjectVersionsOnVersionEvents } from '../projections/plugin-registry.projections';
import { SCHEMA } from '../schema';
import { answerVersion, PluginReadModel } from './plugin-read-model';

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

/** Readable by the caller: public plugins for everyone signed in, private ones for their author. */
async function visiblePlugin(c: RpcContext, actorId: string, id: string): Promise<Plugin> {
  const plugin = await deps(c).view.plugin(id);
  if (!plugin || !PluginAggregate.visibleTo(plugin, actorId)) throw notFound();
  return plugin;
}

const isDeveloper = (c: RpcContext, userId: string) => {
  const list = deps(c).config.developers;
  return list.length === 0 || list.includes(userId);
};

/** The first bytes of a stored upload, to check that it is a zip (PK\x03\x04, or an empty archive). */
async function isZip(path: string): Promise<boolean> {
  const file = await open(path, 'r').catch(() => null);
  if (!file) return false;
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer[0] === 0x50 && buffer[1] === 0x4b && ((buffer[2] === 3 && buffer[3] === 4) || (buffer[2] === 5 && buffer[3] === 6));
  } finally {
    await file.close();
  }
}

const CONTENT_TYPES: Record<string, string> = { js: 'text/javascript', mjs: 'text/javascript', json: 'application/json', css: 'text/css', svg: 'image/svg+xml', png: 'image/png', html: 'text/html', txt: 'text/plain', wasm: 'application/wasm' };

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
        async (id) => visiblePlugin(c, actor.userId, id),
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
  rpcRoute({ rpc: PluginRegistryRpc.getPlugin, kind: 'query', handle: ({ actor, body }, c) => visiblePlugin(c, actor.userId, body.id) }),
  rpcRoute({ rpc: PluginRegistryRpc.listMyPlugins, kind: 'query', handle: ({ actor, body }, c) => deps(c).view.myPlugins(actor.userId, body) }),
  rpcRoute({
    rpc: PluginRegistryRpc.validatePlugin,
    kind: 'query',
    handle: async ({ body }, c) => {
      if (!isValidPluginIdFormat(body.term)) return { available: false, message: PLUGIN_MESSAGES.invalidFormat };
      return (await deps(c).repo.pluginIdTaken(body.term)) ? { available: false, message: PLUGIN_MESSAGES.pluginExists } : { available: true, message: null };
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.validateSlug,
    kind: 'query',
    handle: async ({ body }, c) => {
      if (!isValidPluginIdFormat(body.slug)) return { available: false, message: PLUGIN_MESSAGES.invalidFormat };
      return (await deps(c).repo.slugTaken(body.slug)) ? { available: false, message: PLUGIN_MESSAGES.slugUsed } : { available: true, message: null };
    },
  }),

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
      const media = await c.get(NatsMediaOwnership).mediaOf(actor.userId, body.mediaId);
      if (!media) throw new DomainError('not-found', MEDIA_MESSAGES.notFound, [{ path: 'mediaId', message: MEDIA_MESSAGES.notFound }]);
      if (media.type !== 'plugin' || !(await isZip(mediaPath(deps(c).config.storageDir, body.mediaId)))) throw new DomainError('invalid', PLUGIN_MESSAGES.zipOnly, [{ path: 'mediaId', message: PLUGIN_MESSAGES.zipOnly }]);
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
  rpcRoute({
    rpc: PluginRegistryRpc.listVersions,
    kind: 'query',
    handle: async ({ actor, body }, c) => {
      const plugin = await visiblePlugin(c, actor.userId, body.where.pluginId);
      const mine = plugin.authorId === actor.userId;
      const ascending = JSON.stringify(body.sort ?? '').toLowerCase().includes('asc') && !JSON.stringify(body.sort ?? '').toLowerCase().includes('desc');
      // Others see the published versions of a public plugin only.
      const page = await deps(c).view.versions(plugin.id, { skip: body.skip, limit: body.limit, version: body.where.version, onlyPublished: !mine, ascending });
      const populate = JSON.stringify(body.populate ?? '').includes('bgpmPlugin');
      return { data: page.data.map((v) => answerVersion(v, populate ? plugin : undefined)), total: page.total };
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.listActions,
    kind: 'query',
    handle: async ({ actor, body }, c) => {
      await authorsPlugin(c, actor.userId, body.where.pluginId);
      const v = await deps(c).view.version(body.where.pluginId, body.where.version);
      if (!v) throw versionNotFound();
      const actions = JSON.stringify(body.sort ?? '').toLowerCase().includes('desc') ? [...v.actions].reverse() : v.actions;
      return { data: actions, total: actions.length };
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.listLogs,
    kind: 'query',
    handle: async ({ actor, body }, c) => {
      await authorsPlugin(c, actor.userId, body.where.pluginId);
      const v = await deps(c).view.version(body.where.pluginId, body.where.version);
      if (!v) throw versionNotFound();
      const sort = JSON.stringify(body.sort ?? '').toLowerCase();
      return deps(c).view.logs(v.id, { skip: body.skip, limit: body.limit, ascending: sort.includes('asc') && !sort.includes('desc') });
    },
  }),

  // The public read API for consumers: published versions of public plugins only.
  rpcRoute({ rpc: PluginRegistryRpc.publicPlugins, kind: 'query', handle: ({ body }, c) => deps(c).view.publicPlugins(body).then((p) => ({ data: p.data.map(publicPlugin), total: p.total })) }),
  rpcRoute({
    rpc: PluginRegistryRpc.publicVersions,
    kind: 'query',
    handle: async ({ body }, c) => {
      const plugin = await publicPluginByPackage(c, body.pluginId);
      const page = await deps(c).view.versions(plugin.id, { skip: 0, limit: 100, onlyPublished: true });
      return { data: page.data.map((v) => ({ pluginId: v.packageId, version: v.version, status: 'published' as const, publishedAt: v.publishedAt!, provenance: v.provenance! })), total: page.total };
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.publicManifest,
    kind: 'query',
    handle: async ({ body }, c) => JSON.parse(await readFile(join(await deployedOf(c, body.pluginId, body.version), 'manifest.json'), 'utf8')),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.publicFile,
    kind: 'query',
    handle: async ({ body }, c): Promise<PublicFile> => {
      const dir = await deployedOf(c, body.pluginId, body.version);
      const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as { files: { path: string; size: number; sha256: string }[] };
      // Only a path the manifest lists (never a path built from the request alone).
      const file = manifest.files.find((f) => f.path === body.path);
      const abs = file && normalize(join(dir, 'files', file.path));
      if (!file || !abs!.startsWith(join(dir, 'files') + sep)) throw new DomainError('not-found', 'File not found.');
      const content = await readFile(abs!);
      return { path: file.path, size: file.size, sha256: file.sha256, contentType: CONTENT_TYPES[file.path.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream', contentBase64: content.toString('base64') };
    },
  }),
];

const publicPlugin = ({ teamId: _t, projectId: _p, authorId: _a, version: _v, private: _pr, ...rest }: Plugin) => rest;

async function publicPluginByPackage(c: RpcContext, packageId: string): Promise<Plugin> {
  const plugin = await deps(c).view.pluginByPackageId(packageId);
  if (!plugin || plugin.private || !plugin.latestVersion) throw notFound();
  return plugin;
}

async function deployedOf(c: RpcContext, packageId: string, version: string): Promise<string> {
  const plugin = await publicPluginByPackage(c, packageId);
  if (!(await deps(c).view.publishedVersionOf(plugin.pluginId, version))) throw versionNotFound();
  return deployedPath(deps(c).config.storageDir, plugin.pluginId, version);
}

/** A publish or unpublish changes the plugin too (latest version, publishedAt, counts): one transaction. */
async function publishedChange(c: RpcContext, actorId: string, plugin: PluginAggregate, version: PluginVersionAggregate, now: Date): Promise<PluginVersion> {
  const { repo } = deps(c);
  const v = version.snapshot();
  const others = (await repo.publishedVersions(v.pluginId)).filter((x) => x !== v.version);
  const published = v.status === 'published' ? [...others, v.version] : others;
  const counts = v.status === 'published' && v.provenance ? await manifestCounts(c, v.packageId, v.version) : null;
  plugin.publishedVersionsChanged(published, counts, now);
  await projected(c, await repo.save([version, plugin], { actorId, occurredAt: now }));
  return answerVersion(toVersionSnapshot(version.snapshot()));
}

async function manifestCounts(c: RpcContext, packageId: string, version: string): Promise<{ groupCount: number; nodeCount: number } | null> {
  const text = await readFile(join(deployedPath(deps(c).config.storageDir, packageId, version), 'manifest.json'), 'utf8').catch(() => null);
  if (!text) return null;
  const m = JSON.parse(text);
  return { groupCount: m.groupCount ?? 0, nodeCount: m.nodeCount ?? 0 };
}
