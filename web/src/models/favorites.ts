import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharingApi } from '../api/sharing';
import { applyFavoriteFlag, modelKeys } from './model-cache';

/**
 * The star on a model (spec 000 §4): shown at once, then sent (a toggle on the server). A failure puts the star
 * back and is only logged (spec 000 §8: no message for it). Favorites is fetched again to list a new star.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ modelId }: { modelId: string; favorite: boolean }) => sharingApi.toggleFavorite(modelId),
    onMutate: ({ modelId, favorite }) => applyFavoriteFlag(queryClient, modelId, favorite),
    onSuccess: (status) => {
      applyFavoriteFlag(queryClient, status.modelId, status.favorite);
      void queryClient.invalidateQueries({ queryKey: modelKeys.favorites() });
    },
    onError: (error, { modelId, favorite }) => {
      applyFavoriteFlag(queryClient, modelId, !favorite);
      console.error('Could not change the favorite status', error);
    },
  });
}

/** Un-star from the Favorites screen, by the favorite's id. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ favoriteId }: { favoriteId: string; modelId: string }) => sharingApi.removeFavorite(favoriteId),
    onMutate: ({ modelId }) => applyFavoriteFlag(queryClient, modelId, false),
    onError: (error, { modelId }) => {
      console.error('Could not remove the favorite', error);
      applyFavoriteFlag(queryClient, modelId, true);
      void queryClient.invalidateQueries({ queryKey: modelKeys.favorites() });
    },
  });
}
