import type { DeletedModelList, Model, ModelAccessibility } from '@kiln/contracts';
import { IDEMPOTENCY_HEADER, MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { request } from './client';
import type { ModelScopeParams } from './models';

const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/**
 * One model's calls (spec 000 §7): the model dialogs and pages make them, of their own chunks; the lists are
 * api/models.ts, in the first load (docs/adr/0013).
 */
export const modelPagesApi = {
  /** The same `idempotencyKey` for a retry of the same submit: the server then answers the first result. */
  create: (name: string, idempotencyKey: string, scope: ModelScopeParams = {}) =>
    request<Model>('POST', '/api/workspace/model', {
      body: { name, ...(scope.teamId ? { teamId: scope.teamId } : {}), ...(scope.teamId && scope.projectId ? { projectId: scope.projectId } : {}) },
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    }),
  get: (id: string) => request<Model>('GET', at('/api/workspace/model', id)),
  rename: (id: string, name: string) => request<Model>('PATCH', at('/api/workspace/model', id), { body: { name } }),
  remove: (id: string) => request<Model>('DELETE', at('/api/workspace/model', id)),
  /** My role on a model and what it lets me do (the editor and viewer placeholders read it). */
  accessibility: (id: string) => request<ModelAccessibility>('GET', at('/api/workspace/model/accessibility', id)),
  /** A copy in my workspace; the name defaults to '(Duplicate) ' + the model's name. */
  duplicate: (id: string, name: string) => request<Model>('PATCH', at('/api/workspace/model/duplicate', id), { body: { name } }),
  /** "Recently deleted": my deleted models I can still restore, newest deletion first (ADR 0048). */
  recentlyDeleted: (skip: number, limit = MODEL_PAGE_SIZE) =>
    request<DeletedModelList>('GET', '/api/workspace/model/recently-deleted', { query: { skip, limit } }),
  /** Brings a deleted model back with its shares and favorites (owner only, within 30 days). */
  restore: (id: string) => request<Model>('PATCH', at('/api/workspace/model/restore', id)),
};
