import type { Model } from '@kiln/contracts';
import { useToggleFavorite } from './favorites';
import { FavoriteStar } from './ModelItem';

/** The star of a model in a list: toggles its favorite status (spec 000 §4). */
export function ModelStar({ model }: { model: Model }) {
  const toggle = useToggleFavorite();
  const favorite = Boolean(model.favorite);
  return <FavoriteStar model={model} favorite={favorite} onToggle={() => toggle.mutate({ modelId: model.id, favorite: !favorite })} />;
}
