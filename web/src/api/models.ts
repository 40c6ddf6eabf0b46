import type { Model, ModelList, ModelWhere } from '@kiln/contracts';
import { IDEMPOTENCY_HEADER, MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { request } from './client';

export interface ModelListParams {
  search: string;
  sort: string;
  skip: number;
  limit?: number;
}

const json = (value: unknown) => JSON.stringify(value);

export const modelsApi = {
  /** GET /api/workspace/model; `where` and `populate` travel JSON-encoded (spec 000 §7). */
  list: ({ search, sort, skip, limit = MODEL_PAGE_SIZE }: ModelListParams) => {
    const where: ModelWhere | undefined = search ? { name: { contains: search } } : undefined;
    return request<ModelList>('GET', '/api/workspace/model', {
      query: {
        where: where ? json(where) : undefined,
        sort,
        populate: json(['author', 'contributor']),
        skip,
        limit,
      },
    });
  },
  /** The same `idempotencyKey` for a retry of the same submit: the server then answers the first result. */
  create: (name: string, idempotencyKey: string) =>
    request<Model>('POST', '/api/workspace/model', { body: { name }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  rename: (id: string, name: string) => request<Model>('PATCH', `/api/workspace/model/${encodeURIComponent(id)}`, { body: { name } }),
  remove: (id: string) => request<Model>('DELETE', `/api/workspace/model/${encodeURIComponent(id)}`),
};
