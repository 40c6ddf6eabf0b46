import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toggleFavorite } from '../api/favorites';
import { applyFavoriteFlag, favoriteRemoved, modelKeys } from './model-cache';

/**
 * The star on a model (spec 000 §4): shown at once, then sent (a toggle on the server). A failure puts the star
 * back and is only logged (spec 000 §8: no message for it). Favorites is fetched again to list a new star.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ modelId }: { modelId: string; favorite: boolean }) => toggleFavorite(modelId),
    onMutate: ({ modelId, favorite }) => applyFavoriteFlag(queryClient, modelId, favorite),
    onSuccess: (status) => {
      applyFavoriteFlag(queryClient, status.modelId, status.favorite);
      // The refetch below may read the list before its read model dropped the removed favorite.
      if (!status.favorite && status.id) favoriteRemoved(queryClient, status.id);
      void queryClient.invalidateQueries({ queryKey: modelKeys.favorites() });
    },
    onError: (error, { modelId, favorite }) => {
      applyFavoriteFlag(queryClient, modelId, !favorite);
      console.error('Could not change the favorite status', error);
    },
  });
}
