import type { FavoriteStatus } from '@kiln/contracts';
import { request } from './client';

/**
 * The star on a model (spec 000 §7): a toggle, it stars the model or un-stars it when it was starred. Every model
 * card has the star, so this call is in the first load; the other favorites calls are api/sharing.ts.
 */
export const toggleFavorite = (modelId: string) =>
  request<FavoriteStatus>('POST', '/api/workspace/user-favorite/update-favorite-status', { body: { modelId } });
