import type { AssetItemList, ComponentList, ComponentUsage, Model, ModelComponents, ModelList } from '@kiln/contracts';
import { ASSET_ITEM_PAGE_SIZE, ASSET_ITEM_ROUTE_SEGMENTS, COMPONENT_PAGE_SIZE, MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { request } from '../api/client';
import { modelsApi } from '../api/models';

const enc = encodeURIComponent;

/** Where a model or a 3D object lives: the personal workspace (nothing), a team, or a team's project (ADR 0054's "scope"). */
export interface GeometryScope {
  teamId?: string | null;
  projectId?: string | null;
}

/** The scope as the list calls take it: a team, and its project when there is one. */
export const scopeOf = (of: GeometryScope) => ({
  ...(of.teamId ? { teamId: of.teamId } : {}),
  ...(of.teamId && of.projectId ? { projectId: of.projectId } : {}),
});

const whereOf = (search: string, scope: GeometryScope) => {
  const where = { ...(search ? { name: { contains: search } } : {}), ...scopeOf(scope) };
  return Object.keys(where).length ? JSON.stringify(where) : undefined;
};

/** The calls of a model's geometry and components (ADR 0054). */
export const geometryApi = {
  /** Takes the model's geometry from a 3D object of its scope, or gives it up (null). */
  setGeometry: (modelId: string, object3dId: string | null) =>
    request<Model>('PATCH', `/api/workspace/model/${enc(modelId)}/geometry`, { body: { object3dId } }),
  components: (modelId: string) => request<ModelComponents>('GET', `/api/workspace/model/${enc(modelId)}/components`),
  /** All the components the model uses (the list replaces the earlier one). */
  setComponents: (modelId: string, componentIds: string[]) =>
    request<ModelComponents>('PATCH', `/api/workspace/model/${enc(modelId)}/components`, { body: { componentIds } }),
  /** The 3D objects of a scope (ADR 0052), searched by name, newest change first. */
  objects: (search: string, skip: number, scope: GeometryScope) =>
    request<AssetItemList>('GET', `/api/workspace/${ASSET_ITEM_ROUTE_SEGMENTS.object3d}`, {
      query: { where: whereOf(search, scope), skip, limit: ASSET_ITEM_PAGE_SIZE },
    }),
  /** The components of a scope (ADR 0051), searched by name, alphabetical. */
  componentList: (search: string, skip: number, scope: GeometryScope) =>
    request<ComponentList>('GET', '/api/workspace/component', {
      query: { where: whereOf(search, scope), sort: 'name ASC', skip, limit: COMPONENT_PAGE_SIZE },
    }),
  used: (componentId: string) => request<ComponentUsage>('GET', `/api/workspace/component/used/${enc(componentId)}`),
  /** The models of a scope, searched, newest change first: the same list call as My Models. */
  models: (search: string, skip: number, scope: GeometryScope): Promise<ModelList> =>
    modelsApi.list({ search, sort: 'updatedAt DESC', skip, limit: MODEL_PAGE_SIZE, scope: scopeOf(scope) }),
};
