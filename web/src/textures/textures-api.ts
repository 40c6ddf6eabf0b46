import type {
  CreateTextureAssociationInput,
  CreateTextureInput,
  DistinctTags,
  Texture,
  TextureAssociation,
  TextureAssociationList,
  TextureList,
  UpdateTextureBody,
} from '@kiln/contracts';
import { TEXTURE_PAGE_SIZE } from '@kiln/contracts/constants';
import { request } from '../api/client';

/** Where a library looks and a new texture goes: personal (nothing), a team, or a team's project. */
export interface TextureScope {
  teamId?: string;
  projectId?: string;
}

const scopeQuery = (scope: TextureScope) => ({
  teamId: scope.teamId,
  projectId: scope.teamId ? scope.projectId : undefined,
});
const textureAt = (id: string) => `/api/workspace/texture/${encodeURIComponent(id)}`;

/** The bytes of an uploaded file (a map, a preview) for whoever may read it (ADR 0061, 0062). */
export const mediaFileUrl = (mediaId: string) => `/api/media/${encodeURIComponent(mediaId)}/file`;

/** The calls of spec 001 §7 "Textures" (ADR 0061). */
export const texturesApi = {
  /** The scope's own textures (the 'Uploaded' section), 20 at a time, newest change first. */
  list: ({ scope, skip, term, limit = TEXTURE_PAGE_SIZE }: { scope: TextureScope; skip: number; term?: string; limit?: number }) =>
    request<TextureList>('GET', '/api/workspace/texture', { query: { ...scopeQuery(scope), term: term || undefined, skip, limit } }),
  /** Everyone's public textures (the community browser), 20 at a time. */
  community: ({ skip, term }: { skip: number; term?: string }) =>
    request<TextureList>('GET', '/api/workspace/texture/community', { query: { term: term || undefined, skip, limit: TEXTURE_PAGE_SIZE } }),
  get: (id: string) => request<Texture>('GET', textureAt(id)),
  create: (body: CreateTextureInput) => request<Texture>('POST', '/api/workspace/texture', { body }),
  update: (id: string, body: UpdateTextureBody) => request<Texture>('PATCH', textureAt(id), { body }),
  remove: (id: string) => request<Texture>('DELETE', textureAt(id)),
  /** A moderator's rejection within the 24 hours (ADR 0061): private again, its author notified. */
  reject: (id: string, reason: string) => request<Texture>('POST', `${textureAt(id)}/reject`, { body: reason ? { reason } : {} }),
  tags: (scope: TextureScope) => request<DistinctTags>('GET', '/api/workspace/distinct/texture/tags', { query: scopeQuery(scope) }),
  /** The community textures added to the scope (the 'Community textures' section). */
  associations: ({ scope, skip }: { scope: TextureScope; skip: number }) =>
    request<TextureAssociationList>('GET', '/api/workspace/texture-association', { query: { ...scopeQuery(scope), skip, limit: TEXTURE_PAGE_SIZE } }),
  associate: (textureId: string, scope: TextureScope) => {
    const body: CreateTextureAssociationInput = {
      textureId,
      scope: { teamId: scope.teamId ?? null, projectId: scope.teamId ? (scope.projectId ?? null) : null },
    };
    return request<TextureAssociation>('POST', '/api/workspace/texture-association', { body });
  },
  removeAssociation: (id: string) => request<TextureAssociation>('DELETE', `/api/workspace/texture-association/${encodeURIComponent(id)}`),
};

export const textureKeys = {
  all: ['textures'] as const,
  ownAll: ['textures', 'own'] as const,
  own: (scope: TextureScope) => ['textures', 'own', scope.teamId ?? '', scope.projectId ?? ''] as const,
  associations: (scope: TextureScope) => ['textures', 'associations', scope.teamId ?? '', scope.projectId ?? ''] as const,
  community: (term: string) => ['textures', 'community', term] as const,
  one: (id: string) => ['textures', 'one', id] as const,
  tags: (scope: TextureScope) => ['textures', 'tags', scope.teamId ?? '', scope.projectId ?? ''] as const,
};
