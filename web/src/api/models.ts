import type { ModelList, ModelWhere } from '@kiln/contracts';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { request } from './client';

/** Where a list looks and where a new model goes: the personal workspace (nothing), a team, or a team's project. */
export interface ModelScopeParams {
  teamId?: string;
  projectId?: string;
}

export interface ModelListParams {
  search: string;
  sort: string;
  skip: number;
  limit?: number;
  scope?: ModelScopeParams;
}

const json = (value: unknown) => JSON.stringify(value);

/** The query string of every paged model list (spec 000 §7): `where` and `populate` travel JSON-encoded. */
export function listQuery({ search, sort, skip, limit = MODEL_PAGE_SIZE }: ModelListParams, extraWhere: Partial<ModelWhere> = {}) {
  const where: ModelWhere = { ...(search ? { name: { contains: search } } : {}), ...extraWhere };
  return {
    where: Object.keys(where).length ? json(where) : undefined,
    sort,
    populate: json(['author', 'contributor']),
    skip,
    limit,
  };
}

/** The model lists, in the first load; the dialogs' and pages' calls are api/model-pages.ts, in their chunks (docs/adr/0013). */
export const modelsApi = {
  /** GET /api/workspace/model: my models, or a team's or project's with `where.teamId` / `where.projectId`. */
  list: ({ scope = {}, ...params }: ModelListParams) =>
    request<ModelList>('GET', '/api/workspace/model', {
      query: listQuery(params, {
        ...(scope.teamId ? { teamId: scope.teamId } : {}),
        ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}),
      }),
    }),
};
