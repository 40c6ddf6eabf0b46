import { z } from 'zod';
import { passThrough, rpc, withActor } from '../common/contract-builders';
import { Id, Text, Timestamp } from '../common/ids';
import { jsonParam, limitUpTo, listOf, Skip } from '../common/list';
import { LIST_LIMIT_MAX } from '../common/page-sizes';
import type { HttpRoute } from '../http';
import { TeamRole } from './team';
import { COMMUNITY_DESCRIPTION_MAX_LENGTH, COMMUNITY_NAME_MAX_LENGTH, COMMUNITY_SORT_FIELDS, TAG_MAX_LENGTH } from './community.constants';
import { ENVIRONMENT_MAP_PAGE_SIZE, PREVIEW_GEOMETRIES } from './environment-map.constants';
import { DistinctTags } from '../commerce/records';
import { CommunityFiles, CommunityMedia, CommunityTags, CommunityTagsQuery, RejectBody } from './texture';

export * from './environment-map.constants';

/**
 * Scenes, which the spec's calls name environment maps (spec 001 §2–§9; ADR 0061): an EXR environment
 * image with a preview, in the personal, team or project scope; public ones are community scenes.
 */
export const PreviewGeometrySchema = z.enum(PREVIEW_GEOMETRIES);

/** The state of a scene after a change, as its events carry it. */
export const EnvironmentMapSnapshot = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  public: z.boolean(),
  publishedAt: Timestamp.nullable(),
  /** The .exr (an upload of kind `exr`). */
  envMapId: Id,
  /** The preview image (an upload of kind `texture`: png, jpeg, jpg, webp), or null. */
  previewId: Id.nullable(),
  previewGeometry: PreviewGeometrySchema,
  authorId: Id,
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  files: CommunityFiles,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type EnvironmentMapSnapshot = z.infer<typeof EnvironmentMapSnapshot>;

/**
 * A scene as the calls answer it (spec 001 §3): its author's name, its files (each readable by
 * `GET /api/media/{id}` for whoever may read the scene) and what the caller may do now (see `Texture`).
 */
export const EnvironmentMap = EnvironmentMapSnapshot.extend({
  author: z.object({ fullName: z.string() }),
  envMap: CommunityMedia.nullable(),
  preview: CommunityMedia.nullable(),
  userRole: TeamRole.nullable().optional(),
  recentlyPublished: z.boolean(),
  mayEdit: z.boolean(),
  mayReject: z.boolean(),
});
export type EnvironmentMap = z.infer<typeof EnvironmentMap>;
export const EnvironmentMapList = listOf(EnvironmentMap);
export type EnvironmentMapList = z.infer<typeof EnvironmentMapList>;

const SceneName = Text(COMMUNITY_NAME_MAX_LENGTH);
const Description = Text(COMMUNITY_DESCRIPTION_MAX_LENGTH);

/** POST /api/workspace/environment-map: a new scene; a missing name is 'Scene name is required'. */
export const CreateEnvironmentMapBody = z.strictObject({
  name: SceneName.default(''),
  description: Description.default(''),
  tags: CommunityTags.default([]),
  public: z.boolean().default(false),
  /** Required: missing is 'Choose an .exr environment image.' (the domain's). */
  envMapId: Id.optional(),
  previewId: Id.nullish(),
  previewGeometry: PreviewGeometrySchema.optional(),
  teamId: Id.nullish(),
  projectId: Id.nullish(),
});
export type CreateEnvironmentMapBody = z.infer<typeof CreateEnvironmentMapBody>;
export type CreateEnvironmentMapInput = z.input<typeof CreateEnvironmentMapBody>;

/** PATCH /api/workspace/environment-map/{id}: any of the fields; `public` publishes or withdraws. */
export const UpdateEnvironmentMapBody = z
  .strictObject({
    name: SceneName,
    description: Description,
    tags: CommunityTags,
    public: z.boolean(),
    envMapId: Id,
    previewId: Id.nullable(),
    previewGeometry: PreviewGeometrySchema,
  })
  .partial();
export type UpdateEnvironmentMapBody = z.infer<typeof UpdateEnvironmentMapBody>;

/**
 * The `where` of GET /api/workspace/environment-map (spec 001 §7 "where including public flag, or name/tags"):
 * `public: true` lists the community scenes (everyone's public ones); otherwise the scope's own scenes,
 * `public: false` only its private ones.
 */
export const EnvironmentMapWhere = z.strictObject({
  teamId: Id.nullable().optional(),
  projectId: Id.nullable().optional(),
  public: z.boolean().optional(),
  name: z.strictObject({ contains: Text(200) }).optional(),
  tags: z.strictObject({ in: z.array(Text(TAG_MAX_LENGTH)).max(20) }).optional(),
});
export type EnvironmentMapWhere = z.infer<typeof EnvironmentMapWhere>;

export const EnvironmentMapSort = z
  .string()
  .regex(/^(name|createdAt|updatedAt|publishedAt) (ASC|DESC|asc|desc)$/, 'sort must be "<name|createdAt|updatedAt|publishedAt> <ASC|DESC>".')
  .transform((value) => {
    const [field, direction] = value.split(' ');
    return { field: field as (typeof COMMUNITY_SORT_FIELDS)[number], direction: direction!.toLowerCase() as 'asc' | 'desc' };
  });

/** GET /api/workspace/environment-map query string (where, sort, skip, limit); 20 a page. */
export const ListEnvironmentMapsQuery = z.strictObject({
  where: jsonParam(EnvironmentMapWhere).optional(),
  sort: jsonParam(EnvironmentMapSort).optional(),
  skip: Skip,
  limit: limitUpTo(LIST_LIMIT_MAX, ENVIRONMENT_MAP_PAGE_SIZE),
});
export type ListEnvironmentMapsQuery = z.infer<typeof ListEnvironmentMapsQuery>;
export type ListEnvironmentMapsQueryInput = z.input<typeof ListEnvironmentMapsQuery>;

const IdParams = z.strictObject({ id: Id });
const IdBody = z.object({ id: Id });

/** The workspace's NATS requests for scenes (`rpc.workspace.environment-map.*`); spread into WorkspaceRpc. */
export const EnvironmentMapRpc = {
  createEnvironmentMap: rpc('rpc.workspace.environment-map.create', withActor(CreateEnvironmentMapBody), EnvironmentMap),
  listEnvironmentMaps: rpc('rpc.workspace.environment-map.list', withActor(ListEnvironmentMapsQuery), EnvironmentMapList),
  getEnvironmentMap: rpc('rpc.workspace.environment-map.get', withActor(IdBody), EnvironmentMap),
  updateEnvironmentMap: rpc('rpc.workspace.environment-map.update', withActor(IdBody.extend({ changes: UpdateEnvironmentMapBody })), EnvironmentMap),
  deleteEnvironmentMap: rpc('rpc.workspace.environment-map.delete', withActor(IdBody), EnvironmentMap),
  rejectEnvironmentMap: rpc('rpc.workspace.environment-map.reject', withActor(IdBody.extend({ changes: RejectBody })), EnvironmentMap),
  environmentMapTags: rpc('rpc.workspace.environment-map.tags', withActor(CommunityTagsQuery), DistinctTags),
} as const;

/** Spec 001 §7 "Environment maps (scenes)"; spread into HttpRoutes. The reject route is ours (ADR 0061). */
export const EnvironmentMapHttpRoutes = {
  environmentMapTags: passThrough({
    method: 'get',
    path: '/api/workspace/distinct/environment-map/tags',
    summary: 'The distinct tags of the scenes of a scope (or of the community scenes)',
    auth: true,
    query: CommunityTagsQuery,
    response: DistinctTags,
    rpc: EnvironmentMapRpc.environmentMapTags,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  createEnvironmentMap: passThrough({
    method: 'post',
    path: '/api/workspace/environment-map',
    summary: 'Create a scene in a scope from my own .exr upload (and preview)',
    auth: true,
    body: CreateEnvironmentMapBody,
    response: EnvironmentMap,
    status: 201,
    rpc: EnvironmentMapRpc.createEnvironmentMap,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  listEnvironmentMaps: passThrough({
    method: 'get',
    path: '/api/workspace/environment-map',
    summary: 'The scenes of a scope, or (where.public true) the community scenes; name and tags filters; 20 a page',
    auth: true,
    query: ListEnvironmentMapsQuery,
    response: EnvironmentMapList,
    rpc: EnvironmentMapRpc.listEnvironmentMaps,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  getEnvironmentMap: passThrough({
    method: 'get',
    path: '/api/workspace/environment-map/{id}',
    summary: 'One scene I may read (my own, my team’s, or a community scene)',
    auth: true,
    params: IdParams,
    response: EnvironmentMap,
    rpc: EnvironmentMapRpc.getEnvironmentMap,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  updateEnvironmentMap: passThrough({
    method: 'patch',
    path: '/api/workspace/environment-map/{id}',
    summary: 'Edit a scene (its author only; a public one only within 24 hours of publishing)',
    auth: true,
    params: IdParams,
    body: UpdateEnvironmentMapBody,
    response: EnvironmentMap,
    rpc: EnvironmentMapRpc.updateEnvironmentMap,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  deleteEnvironmentMap: passThrough({
    method: 'delete',
    path: '/api/workspace/environment-map/{id}',
    summary: 'Delete a scene (its author only; a public one only within 24 hours of publishing)',
    auth: true,
    params: IdParams,
    response: EnvironmentMap,
    rpc: EnvironmentMapRpc.deleteEnvironmentMap,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  rejectEnvironmentMap: passThrough({
    method: 'post',
    path: '/api/workspace/environment-map/{id}/reject',
    summary: 'A moderator rejects a community scene within its 24 hours: it is private again and its author is notified',
    auth: true,
    params: IdParams,
    body: RejectBody,
    response: EnvironmentMap,
    rpc: EnvironmentMapRpc.rejectEnvironmentMap,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
} satisfies Record<string, HttpRoute>;
