import type { Favorite } from '@kiln/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { sharingApi } from '../api/sharing';
import { useViewState } from '../shell/view-state';
import { applyFavoriteFlag, checkedFavoritesAnswer, favoriteRemoved, modelKeys } from './model-cache';
import { useModelDialogs } from './ModelDialogHost';
import { FavoriteStar, ModelItem } from './ModelItem';
import { ListHeader, ModelListView, usePagedItems } from './ModelListView';
import { ModelMenu } from './ModelMenu';
import { nextSkip } from './useModels';

export const FAVORITES_EMPTY_TEXT = 'You don’t have Favorites models';

const favoriteId = (favorite: Favorite) => favorite.id;

/** Un-star from the Favorites screen, by the favorite's id (the star itself is favorites.ts). */
function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ favoriteId: id }: { favoriteId: string; modelId: string }) => sharingApi.removeFavorite(id),
    onMutate: ({ modelId }) => applyFavoriteFlag(queryClient, modelId, false),
    onSuccess: (_answer, { favoriteId: id }) => favoriteRemoved(queryClient, id),
    onError: (error, { modelId }) => {
      console.error('Could not remove the favorite', error);
      applyFavoriteFlag(queryClient, modelId, true);
      void queryClient.invalidateQueries({ queryKey: modelKeys.favorites() });
    },
  });
}

/** Favorites (spec 000 §2): the models the user starred, 20 at a time; un-starring removes one. */
export function FavoritesPage() {
  const { search, sort, display } = useViewState();
  const queryClient = useQueryClient();
  const list = useInfiniteQuery({
    queryKey: modelKeys.favoriteList(search, sort),
    queryFn: async ({ pageParam }) =>
      checkedFavoritesAnswer(queryClient, await sharingApi.favorites({ search, sort, skip: pageParam, limit: MODEL_PAGE_SIZE })),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
  const favorites = usePagedItems(list, favoriteId);
  const remove = useRemoveFavorite();
  const dialogs = useModelDialogs();

  return (
    <section className="models-page" aria-labelledby="favorites-title">
      <ListHeader id="favorites-title" title="Favorites" total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={['model', 'models']} />
      <ModelListView
        query={list}
        items={favorites}
        keyOf={favoriteId}
        display={display}
        search={search}
        emptyText={FAVORITES_EMPTY_TEXT}
        columns={['Name', 'Author', 'Last modified']}
        label="Favorite models"
        renderItem={(favorite) => (
          <ModelItem
            model={favorite.model}
            display={display}
            star={<FavoriteStar model={favorite.model} favorite onToggle={() => remove.mutate({ favoriteId: favorite.id, modelId: favorite.modelId })} />}
            menu={<ModelMenu model={favorite.model} onAction={(kind) => dialogs.open(kind === 'leave' ? null : { kind, model: favorite.model })} />}
          />
        )}
      />
      {dialogs.element}
    </section>
  );
}
