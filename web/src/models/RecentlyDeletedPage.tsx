import { useId, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedModel } from '@kiln/contracts';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { MODEL_RESTORE_DAYS } from '@kiln/domain';
import { Link } from 'react-router';
import { messageOf } from '../api/client';
import { modelPagesApi } from '../api/model-pages';
import { applyModelUpsert, modelKeys } from './model-cache';
import { formatDate } from './ModelItem';
import { nextSkip, useOwnModelDefaults } from './useModels';
import './recently-deleted.css';

/** A model push (deleted, restored) marks the list stale (RealtimeProvider). */
const RECENTLY_DELETED_KEY = modelKeys.recentlyDeleted();
export const RECENTLY_DELETED_TITLE = 'Recently deleted';
export const RECENTLY_DELETED_EMPTY = `No deleted models. Models you delete stay here for ${MODEL_RESTORE_DAYS} days.`;

const daysLeftText = (days: number) => (days <= 1 ? 'Last day to restore' : `${days} days left`);

/** "Recently deleted" (ADR 0048): my deleted models, each with Restore, for MODEL_RESTORE_DAYS after the deletion. */
export function RecentlyDeletedPage() {
  const queryClient = useQueryClient();
  const ownDefaults = useOwnModelDefaults();
  const titleId = useId();
  const [status, setStatus] = useState('');
  const list = useInfiniteQuery({
    queryKey: RECENTLY_DELETED_KEY,
    queryFn: ({ pageParam }) => modelPagesApi.recentlyDeleted(pageParam, MODEL_PAGE_SIZE),
    initialPageParam: 0,
    getNextPageParam: nextSkip,
  });
  const restore = useMutation({
    mutationFn: (model: DeletedModel) => modelPagesApi.restore(model.id),
    onSuccess: (model) => {
      // Back in My Models at once (the push follows); its shares and favorites came back too.
      applyModelUpsert(queryClient, model, true, ownDefaults());
      setStatus(`“${model.name}” is back in My Models.`);
      void queryClient.invalidateQueries({ queryKey: RECENTLY_DELETED_KEY });
      void queryClient.invalidateQueries({ queryKey: modelKeys.favorites() });
    },
    onError: () => setStatus(''),
  });
  const models = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages[0]?.total;

  return (
    <section className="models-page" aria-labelledby={titleId}>
      <div className="page-header">
        <div>
          <h1 id={titleId}>{RECENTLY_DELETED_TITLE}</h1>
          <p className="page-sub">Deleted models can be restored for {MODEL_RESTORE_DAYS} days, with their shares and favorites.</p>
        </div>
        <Link to="/" className="btn btn-ghost">
          Back to My Models
        </Link>
      </div>

      <p className="deleted-status" role="status" data-testid="restore-status">
        {status}
      </p>
      {restore.isError && (
        <p className="form-error" role="alert" data-testid="form-error">
          {messageOf(restore.error)}
        </p>
      )}

      {list.isPending && (
        <p className="loading-more" role="status">
          Loading…
        </p>
      )}
      {list.isError && (
        <p className="form-error" role="alert">
          {messageOf(list.error)}
        </p>
      )}
      {list.isSuccess && total === 0 && (
        <p className="empty" data-testid="recently-deleted-empty">
          {RECENTLY_DELETED_EMPTY}
        </p>
      )}
      {models.length > 0 && (
        <ul className="deleted-list" aria-labelledby={titleId} data-testid="recently-deleted-list">
          {models.map((model) => (
            <li key={model.id} className="deleted-row" data-testid="deleted-model">
              <span className="deleted-name">{model.name}</span>
              <p className="deleted-when">
                Deleted <time dateTime={model.deletedAt}>{formatDate(model.deletedAt)}</time> · {daysLeftText(model.daysLeft)}
              </p>
              <button
                type="button"
                className="btn btn-primary"
                aria-label={`Restore ${model.name}`}
                disabled={restore.isPending && restore.variables?.id === model.id}
                onClick={() => restore.mutate(model)}
              >
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className="btn btn-ghost" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          Show more
        </button>
      )}
    </section>
  );
}
