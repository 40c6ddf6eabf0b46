import type { Model, PublishedModel } from '@kiln/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { ApiError } from '../api/client';
import { sharingApi } from '../api/sharing';
import { useViewState } from '../shell/view-state';
import { ProductStatusIcon } from '../market/ProductStatusIcon';
import { GlobeIcon } from '../ui/icons';
import { modelKeys } from './model-cache';
import { useModelDialogs } from './ModelDialogHost';
import { ModelItem } from './ModelItem';
import { ListHeader, ModelListView, usePagedItems } from './ModelListView';
import { ModelMenu } from './ModelMenu';
import { ModelStar } from './ModelStar';
import { nextSkip } from './useModels';

export const PUBLISHED_EMPTY_TEXT = 'You don’t have Published models';
export const PUBLISHED_LATER_TEXT = 'Publishing to the marketplace comes in a later step. Your published models will be listed here.';

const modelId = (model: Model) => model.id;
/** GET /api/workspace/publish/my answers each model with its product (a push may bring a model without it). */
const productOf = (model: Model) => (model as Model & { product?: PublishedModel['product'] }).product;

/**
 * Published (spec 000 §2): the user's published models, from GET /api/workspace/publish/my. Products come in a
 * later step: until that route exists (404) the page says so, and it says 'You don’t have Published models' only
 * when the server answers an empty list.
 */
export function PublishedPage() {
  const { search, sort, display } = useViewState();
  const list = useInfiniteQuery({
    queryKey: modelKeys.publishedList(search, sort),
    queryFn: ({ pageParam }) => sharingApi.published({ search, sort, skip: pageParam, limit: MODEL_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
  const models = usePagedItems(list, modelId);
  const dialogs = useModelDialogs();
  const notYet = list.isError && list.error instanceof ApiError && list.error.status === 404 && !list.data;

  return (
    <section className="models-page" aria-labelledby="published-title">
      <ListHeader id="published-title" title="Published" total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={['model', 'models']} />
      {notYet ? (
        <div className="empty" data-testid="published-later">
          <div className="empty-art" aria-hidden="true"><GlobeIcon size={44} /></div>
          <p>{PUBLISHED_LATER_TEXT}</p>
        </div>
      ) : (
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
              // The author's own published models show their product's status (spec 000 §2; ADR 0022).
              star={<>{productOf(model) && <ProductStatusIcon status={productOf(model)!.status} />}<ModelStar model={model} /></>}
              menu={<ModelMenu model={model} onAction={(kind) => dialogs.open(kind === 'leave' ? null : { kind, model })} />}
            />
          )}
        />
      )}
      {dialogs.element}
    </section>
  );
}
