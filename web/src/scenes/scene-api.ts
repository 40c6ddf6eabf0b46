import type {
  CreateEnvironmentMapInput,
  DistinctTags,
  EnvironmentMap,
  EnvironmentMapList,
  EnvironmentMapWhere,
  UpdateEnvironmentMapBody,
} from '@kiln/contracts';
import { ENVIRONMENT_MAP_PAGE_SIZE } from '@kiln/contracts/constants';
import { request } from '../api/client';

export type { EnvironmentMap } from '@kiln/contracts';

/** Where a library looks and a new scene goes: personal (nothing), a team, or a team's project. */
export interface SceneScope {
  teamId?: string | null;
  projectId?: string | null;
}

const enc = encodeURIComponent;
const base = '/api/workspace/environment-map';
export const scopeWhere = (scope: SceneScope) => ({
  ...(scope.teamId ? { teamId: scope.teamId } : {}),
  ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}),
});

/** The bytes of a scene's file (its EXR, its preview image): readable by whoever may read the scene (ADR 0061). */
export const mediaFileUrl = (mediaId: string) => `/api/media/${enc(mediaId)}/file`;

/** The calls of spec 001 §7 for environment maps (scenes). */
export const sceneApi = {
  /**
   * One page, 20 at a time (spec 001 §9): the scope's private scenes, or the public ones (the community's: everyone's
   * published scenes), or (`show` 'all') every scene of the scope.
   */
  list: ({
    scope,
    show,
    skip,
    limit = ENVIRONMENT_MAP_PAGE_SIZE,
  }: {
    scope: SceneScope;
    show: 'private' | 'public' | 'scope';
    skip: number;
    limit?: number;
  }) => {
    const where: EnvironmentMapWhere = show === 'public' ? { public: true } : { ...scopeWhere(scope), ...(show === 'private' ? { public: false } : {}) };
    return request<EnvironmentMapList>('GET', base, { query: { where: JSON.stringify(where), skip, limit } });
  },
  get: (id: string) => request<EnvironmentMap>('GET', `${base}/${enc(id)}`),
  create: (body: CreateEnvironmentMapInput) => request<EnvironmentMap>('POST', base, { body }),
  update: (id: string, body: UpdateEnvironmentMapBody) => request<EnvironmentMap>('PATCH', `${base}/${enc(id)}`, { body }),
  remove: (id: string) => request<EnvironmentMap>('DELETE', `${base}/${enc(id)}`),
  tags: (scope: SceneScope) =>
    request<DistinctTags>('GET', '/api/workspace/distinct/environment-map/tags', { query: scopeWhere(scope) }).then((answer) => answer.data),
};

export const sceneKeys = {
  all: ['environment-maps'] as const,
  list: (scope: SceneScope, show: string) => ['environment-maps', 'list', show, scope.teamId ?? '', scope.projectId ?? ''] as const,
  one: (id: string) => ['environment-maps', 'one', id] as const,
  tags: (scope: SceneScope) => ['environment-maps', 'tags', scope.teamId ?? '', scope.projectId ?? ''] as const,
};
