import { PluginRegistryRpc } from '@kiln/contracts';
import { answerAfterProjection, idempotencyClaim, RpcContext, rpcRoute, runIdempotent } from '@kiln/service-kit';
import { ProjectPluginsOnPluginEvents, ProjectVersionsOnVersionEvents } from './projections/plugins.projections';
import { SCHEMA } from '../schema';
import { AssignZipCommand } from './commands/assign-zip/assign-zip.command';
import { CreatePluginCommand } from './commands/create-plugin/create-plugin.command';
import { CreateVersionCommand } from './commands/create-version/create-version.command';
import { DeletePluginCommand } from './commands/delete-plugin/delete-plugin.command';
import { DeleteVersionCommand } from './commands/delete-version/delete-version.command';
import { PluginChange } from './plugin-change';
import { PublishVersionCommand } from './commands/publish-version/publish-version.command';
import { UnpublishVersionCommand } from './commands/unpublish-version/unpublish-version.command';
import { UpdatePluginCommand } from './commands/update-plugin/update-plugin.command';
import { GetPluginQuery } from './queries/get-plugin/get-plugin.query';
import { ListActionsQuery } from './queries/list-actions/list-actions.query';
import { ListLogsQuery } from './queries/list-logs/list-logs.query';
import { ListMyPluginsQuery } from './queries/list-my-plugins/list-my-plugins.query';
import { ListVersionsQuery } from './queries/list-versions/list-versions.query';
import { PipelineInfoQuery } from './queries/pipeline-info/pipeline-info.query';
import { PluginFileQuery } from './queries/plugin-file/plugin-file.query';
import { PublicFileQuery } from './queries/public-file/public-file.query';
import { PublicManifestQuery } from './queries/public-manifest/public-manifest.query';
import { PublicPluginsQuery } from './queries/public-plugins/public-plugins.query';
import { PublicVersionsQuery } from './queries/public-versions/public-versions.query';
import { ValidatePluginIdQuery } from './queries/validate-plugin-id/validate-plugin-id.query';
import { ValidateSlugQuery } from './queries/validate-slug/validate-slug.query';

/** A command answers once its events are in the read models (read-your-writes, bounded wait). */
function answer<T>(context: RpcContext, change: PluginChange<T>): Promise<T> {
  const ids = (prefix: string) => change.events.filter((e) => e.type.startsWith(prefix)).map((e) => e.eventId);
  const waits = [
    [ProjectPluginsOnPluginEvents, ids('plugin-registry.plugin.')],
    [ProjectVersionsOnVersionEvents, ids('plugin-registry.version.')],
  ] as const;
  return answerAfterProjection(context, waits, () => {
    change.afterAnswer?.();
    return change.value;
  });
}

/** The plugin-registry's NATS face (spec 001 §7; ADR 0025, 0026): each RPC is one command or query. */
export const pluginsRoutes = [
  // Plugins
  rpcRoute({
    rpc: PluginRegistryRpc.createPlugin,
    kind: 'command',
    handle: ({ actor, body, idempotencyKey }, context) => {
      const claim = idempotencyClaim(PluginRegistryRpc.createPlugin, { actor, body, idempotencyKey });
      return runIdempotent(
        context.runtime.db,
        SCHEMA,
        claim,
        async () => answer(context, await context.commands.execute(new CreatePluginCommand(actor.userId, body, claim ?? undefined))),
        // A repeated create whose first answer was not remembered: the plugin it made.
        (id) => context.queries.execute(new GetPluginQuery(actor.userId, id)),
      );
    },
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.updatePlugin,
    kind: 'command',
    handle: async ({ actor, body }, context) => answer(context, await context.commands.execute(new UpdatePluginCommand(actor.userId, body.id, body.changes))),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.deletePlugin,
    kind: 'command',
    handle: async ({ actor, body }, context) => answer(context, await context.commands.execute(new DeletePluginCommand(actor.userId, body.id))),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.getPlugin,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new GetPluginQuery(actor.userId, body.id)),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.listMyPlugins,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new ListMyPluginsQuery(actor.userId, body)),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.validatePlugin,
    kind: 'query',
    handle: ({ body }, context) => context.queries.execute(new ValidatePluginIdQuery(body.term)),
  }),
  rpcRoute({ rpc: PluginRegistryRpc.validateSlug, kind: 'query', handle: ({ body }, context) => context.queries.execute(new ValidateSlugQuery(body.slug)) }),

  // Versions
  rpcRoute({
    rpc: PluginRegistryRpc.createVersion,
    kind: 'command',
    handle: async ({ actor, body }, context) =>
      answer(context, await context.commands.execute(new CreateVersionCommand(actor.userId, body.pluginId, body.version))),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.deleteVersion,
    kind: 'command',
    handle: async ({ actor, body }, context) =>
      answer(context, await context.commands.execute(new DeleteVersionCommand(actor.userId, body.pluginId, body.version))),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.assignZip,
    kind: 'command',
    handle: async ({ actor, body }, context) =>
      answer(context, await context.commands.execute(new AssignZipCommand(actor.userId, body.pluginId, body.version, body.mediaId))),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.publish,
    kind: 'command',
    handle: async ({ actor, body }, context) =>
      answer(context, await context.commands.execute(new PublishVersionCommand(actor.userId, body.pluginId, body.version, body.options?.isAlpha ?? false))),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.unpublish,
    kind: 'command',
    handle: async ({ actor, body }, context) =>
      answer(context, await context.commands.execute(new UnpublishVersionCommand(actor.userId, body.pluginId, body.version))),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.listVersions,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new ListVersionsQuery(actor.userId, body)),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.listActions,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new ListActionsQuery(actor.userId, body)),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.listLogs,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new ListLogsQuery(actor.userId, body)),
  }),
  rpcRoute({ rpc: PluginRegistryRpc.pipelineInfo, kind: 'query', handle: (_request, context) => context.queries.execute(new PipelineInfoQuery()) }),

  // The public read API for consumers: published versions of public plugins only.
  rpcRoute({ rpc: PluginRegistryRpc.publicPlugins, kind: 'query', handle: ({ body }, context) => context.queries.execute(new PublicPluginsQuery(body)) }),
  rpcRoute({
    rpc: PluginRegistryRpc.publicVersions,
    kind: 'query',
    handle: ({ body }, context) => context.queries.execute(new PublicVersionsQuery(body.pluginId)),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.publicManifest,
    kind: 'query',
    handle: ({ body }, context) => context.queries.execute(new PublicManifestQuery(body.pluginId, body.version)),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.publicFile,
    kind: 'query',
    handle: ({ body }, context) => context.queries.execute(new PublicFileQuery(body.pluginId, body.version, body.path)),
  }),
  rpcRoute({
    rpc: PluginRegistryRpc.pluginFile,
    kind: 'query',
    handle: ({ actor, body }, context) => context.queries.execute(new PluginFileQuery(actor.userId, body.pluginId, body.version, body.path, body.knownSha256)),
  }),
];
