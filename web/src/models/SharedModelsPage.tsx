import type { Model, SharedModel } from '@kiln/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { sharingApi } from '../api/sharing';
import { useViewState } from '../shell/view-state';
import { modelKeys } from './model-cache';
import { useModelDialogs } from './ModelDialogHost';
import { ModelItem } from './ModelItem';
import { ListHeader, ModelListView, usePagedItems } from './ModelListView';
import { ModelMenu } from './ModelMenu';
import { ModelStar } from './ModelStar';
import { nextSkip } from './useModels';

export const SHARED_EMPTY_TEXT = 'You don’t have Shared models';

const shareId = (share: SharedModel) => share.id;

/** The model as the recipient sees it; built from the share when the answer did not populate it. */
function modelOf(share: SharedModel): Model {
  return (
    share.model ?? {
      id: share.modelId,
      name: share.modelName,
      description: '',
      authorId: share.sharedBy.id,
      author: share.sharedBy,
      contributorId: null,
      teamId: null,
      projectId: null,
      productId: null,
      publishedAt: null,
      updatedAt: share.createdAt,
      createdAt: share.createdAt,
      userRole: share.role,
      sharedWithEveryone: 'private',
      hidden: false,
      version: 0,
    }
  );
}

/** Shared with me (spec 000 §2, §6): Model information, Date, Shared by; the recipient's role; Leave asks first. */
export function SharedModelsPage() {
  const { search, sort, display } = useViewState();
  const list = useInfiniteQuery({
    queryKey: modelKeys.sharedList(search, sort),
    queryFn: ({ pageParam }) => sharingApi.sharedWithMe({ search, sort, skip: pageParam, limit: MODEL_PAGE_SIZE }),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
  const shares = usePagedItems(list, shareId);
  const dialogs = useModelDialogs();

  return (
    <section className="models-page" aria-labelledby="shared-title">
      <ListHeader id="shared-title" title="Shared with me" total={list.isSuccess ? list.data.pages[0]?.total : undefined} noun={['model', 'models']} />
      <ModelListView
        query={list}
        items={shares}
        keyOf={shareId}
        display={display}
        search={search}
        emptyText={SHARED_EMPTY_TEXT}
        columns={['Model information', 'Shared by', 'Date']}
        label="Models shared with me"
        renderItem={(share) => {
          const model = modelOf(share);
          return (
            <ModelItem
              model={model}
              display={display}
              person={{ user: share.sharedBy, label: 'Shared by' }}
              date={{ iso: share.createdAt, label: 'Shared' }}
              role={model.userRole}
              star={<ModelStar model={model} />}
              menu={
                <ModelMenu
                  model={model}
                  variant="shared"
                  onAction={(kind) => dialogs.open(kind === 'leave' ? { kind, model, shareId: share.id } : { kind, model })}
                />
              }
            />
          );
        }}
      />
      {dialogs.element}
    </section>
  );
}
