import type { Model, PublishedModel } from '@kiln/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { sharingApi } from '../api/sharing';
import { useViewState } from '../shell/view-state';
import { ProductStatusLabel } from '../market/ProductStatusIcon';
import { modelKeys } from './model-cache';
import { useModelDialogs } from './ModelDialogHost';
import { ModelItem } from './ModelItem';
import { ListHeader, ModelListView, usePagedItems } from './ModelListView';
import { ModelMenu } from './ModelMenu';
import { ModelStar } from './ModelStar';
import { nextSkip } from './useModels';

export const PUBLISHED_EMPTY_TEXT = 'You don’t have Published models';

const modelId = (model: Model) => model.id;
/** GET /api/workspace/publish/my answers each model with its product (a push may bring a model without it). */
const productOf = (model: Model) => (model as Model & { product?: PublishedModel['product'] }).product;

/** Published (spec 000 §2): the user's models that have a product, from GET /api/workspace/publish/my, with its status. */
export function PublishedPage() {
  const { search, sort, display } = useViewState();
  const list = useInfiniteQuery({
    queryKey: modelKeys.publishedList(search, sort),
    queryFn: ({ pageParam }) => sharingApi.published({ search, sort, skip: pageParam, limit: MODEL_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
  const models = usePagedItems(list, modelId);
  const dialogs = useModelDialogs();
  return (
    <section className="models-page" aria-labelledby="published-title">
      <ListHeader id="published-title" title="Published" total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={['model', 'models']} />
      <ModelListView
        query={list}
        items={models}
        keyOf={modelId}
        display={display}
        search={search}
        emptyText={PUBLISHED_EMPTY_TEXT}
        columns={['Name', 'Author', 'Last modified']}
        label="Published models"
        renderItem={(model) => (
          <ModelItem
            model={model}
            display={display}
            // The author's own published models show their product's status, in words (spec 000 §2; ADRs 0022, 0045).
            status={productOf(model) && <ProductStatusLabel status={productOf(model)!.status} onCard />}
            star={<ModelStar model={model} />}
            menu={<ModelMenu model={model} onAction={(kind) => dialogs.open(kind === 'leave' ? null : { kind, model })} />}
          />
        )}
      />
      {dialogs.element}
    </section>
  );
}
