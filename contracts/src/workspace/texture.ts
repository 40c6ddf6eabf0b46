import { z } from 'zod';
import { passThrough, rpc, withActor } from '../common/contract-builders';
import { Id, Text, Timestamp } from '../common/ids';
import { limitUpTo, listOf, Skip } from '../common/list';
import { LIST_LIMIT_MAX } from '../common/page-sizes';
import type { HttpRoute } from '../http';
import { DistinctTags } from '../commerce/records';
import { TeamRole } from './team';
import {
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_SORT_FIELDS,
  REJECTION_REASON_MAX_LENGTH,
  SORT_DIRECTIONS,
  TAG_MAX_LENGTH,
  COMMUNITY_TAGS_MAX,
} from './community.constants';
import { TEXTURE_PAGE_SIZE } from './texture.constants';

export * from './community.constants';
export * from './texture.constants';

/**
 * Textures (spec 001 §2–§9; ADR 0061): material maps with a 3D preview, in the personal, team or project
 * scope; public ones are community textures, which other libraries add by a texture association.
 */

/** A point or scale of a texture's mapping (offset, repeat, center). */
export const Vec2 = z.object({ x: z.number().finite(), y: z.number().finite() });
export type Vec2 = z.infer<typeof Vec2>;

/** What an item shows of an uploaded file it uses (a map, a preview, an EXR). */
export const CommunityMedia = z.object({ id: Id, name: z.string(), mimetype: z.string(), size: z.number().int() });
export type CommunityMedia = z.infer<typeof CommunityMedia>;

/** The uploads an item uses, by id: what each is (kept with the item, so its answers need not ask the assets service). */
export const CommunityFiles = z.record(z.string(), z.object({ name: z.string(), mimetype: z.string(), size: z.number().int() }));
export type CommunityFiles = z.infer<typeof CommunityFiles>;

/** The tags of an item: no case-insensitive duplicates (the domain's rule, 'Duplicate tags are not allowed'). */
export const CommunityTags = z.array(Text(TAG_MAX_LENGTH)).max(COMMUNITY_TAGS_MAX);

/** The state of a texture after a change, as its events carry it. */
export const TextureSnapshot = z.object({
  id: Id,
  name: z.string(),
  authorId: Id,
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  public: z.boolean(),
  /** When it was last made public; null while private (spec 001 §3, §4). */
  publishedAt: Timestamp.nullable(),
  tags: z.array(z.string()),
  /** The 512×512 preview image (an upload of kind `texture`), or null. */
  previewId: Id.nullable(),
  offset: Vec2,
  repeat: Vec2,
  center: Vec2,
  /** Radians, 0 to 2π. */
  rotation: z.number(),
  width: z.number(),
  height: z.number(),
  diffuseMap: Id.nullable(),
  displacementMap: Id.nullable(),
  normalMap: Id.nullable(),
  roughnessMap: Id.nullable(),
  aoMap: Id.nullable(),
  metallicMap: Id.nullable(),
  files: CommunityFiles,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  version: z.number().int(),
});
export type TextureSnapshot = z.infer<typeof TextureSnapshot>;

/**
 * A texture as the calls answer it (spec 001 §3): with its author's name, its preview's size and the files
 * of its maps (each readable by `GET /api/media/{id}` for whoever may read the texture), and what the
 * caller may do now: `mayEdit` (its author, and not a public texture past its 24 hours), `mayReject`
 * (a moderator, while it is public within its 24 hours), `recentlyPublished` (public within its 24 hours).
 */
export const Texture = TextureSnapshot.extend({
  author: z.object({ fullName: z.string() }),
  preview: CommunityMedia.nullable(),
  maps: z.array(CommunityMedia.extend({ slot: z.string() })),
  userRole: TeamRole.nullable().optional(),
  recentlyPublished: z.boolean(),
  mayEdit: z.boolean(),
  mayReject: z.boolean(),
});
export type Texture = z.infer<typeof Texture>;
export const TextureList = listOf(Texture);
export type TextureList = z.infer<typeof TextureList>;

const TextureName = Text(COMMUNITY_NAME_MAX_LENGTH);
const MapId = Id.nullable().optional();

/** The fields a texture's editor sends; the domain checks the spec's rules with their sentences (names, tags, numbers). */
const TextureFields = {
  name: TextureName,
  tags: CommunityTags,
  public: z.boolean(),
  previewId: Id.nullable(),
  offset: Vec2,
  repeat: Vec2,
  center: Vec2,
  rotation: z.number().finite(),
  width: z.number().finite(),
  height: z.number().finite(),
  diffuseMap: MapId,
  displacementMap: MapId,
  normalMap: MapId,
  roughnessMap: MapId,
  aoMap: MapId,
  metallicMap: MapId,
};

/**
 * POST /api/workspace/texture/: a new texture in the caller's scope. Missing numbers take the spec's
 * defaults (repeat 1,1, center 0,0, offset 0,0); a missing name is 'Texture name is required'.
 */
export const CreateTextureBody = z.strictObject({
  ...TextureFields,
  name: TextureName.default(''),
  tags: CommunityTags.default([]),
  public: z.boolean().default(false),
  previewId: Id.nullish(),
  offset: Vec2.optional(),
  repeat: Vec2.optional(),
  center: Vec2.optional(),
  rotation: z.number().finite().optional(),
  width: z.number().finite().optional(),
  height: z.number().finite().optional(),
  teamId: Id.nullish(),
  projectId: Id.nullish(),
});
export type CreateTextureBody = z.infer<typeof CreateTextureBody>;
export type CreateTextureInput = z.input<typeof CreateTextureBody>;

/** PATCH /api/workspace/texture/{id}: any of the fields; a map set to null is cleared; `public` publishes or withdraws. */
export const UpdateTextureBody = z.strictObject(TextureFields).partial();
export type UpdateTextureBody = z.infer<typeof UpdateTextureBody>;

/** GET /api/workspace/texture/ (the scope's own textures) and /texture/community (everyone's public ones): 20 a page. */
export const ListTexturesQuery = z.strictObject({
  teamId: Id.optional(),
  projectId: Id.optional(),
  /** Part of the name, any case. */
  term: Text(200).optional(),
  /** Only textures carrying this tag (any case). */
  tag: Text(TAG_MAX_LENGTH).optional(),
  sortField: z.enum(COMMUNITY_SORT_FIELDS).default('updatedAt'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
  skip: Skip,
  limit: limitUpTo(LIST_LIMIT_MAX, TEXTURE_PAGE_SIZE),
});
export type ListTexturesQuery = z.infer<typeof ListTexturesQuery>;
export type ListTexturesQueryInput = z.input<typeof ListTexturesQuery>;

/** GET /api/workspace/distinct/texture/tags: the tags used in a scope (or, `community=true`, by the community textures). */
export const CommunityTagsQuery = z.strictObject({
  teamId: Id.optional(),
  projectId: Id.optional(),
  community: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type CommunityTagsQuery = z.infer<typeof CommunityTagsQuery>;

/** A moderator's rejection (ours, ADR 0061): an optional reason, told to the author. */
export const RejectBody = z.strictObject({ reason: Text(REJECTION_REASON_MAX_LENGTH).optional() });
export type RejectBody = z.infer<typeof RejectBody>;

/** A scope: personal (neither), a team's, or a project's (with its team). */
export const ScopeBody = z.strictObject({ teamId: Id.nullish(), projectId: Id.nullish() });
export type ScopeBody = z.infer<typeof ScopeBody>;

/** The state of a texture association (spec 001 §3): a community texture added to a library. */
export const TextureAssociationSnapshot = z.object({
  id: Id,
  textureId: Id,
  /** Who added it; in the personal scope, whose library it is. */
  userId: Id,
  teamId: Id.nullable(),
  projectId: Id.nullable(),
  createdAt: Timestamp,
  version: z.number().int(),
});
export type TextureAssociationSnapshot = z.infer<typeof TextureAssociationSnapshot>;

/** An association with its texture; `texture` is null when the texture is gone or no longer public. */
export const TextureAssociation = TextureAssociationSnapshot.extend({ texture: Texture.nullable() });
export type TextureAssociation = z.infer<typeof TextureAssociation>;
export const TextureAssociationList = listOf(TextureAssociation);
export type TextureAssociationList = z.infer<typeof TextureAssociationList>;

/** POST /api/workspace/texture-association/ {textureId, scope} (spec 001 §7). */
export const CreateTextureAssociationBody = z.strictObject({ textureId: Id, scope: ScopeBody.default({}) });
export type CreateTextureAssociationBody = z.infer<typeof CreateTextureAssociationBody>;
export type CreateTextureAssociationInput = z.input<typeof CreateTextureAssociationBody>;

/** GET /api/workspace/texture-association/ (ours): the associations of a scope, with their textures (the 'Community textures' section). */
export const ListTextureAssociationsQuery = z.strictObject({
  teamId: Id.optional(),
  projectId: Id.optional(),
  term: Text(200).optional(),
  skip: Skip,
  limit: limitUpTo(LIST_LIMIT_MAX, TEXTURE_PAGE_SIZE),
});
export type ListTextureAssociationsQuery = z.infer<typeof ListTextureAssociationsQuery>;

const IdParams = z.strictObject({ id: Id });
const IdBody = z.object({ id: Id });

/** The workspace's NATS requests for textures (`rpc.workspace.texture.*`); spread into WorkspaceRpc. */
export const TextureRpc = {
  createTexture: rpc('rpc.workspace.texture.create', withActor(CreateTextureBody), Texture),
  listTextures: rpc('rpc.workspace.texture.list', withActor(ListTexturesQuery), TextureList),
  listCommunityTextures: rpc('rpc.workspace.texture.list-community', withActor(ListTexturesQuery), TextureList),
  getTexture: rpc('rpc.workspace.texture.get', withActor(IdBody), Texture),
  updateTexture: rpc('rpc.workspace.texture.update', withActor(IdBody.extend({ changes: UpdateTextureBody })), Texture),
  deleteTexture: rpc('rpc.workspace.texture.delete', withActor(IdBody), Texture),
  rejectTexture: rpc('rpc.workspace.texture.reject', withActor(IdBody.extend({ changes: RejectBody })), Texture),
  textureTags: rpc('rpc.workspace.texture.tags', withActor(CommunityTagsQuery), DistinctTags),
  createTextureAssociation: rpc('rpc.workspace.texture-association.create', withActor(CreateTextureAssociationBody), TextureAssociation),
  listTextureAssociations: rpc('rpc.workspace.texture-association.list', withActor(ListTextureAssociationsQuery), TextureAssociationList),
  getTextureAssociation: rpc('rpc.workspace.texture-association.get', withActor(IdBody), TextureAssociation),
  deleteTextureAssociation: rpc('rpc.workspace.texture-association.delete', withActor(IdBody), TextureAssociation),
} as const;

/** Spec 001 §7 "Textures"; spread into HttpRoutes. The list and reject routes of associations are ours (ADR 0061). */
export const TextureHttpRoutes = {
  textureTags: passThrough({
    method: 'get',
    path: '/api/workspace/distinct/texture/tags',
    summary: 'The distinct tags of the textures of a scope (or of the community textures)',
    auth: true,
    query: CommunityTagsQuery,
    response: DistinctTags,
    rpc: TextureRpc.textureTags,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  createTexture: passThrough({
    method: 'post',
    path: '/api/workspace/texture',
    summary: 'Create a texture in a scope (maps and preview: my own uploads of kind texture)',
    auth: true,
    body: CreateTextureBody,
    response: Texture,
    status: 201,
    rpc: TextureRpc.createTexture,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  listTextures: passThrough({
    method: 'get',
    path: '/api/workspace/texture',
    summary: "The textures of a scope (the 'Uploaded' section), 20 a page, with term, sort field and direction",
    auth: true,
    query: ListTexturesQuery,
    response: TextureList,
    rpc: TextureRpc.listTextures,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  // Before getTexture, so that `community` is never read as an {id}.
  listCommunityTextures: passThrough({
    method: 'get',
    path: '/api/workspace/texture/community',
    summary: 'The community textures (public textures of everyone), 20 a page',
    auth: true,
    query: ListTexturesQuery.omit({ teamId: true, projectId: true }),
    response: TextureList,
    rpc: TextureRpc.listCommunityTextures,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  getTexture: passThrough({
    method: 'get',
    path: '/api/workspace/texture/{id}',
    summary: 'One texture I may read (my own, my team’s, or a community texture)',
    auth: true,
    params: IdParams,
    response: Texture,
    rpc: TextureRpc.getTexture,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  updateTexture: passThrough({
    method: 'patch',
    path: '/api/workspace/texture/{id}',
    summary: 'Edit a texture (its author only; a public one only within 24 hours of publishing)',
    auth: true,
    params: IdParams,
    body: UpdateTextureBody,
    response: Texture,
    rpc: TextureRpc.updateTexture,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  deleteTexture: passThrough({
    method: 'delete',
    path: '/api/workspace/texture/{id}',
    summary: 'Delete a texture (its author only; a public one only within 24 hours of publishing)',
    auth: true,
    params: IdParams,
    response: Texture,
    rpc: TextureRpc.deleteTexture,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  rejectTexture: passThrough({
    method: 'post',
    path: '/api/workspace/texture/{id}/reject',
    summary: 'A moderator rejects a community texture within its 24 hours: it is private again and its author is notified',
    auth: true,
    params: IdParams,
    body: RejectBody,
    response: Texture,
    rpc: TextureRpc.rejectTexture,
    toRpc: ({ actor, params, body }) => ({ actor, body: { id: params.id, changes: body } }),
  }),
  createTextureAssociation: passThrough({
    method: 'post',
    path: '/api/workspace/texture-association',
    summary: 'Add a community texture to a personal, team or project library',
    auth: true,
    body: CreateTextureAssociationBody,
    response: TextureAssociation,
    status: 201,
    rpc: TextureRpc.createTextureAssociation,
    toRpc: ({ actor, body }) => ({ actor, body }),
  }),
  listTextureAssociations: passThrough({
    method: 'get',
    path: '/api/workspace/texture-association',
    summary: "The community textures added to a scope (the 'Community textures' section), 20 a page",
    auth: true,
    query: ListTextureAssociationsQuery,
    response: TextureAssociationList,
    rpc: TextureRpc.listTextureAssociations,
    toRpc: ({ actor, query }) => ({ actor, body: query }),
  }),
  getTextureAssociation: passThrough({
    method: 'get',
    path: '/api/workspace/texture-association/{id}',
    summary: 'One texture association of a library I may read, with its texture',
    auth: true,
    params: IdParams,
    response: TextureAssociation,
    rpc: TextureRpc.getTextureAssociation,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
  deleteTextureAssociation: passThrough({
    method: 'delete',
    path: '/api/workspace/texture-association/{id}',
    summary: "Remove a community texture from a library ('Remove')",
    auth: true,
    params: IdParams,
    response: TextureAssociation,
    rpc: TextureRpc.deleteTextureAssociation,
    toRpc: ({ actor, params }) => ({ actor, body: { id: params.id } }),
  }),
} satisfies Record<string, HttpRoute>;
