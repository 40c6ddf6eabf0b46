import { z } from 'zod';
import { passThrough as route, rpc, withActor } from '../common/contract-builders';
import { Actor } from '../common/errors';
import { Id, IdempotencyKey, Text, Timestamp } from '../common/ids';
import { jsonParam, limitUpTo, listOf, Skip } from '../common/list';
import { PLUGIN_PAGE_SIZE } from '../common/page-sizes';
import type { HttpRoute } from '../http';

/**
 * The plugin registry (spec 001 §2–§9): plugins, their versions, the build pipeline's actions and logs,
 * owned by the plugin-registry service. The rules themselves (formats, bumps, the toolbar) live in
 * domain/src/plugins with the spec's sentences; these schemas bound sizes and shapes. Choices the spec
 * leaves open: docs/adr/0025-plugin-registry.md; the pipeline: docs/adr/0026-plugin-build-pipeline.md.
 */
export const PLUGIN_TYPES = ['library', 'node-editor-package'] as const;
export const PluginType = z.enum(PLUGIN_TYPES);
export const PLUGIN_VERSION_STATUSES = ['pending', 'failed', 'done', 'alpha', 'published'] as const;
export const PluginVersionStatus = z.enum(PLUGIN_VERSION_STATUSES);
export type PluginVersionStatus = z.infer<typeof PluginVersionStatus>;
export const PLUGIN_ACTION_NAMES = ['unzip', 'install', 'build', 'grab', 'deploy'] as const;
export const PluginActionName = z.enum(PLUGIN_ACTION_NAMES);
export type PluginActionName = z.infer<typeof PluginActionName>;
export const PLUGIN_ACTION_STATUSES = ['pending', 'scheduled', 'running', 'stopped', 'success', 'failed'] as const;
export const PluginActionStatus = z.enum(PLUGIN_ACTION_STATUSES);
export const PLUGIN_LOG_LEVELS = ['debug', 'notice', 'info', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export const PluginLogLevel = z.enum(PLUGIN_LOG_LEVELS);
export type PluginLogLevel = z.infer<typeof PluginLogLevel>;
/** Spec 001 §9: the plugin list filter. */
export const PLUGIN_FILTERS = ['isPrivate', 'isPublic', 'all'] as const;

/** Icon slots (spec 001 §3, §5): md slots hold PNG media, sm slots SVG media; each is a media id or null. */
export const PluginIcons = z.object({
  'md-light': Id.nullable(),
  'md-dark': Id.nullable(),
  'sm-light': Id.nullable(),
  'sm-dark': Id.nullable(),
});
export type PluginIcons = z.infer<typeof PluginIcons>;

export const PluginAuthor = z.object({ id: Id, fullName: z.string().nullable(), avatar: z.string().nullable() });

/** A plugin record (spec 001 §3). `pluginId` is '@namespace/plugin-name' or 'plugin-name'; `id` is the record id. */
export const Plugin = z.object({
  id: Id,
  pluginId: z.string(),
  name: z.string(),
  slug: z.string(),
  /** HTML; the web app sanitises it before showing it. */
  description: z.string(),
  /** Markdown; the web app sanitises it (YouTube links embedded). */
  readme: z.string(),
  type: PluginType,
  private: z.boolean(),
  icons: PluginIcons,
  initials: z.string(),
  /** The highest published version, or null. */
  latestVersion: z.string().nullable(),
  /** When a version of it was first published: from then on it cannot be deleted. */
  publishedAt: Timestamp.nullable(),
  groupCount: z.number().int(),
  nodeCount: z.number().int(),
  authorId: Id,
  author: PluginAuthor.optional(),
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type Plugin = z.infer<typeof Plugin>;
export const PluginList = listOf(Plugin);

/** One step of a version's pipeline (spec 001 §3 PluginAction; `finnishAt` spelled as the spec does). */
export const PluginAction = z.object({
  id: z.string(),
  action: PluginActionName,
  status: PluginActionStatus,
  scheduledAt: Timestamp.nullable(),
  runAt: Timestamp.nullable(),
  finnishAt: Timestamp.nullable(),
  updatedAt: Timestamp,
  /** Seconds between runAt and finnishAt, once finished. */
  duration: z.number().nullable(),
  version: z.string(),
  pluginId: Id,
  createdAt: Timestamp,
});
export type PluginAction = z.infer<typeof PluginAction>;
export const PluginActionList = listOf(PluginAction);

/** Provenance of a deployed version: content hashes of the uploaded zip and of every built file. */
export const PluginProvenance = z.object({
  zipSha256: z.string().nullable(),
  files: z.array(z.object({ path: z.string(), size: z.number().int(), sha256: z.string() })),
  /** sha256 over the sorted `path sha256` lines of the files. */
  filesSha256: z.string().nullable(),
  /** Whether the build ran inside a namespace sandbox on the machine that built it (always, since ADR 0039). */
  sandboxed: z.boolean(),
  /** The sandbox: bubblewrap, or util-linux's unshare (absent on versions built before ADR 0039). */
  isolation: z.enum(['bubblewrap', 'unshare']).optional(),
});
export type PluginProvenance = z.infer<typeof PluginProvenance>;

/** The manifest read by the grab step (`kiln-plugin.json` beside the built files). */
export const PluginManifest = z.object({
  pluginId: z.string(),
  version: z.string(),
  groupCount: z.number().int(),
  nodeCount: z.number().int(),
  icons: z.record(z.string(), z.string()),
  main: z.string().nullable(),
  files: z.array(z.object({ path: z.string(), size: z.number().int(), sha256: z.string() })),
});
export type PluginManifest = z.infer<typeof PluginManifest>;

/** A version of a plugin (spec 001 §3), with the plugin record when asked (`populate`). */
export const PluginVersion = z.object({
  id: Id,
  /** The plugin record's id (what the spec calls bgpmPluginId; see ADR 0025). */
  pluginId: Id,
  bgpmPluginId: Id,
  /** The plugin's own id ('@namespace/plugin-name'). */
  packageId: z.string(),
  version: z.string(),
  status: PluginVersionStatus,
  publishedAt: Timestamp.nullable(),
  mediaId: Id.nullable(),
  /** Whether a pipeline job is under way (scheduled or running). */
  running: z.boolean(),
  provenance: PluginProvenance.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  bgpmPlugin: Plugin.optional(),
});
export type PluginVersion = z.infer<typeof PluginVersion>;
export const PluginVersionList = listOf(PluginVersion);

export const PluginLog = z.object({
  id: z.string(),
  message: z.string(),
  level: PluginLogLevel,
  action: PluginActionName,
  createdAt: Timestamp,
  pluginId: Id,
  version: z.string(),
  /** Orders logs written in the same millisecond. */
  seq: z.number().int(),
});
export type PluginLog = z.infer<typeof PluginLog>;
export const PluginLogList = listOf(PluginLog);

// ---------------------------------------------------------------- requests

const Name = Text(200);
const Html = Text(100_000);
const Markdown = Text(200_000);

/** POST /api/bgpm/plugin/create-plugin. The domain checks required fields and formats with the spec's sentences. */
export const CreatePluginBody = z.strictObject({
  name: Name,
  pluginId: Text(214),
  slug: Text(214).optional(),
  description: Html,
  readme: Markdown.default(''),
  type: z.union([PluginType, z.literal('')]),
  private: z.boolean().default(true),
  icons: PluginIcons.partial().default({}),
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
});
export type CreatePluginBody = z.infer<typeof CreatePluginBody>;

/** PATCH /api/bgpm/plugin/update-plugin/{id}: pluginId never; slug only when unchanged (spec 001 §7). */
export const UpdatePluginBody = z.strictObject({
  name: Name.optional(),
  slug: Text(214).optional(),
  description: Html.optional(),
  readme: Markdown.optional(),
  type: z.union([PluginType, z.literal('')]).optional(),
  private: z.boolean().optional(),
  icons: PluginIcons.partial().optional(),
});
export type UpdatePluginBody = z.infer<typeof UpdatePluginBody>;

/** GET /api/bgpm/plugin/my-plugins: where {teamId, projectId, private, name: {contains}} (spec 001 §7). */
export const MyPluginsWhere = z.strictObject({
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
  private: z.boolean().optional(),
  name: z.strictObject({ contains: Text(200) }).optional(),
});
export const ListMyPluginsQuery = z.strictObject({
  where: jsonParam(MyPluginsWhere).optional(),
  populate: jsonParam(z.union([z.string(), z.array(z.string())])).optional(),
  skip: Skip,
  limit: limitUpTo(100, PLUGIN_PAGE_SIZE),
});
export type ListMyPluginsQuery = z.infer<typeof ListMyPluginsQuery>;

export const ValidatePluginQuery = z.strictObject({ term: Text(214) });
export const ValidateSlugQuery = z.strictObject({ slug: Text(214) });
/** Boolean-like answer of the uniqueness checks: `available` false comes with the spec's sentence. */
export const Availability = z.object({ available: z.boolean(), message: z.string().nullable() });
export type Availability = z.infer<typeof Availability>;

const VersionText = Text(64);
/** `where` of the version, action and log lists: pluginId (the record id) and version. */
export const VersionWhere = z.strictObject({ pluginId: Id, version: VersionText.optional() });
const SortParam = jsonParam(z.union([z.string(), z.record(z.string(), z.string())])).optional();
export const ListVersionsQuery = z.strictObject({
  where: jsonParam(VersionWhere),
  sort: SortParam,
  populate: jsonParam(z.union([z.string(), z.array(z.string())])).optional(),
  skip: Skip,
  limit: limitUpTo(100, PLUGIN_PAGE_SIZE),
});
export type ListVersionsQuery = z.infer<typeof ListVersionsQuery>;
export const ListActionsQuery = z.strictObject({ where: jsonParam(VersionWhere.required({ version: true })), sort: SortParam });
export type ListActionsQuery = z.infer<typeof ListActionsQuery>;
export const ListLogsQuery = z.strictObject({
  where: jsonParam(VersionWhere.required({ version: true })),
  sort: SortParam,
  skip: Skip,
  limit: limitUpTo(1000, 200),
});
export type ListLogsQuery = z.infer<typeof ListLogsQuery>;

export const CreateVersionBody = z.strictObject({ pluginId: Id, version: VersionText });
export type CreateVersionBody = z.infer<typeof CreateVersionBody>;
export const VersionRef = z.strictObject({ pluginId: Id, version: VersionText });
export type VersionRef = z.infer<typeof VersionRef>;
export const AssignZipBody = z.strictObject({ mediaId: Id });
export const PublishBody = z.strictObject({
  pluginId: Id,
  version: VersionText,
  options: z.strictObject({ isAlpha: z.boolean().default(false) }).default({ isAlpha: false }),
});
export type PublishBody = z.infer<typeof PublishBody>;
export const DeletePluginQuery = z.strictObject({ pluginId: Id });

// Public read API for plugin-registry consumers (published versions of public plugins only).
export const PublicPluginsQuery = z.strictObject({ skip: Skip, limit: limitUpTo(100, PLUGIN_PAGE_SIZE), term: Text(200).optional() });
export const PublicVersionsQuery = z.strictObject({ pluginId: Text(214) });
export const PublicManifestQuery = z.strictObject({ pluginId: Text(214), version: VersionText });
export const PublicFileQuery = PublicManifestQuery.extend({ path: Text(1024) });
export const PublicPlugin = Plugin.omit({ teamId: true, projectId: true, authorId: true, version: true, private: true });
export const PublicPluginList = listOf(PublicPlugin);
export const PublicVersion = z.object({
  pluginId: z.string(),
  version: z.string(),
  status: z.literal('published'),
  publishedAt: Timestamp,
  provenance: PluginProvenance,
});
export const PublicVersionList = listOf(PublicVersion);
/** One deployed file, base64 (deployed plugins are small; larger files are refused at grab). */
export const PublicFile = z.object({ path: z.string(), size: z.number().int(), sha256: z.string(), contentType: z.string(), contentBase64: z.string() });
export type PublicFile = z.infer<typeof PublicFile>;
/**
 * One deployed file for the raw route (ADR 0047): the caller may read it (a public plugin's published version,
 * or the author's own private one); `cacheable` when anyone may (a shared cache may keep it). `contentBase64`
 * is null when the caller already holds these bytes (`knownSha256` equals the manifest's hash: a 304).
 */
export const PluginFileRequest = PublicFileQuery.extend({ knownSha256: z.string().max(64).optional() });
export const PluginFile = PublicFile.extend({ contentBase64: z.string().nullable(), cacheable: z.boolean() });
export type PluginFile = z.infer<typeof PluginFile>;
/** `GET /api/bgpm/public/plugins/{pluginId}/{version}/files/{path}`: pluginId as it is (`@scope/name`) or encoded. */
export const PLUGIN_FILES_PREFIX = '/api/bgpm/public/plugins/';

/** How this server runs builds (ADR 0039): the sandbox in use (null: none works, no build runs) and the slots. */
export const PipelineInfo = z.object({ isolation: z.enum(['bubblewrap', 'unshare']).nullable(), maxBuilds: z.number().int() });
export type PipelineInfo = z.infer<typeof PipelineInfo>;

// ---------------------------------------------------------------- NATS

const IdBody = z.object({ id: z.string() });

/** The plugin-registry service's NATS requests (`rpc.plugin-registry.*`); each carries the caller. */
export const PluginRegistryRpc = {
  listMyPlugins: rpc('rpc.plugin-registry.plugin.list-mine', withActor(ListMyPluginsQuery), PluginList),
  getPlugin: rpc('rpc.plugin-registry.plugin.get', withActor(IdBody), Plugin),
  createPlugin: rpc('rpc.plugin-registry.plugin.create', z.object({ actor: Actor, body: CreatePluginBody, idempotencyKey: IdempotencyKey.optional() }), Plugin),
  updatePlugin: rpc('rpc.plugin-registry.plugin.update', withActor(IdBody.extend({ changes: UpdatePluginBody })), Plugin),
  deletePlugin: rpc('rpc.plugin-registry.plugin.delete', withActor(IdBody), Plugin),
  validatePlugin: rpc('rpc.plugin-registry.plugin.validate-plugin', withActor(ValidatePluginQuery), Availability),
  validateSlug: rpc('rpc.plugin-registry.plugin.validate-slug', withActor(ValidateSlugQuery), Availability),
  listVersions: rpc('rpc.plugin-registry.version.list', withActor(ListVersionsQuery), PluginVersionList),
  createVersion: rpc('rpc.plugin-registry.version.create', withActor(CreateVersionBody), PluginVersion),
  deleteVersion: rpc('rpc.plugin-registry.version.delete', withActor(VersionRef), PluginVersion),
  assignZip: rpc('rpc.plugin-registry.version.assign-zip', withActor(VersionRef.extend({ mediaId: Id })), PluginVersion),
  publish: rpc('rpc.plugin-registry.action.publish', withActor(PublishBody), PluginVersion),
  unpublish: rpc('rpc.plugin-registry.action.unpublish', withActor(VersionRef), PluginVersion),
  listActions: rpc('rpc.plugin-registry.action.list', withActor(ListActionsQuery), PluginActionList),
  listLogs: rpc('rpc.plugin-registry.log.list', withActor(ListLogsQuery), PluginLogList),
  pipelineInfo: rpc('rpc.plugin-registry.pipeline.info', withActor(z.strictObject({})), PipelineInfo),
  publicPlugins: rpc('rpc.plugin-registry.public.plugins', z.object({ body: PublicPluginsQuery }), PublicPluginList),
  publicVersions: rpc('rpc.plugin-registry.public.versions', z.object({ body: PublicVersionsQuery }), PublicVersionList),
  publicManifest: rpc('rpc.plugin-registry.public.manifest', z.object({ body: PublicManifestQuery }), PluginManifest),
  publicFile: rpc('rpc.plugin-registry.public.file', z.object({ body: PublicFileQuery }), PublicFile),
  pluginFile: rpc('rpc.plugin-registry.public.raw-file', withActor(PluginFileRequest), PluginFile),
} as const;

// ---------------------------------------------------------------- HTTP

const R = PluginRegistryRpc;
const IdParams = z.strictObject({ id: Id });
const VersionParams = z.strictObject({ pluginId: Id, version: VersionText });

/** Spec 001 §7 under /api/bgpm, plus the public read API for consumers; spread into HttpRoutes. Fixed paths before `{id}`. */
export const PluginHttpRoutes = {
  listMyPlugins: route({
    method: 'get',
    path: '/api/bgpm/plugin/my-plugins',
    summary: 'My plugins (where: teamId, projectId, private, name contains), 20 a page',
    auth: true,
    query: ListMyPluginsQuery,
    response: PluginList,
    rpc: R.listMyPlugins,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  validatePlugin: route({
    method: 'get',
    path: '/api/bgpm/plugin/validate-plugin',
    summary: 'Is this plugin id free? (`Plugin already exists` / `Invalid format` otherwise)',
    auth: true,
    query: ValidatePluginQuery,
    response: Availability,
    rpc: R.validatePlugin,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  validateSlug: route({
    method: 'get',
    path: '/api/bgpm/plugin/validate-slug',
    summary: 'Is this slug free? (`Slug already used` / `Invalid format` otherwise)',
    auth: true,
    query: ValidateSlugQuery,
    response: Availability,
    rpc: R.validateSlug,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  createPlugin: route({
    method: 'post',
    path: '/api/bgpm/plugin/create-plugin',
    summary: 'Create a plugin (private by default)',
    auth: true,
    body: CreatePluginBody,
    response: Plugin,
    status: 201,
    idempotent: true,
    rpc: R.createPlugin,
    toRpc: ({ actor, body, idempotencyKey }) => ({ actor, body, ...(idempotencyKey ? { idempotencyKey } : {}) }),
  }),
  updatePlugin: route({
    method: 'patch',
    path: '/api/bgpm/plugin/update-plugin/{id}',
    summary: 'Edit my plugin (plugin id fixed; slug fixed; never back to private)',
    auth: true,
    params: IdParams,
    body: UpdatePluginBody,
    response: Plugin,
    rpc: R.updatePlugin,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  deletePlugin: route({
    method: 'delete',
    path: '/api/bgpm/plugin',
    summary: 'Delete my plugin (`pluginId` = record id); a published plugin cannot be deleted',
    auth: true,
    query: DeletePluginQuery,
    response: Plugin,
    rpc: R.deletePlugin,
    toRpc: ({ actor, query }) => ({ actor, body: { id: query.pluginId } }),
  }),
  getPlugin: route({
    method: 'get',
    path: '/api/bgpm/plugin/{id}',
    summary: "One plugin (private ones for their author only; `Plugin doesn't exist` otherwise)",
    auth: true,
    params: IdParams,
    response: Plugin,
    rpc: R.getPlugin,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  listVersions: route({
    method: 'get',
    path: '/api/bgpm/plugin-version',
    summary: 'Versions of a plugin (where pluginId, version; newest first; populate bgpmPlugin)',
    auth: true,
    query: ListVersionsQuery,
    response: PluginVersionList,
    rpc: R.listVersions,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  createVersion: route({
    method: 'post',
    path: '/api/bgpm/plugin-version/create-new-version',
    summary: 'Add a version (higher than every version used before)',
    auth: true,
    body: CreateVersionBody,
    response: PluginVersion,
    status: 201,
    rpc: R.createVersion,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  deleteVersion: route({
    method: 'delete',
    path: '/api/bgpm/plugin-version',
    summary: 'Delete a version (never a published one, nor 0.0.0)',
    auth: true,
    query: VersionRef,
    response: PluginVersion,
    rpc: R.deleteVersion,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  assignZip: route({
    method: 'patch',
    path: '/api/bgpm/plugin-version/assign-zip-file/{pluginId}/{version}',
    summary: 'Attach an uploaded .zip (media id) to a pending or failed version',
    auth: true,
    params: VersionParams,
    body: AssignZipBody,
    response: PluginVersion,
    rpc: R.assignZip,
    toRpc: ({ actor, params, body }) => ({ actor, body: { ...params, mediaId: body.mediaId } }),
  }),
  listActions: route({
    method: 'get',
    path: '/api/bgpm/bgpm-plugin-action',
    summary: 'The five pipeline steps of a version, in order',
    auth: true,
    query: ListActionsQuery,
    response: PluginActionList,
    rpc: R.listActions,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  publish: route({
    method: 'post',
    path: '/api/bgpm/plugin-action/publish',
    summary: 'Run the pipeline (pending/failed with a zip), publish alpha (done, developers) or publish (alpha)',
    auth: true,
    body: PublishBody,
    response: PluginVersion,
    rpc: R.publish,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  unpublish: route({
    method: 'post',
    path: '/api/bgpm/plugin-action/unpublish',
    summary: 'Unpublish a version within 24 h of publishing it',
    auth: true,
    body: VersionRef,
    response: PluginVersion,
    rpc: R.unpublish,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  listLogs: route({
    method: 'get',
    path: '/api/bgpm/bgpm-plugin-log',
    summary: 'Pipeline logs of a version, newest first',
    auth: true,
    query: ListLogsQuery,
    response: PluginLogList,
    rpc: R.listLogs,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  pipelineInfo: route({
    method: 'get',
    path: '/api/bgpm/pipeline-info',
    summary: 'How this server isolates plugin builds, and how many run at once',
    auth: true,
    response: PipelineInfo,
    rpc: R.pipelineInfo,
    toRpc: ({ actor }) => ({ actor, body: {} }),
  }),
  publicPlugins: route({
    method: 'get',
    path: '/api/bgpm/public/plugins',
    summary: 'Consumers: public plugins with a published version',
    auth: false,
    query: PublicPluginsQuery,
    response: PublicPluginList,
    rpc: R.publicPlugins,
    toRpc: ({ query }) => ({ body: query }),
  }),
  publicVersions: route({
    method: 'get',
    path: '/api/bgpm/public/versions',
    summary: 'Consumers: the published versions of one public plugin (by its plugin id)',
    auth: false,
    query: PublicVersionsQuery,
    response: PublicVersionList,
    rpc: R.publicVersions,
    toRpc: ({ query }) => ({ body: query }),
  }),
  publicManifest: route({
    method: 'get',
    path: '/api/bgpm/public/manifest',
    summary: 'Consumers: the manifest of a deployed, published version (files with hashes)',
    auth: false,
    query: PublicManifestQuery,
    response: PluginManifest,
    rpc: R.publicManifest,
    toRpc: ({ query }) => ({ body: query }),
  }),
  publicFile: route({
    method: 'get',
    path: '/api/bgpm/public/file',
    summary:
      'Consumers: one deployed file of a published version (base64, with its sha256). Kept for existing callers; loaders use the raw route below (ADR 0047)',
    auth: false,
    query: PublicFileQuery,
    response: PublicFile,
    rpc: R.publicFile,
    toRpc: ({ query }) => ({ body: query }),
  }),
  /** Hand-written in the BFF (bff/src/plugins/plugin-files.ts): raw bytes, not JSON; the file path may hold '/'. */
  pluginFile: {
    method: 'get',
    path: '/api/bgpm/public/plugins/{pluginId}/{version}/files/{path}',
    summary:
      "Loaders: one deployed file of a published version, raw, with its content type, `ETag` = the manifest's sha256, immutable caching " +
      '(private for a private plugin, which only its author reads), 304 for a matching If-None-Match; 404 for a path the manifest does not ' +
      'list. pluginId may be sent as it is (`@scope/name`) or encoded; html is sent as text/plain, svg with a sandboxing CSP (ADR 0047)',
    auth: false,
    params: z.strictObject({ pluginId: Text(214), version: VersionText, path: Text(1024) }),
    response: z.string().describe("the file's bytes"),
  } satisfies HttpRoute,
} satisfies Record<string, HttpRoute>;
