import type { Favorite, Model, ModelShares, SharedModel, ShareRole } from '@kiln/contracts';
import { request } from './client';
import { listQuery, type ModelListParams } from './models';

type ShareAs = Model['sharedWithEveryone'];
interface List<T> {
  data: T[];
  total: number;
}

const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** Sharing, Shared with me and Favorites (spec 000 §7); the star's toggle is api/favorites.ts, in the first load. */
export const sharingApi = {
  /** The share dialog: the owner, the people with their role, and the 'Everyone' access. */
  shares: (modelId: string) => request<ModelShares>('GET', at('/api/workspace/model/share', modelId)),
  /** Share with an e-mail (or change that person's role). */
  share: (modelId: string, email: string, role: ShareRole) =>
    request<ModelShares>('PATCH', at('/api/workspace/model/share', modelId), { body: { email, role } }),
  shareWithEveryone: (modelId: string, shareAs: ShareAs) =>
    request<Model>('PATCH', at('/api/workspace/model/share-with-everyone', modelId), { body: { shareAs } }),
  changeRole: (shareId: string, role: ShareRole) => request<SharedModel>('PATCH', at('/api/workspace/shared-model', shareId), { body: { role } }),
  /** The owner removes someone, or the recipient leaves. */
  removeShare: (shareId: string) => request<SharedModel>('DELETE', at('/api/workspace/shared-model', shareId)),
  /** People I have shared models with: suggestions for the invite field. */
  shareUsers: () => request<List<SharedModel['sharedBy']>>('GET', '/api/workspace/shared-model/user-list'),
  sharedWithMe: (params: ModelListParams) => request<List<SharedModel>>('GET', '/api/workspace/shared-model/my', { query: listQuery(params) }),

  favorites: (params: ModelListParams) => request<List<Favorite>>('GET', '/api/workspace/user-favorite/my', { query: listQuery(params) }),
  removeFavorite: (favoriteId: string) => request<Favorite>('DELETE', at('/api/workspace/user-favorite', favoriteId)),

  /** The user's published models (products come in a later step: the route may not exist yet). */
  published: (params: ModelListParams) => request<List<Model>>('GET', '/api/workspace/publish/my', { query: listQuery(params) }),
};
