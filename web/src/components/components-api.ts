import type { Component, ComponentList, ComponentUsage, ComponentWhere } from '@kiln/contracts';
import { COMPONENT_PAGE_SIZE } from '@kiln/contracts/constants';
import { request } from '../api/client';

/** Where a component list looks and a new component goes: personal (nothing), a team, or a team's project. */
export interface ComponentScope {
  teamId?: string;
  projectId?: string;
}

const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;
const BASE = '/api/workspace/component';

/** The calls of spec 001 §7 for components. */
export const componentsApi = {
  /** GET /api/workspace/component: one page of a scope, searched and sorted like the model lists. */
  list: ({ search, sort, skip, scope = {} }: { search: string; sort: string; skip: number; scope?: ComponentScope }) => {
    const where: ComponentWhere = {
      ...(search ? { name: { contains: search } } : {}),
      ...(scope.teamId ? { teamId: scope.teamId } : {}),
      ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}),
    };
    return request<ComponentList>('GET', BASE, {
      query: {
        where: Object.keys(where).length ? JSON.stringify(where) : undefined,
        sort,
        populate: JSON.stringify(['author', 'contributor']),
        skip,
        limit: COMPONENT_PAGE_SIZE,
      },
    });
  },
  create: (name: string, scope: ComponentScope = {}) => request<Component>('POST', BASE, { body: { name, ...scope } }),
  rename: (id: string, name: string) => request<Component>('PATCH', at(BASE, id), { body: { name } }),
  remove: (id: string) => request<Component>('DELETE', at(`${BASE}/model`, id)),
  used: (id: string) => request<ComponentUsage>('GET', at(`${BASE}/used`, id)),
};
