import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { Model } from '@kiln/contracts';
import { messageOf } from '../api/client';
import { useViewState } from '../shell/view-state';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { CubeIcon, PlusIcon, SearchIcon } from '../ui/icons';
import { preloadOn } from '../ui/lazy';
import { DialogLoadFailed, DialogLoading } from '../ui/LazyFallbacks';
import { DeleteModelDialog, ModelNameDialog, NewModelDialog, preloadModelDialogs } from './lazy-dialogs';
import { ModelItem } from './ModelItem';
import type { ModelAction } from './ModelMenu';
import { useModelList, useRenameModel } from './useModels';

export const EMPTY_TEXT = 'You don’t have models';
export const NOTHING_FOUND_TEXT = 'Nothing found';

type OpenDialog = { kind: 'new' } | { kind: 'rename' | 'delete'; model: Model } | null;

const DIALOG_TITLES = { new: 'New Model', rename: 'Rename model', delete: 'Delete model' } as const;

/** The nearest scrolling ancestor (the shell's content area); null means the viewport. */
function scrollParentOf(node: HTMLElement): HTMLElement | null {
  for (let parent = node.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/** Loads the next page when the sentinel under the list comes near the viewport. */
function useInfiniteScroll(onReach: () => void, enabled: boolean, pageCount: number) {
  const sentinel = useRef<HTMLDivElement>(null);
  const reach = useRef(onReach);
  reach.current = onReach;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !enabled) return;
    // A new observer per page: it reports at once, so a short page that leaves the sentinel visible loads on.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) reach.current();
    }, { root: scrollParentOf(node), rootMargin: '300px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, pageCount]);
  return sentinel;
}

export function MyModelsPage() {
  const { search, sort, display } = useViewState();
  const list = useModelList(search, sort);
  const rename = useRenameModel();
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const models = useMemo(() => {
    const seen = new Set<string>();
    return (list.data?.pages ?? []).flatMap((page) => page.data).filter((model) => !seen.has(model.id) && seen.add(model.id));
  }, [list.data]);
  const total = list.data?.pages[0]?.total ?? 0;

  const sentinel = useInfiniteScroll(
    () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
    Boolean(list.hasNextPage) && !list.isFetchingNextPage,
    list.data?.pages.length ?? 0,
  );

  const onAction = (model: Model, action: ModelAction) => setDialog({ kind: action, model });
  const closeDialog = () => setDialog(null);

  return (
    <section className="models-page" aria-labelledby="models-title">
      <div className="page-header">
        <div>
          <h1 id="models-title">My Models</h1>
          {list.isSuccess && total > 0 && <p className="page-sub" data-testid="model-total">{total} {total === 1 ? 'model' : 'models'}</p>}
        </div>
        <button type="button" className="btn btn-primary" data-testid="new-model-button" {...preloadOn(preloadModelDialogs)} onClick={() => setDialog({ kind: 'new' })}>
          <PlusIcon size={18} /> New Model
        </button>
      </div>

      {list.isPending && (
        <ul className={`models models--${display}`} aria-busy="true" aria-label="Loading models">
          {Array.from({ length: 8 }, (_, i) => <li key={i} className={display === 'list' ? 'model-row skeleton' : `model-card model-card--${display} skeleton`} />)}
        </ul>
      )}

      {list.isError && !list.data && (
        <div className="empty" role="alert">
          <p>{messageOf(list.error)}</p>
          <button type="button" className="btn btn-ghost" onClick={() => list.refetch()}>Try again</button>
        </div>
      )}

      {list.isSuccess && models.length === 0 && (
        <div className="empty">
          <div className="empty-art" aria-hidden="true">{search ? <SearchIcon size={44} /> : <CubeIcon size={44} />}</div>
          <p data-testid="empty-text">{search ? NOTHING_FOUND_TEXT : EMPTY_TEXT}</p>
        </div>
      )}

      {models.length > 0 && (
        <>
          {display === 'list' && (
            <div className="models-list-header" aria-hidden="true">
              <span>Name</span>
              <span className="list-head-author">Author</span>
              <span className="list-head-date">Last modified</span>
              <span />
            </div>
          )}
          <ul className={`models models--${display}`} aria-label="Models">
            {models.map((model) => <ModelItem key={model.id} model={model} display={display} onAction={onAction} />)}
          </ul>
        </>
      )}

      <div ref={sentinel} className="sentinel" data-testid="list-sentinel" aria-hidden="true" />
      {list.isFetchingNextPage && <p className="loading-more" role="status">Loading more…</p>}
      {list.isFetchNextPageError && (
        <p className="form-error" role="alert">
          {messageOf(list.error)} <button type="button" className="link-btn" onClick={() => list.fetchNextPage()}>Retry</button>
        </p>
      )}

      {/* The dialogs are a chunk of their own (lazy-dialogs.tsx); a failed load says so in a dialog that closes. */}
      {dialog && (
        <ErrorBoundary key={dialog.kind} fallback={<DialogLoadFailed title={DIALOG_TITLES[dialog.kind]} onClose={closeDialog} />}>
          <Suspense fallback={<DialogLoading />}>
            {dialog.kind === 'new' && <NewModelDialog onClose={closeDialog} />}
            {dialog.kind === 'rename' && (
              <ModelNameDialog
                title={DIALOG_TITLES.rename}
                submitLabel="Rename"
                pendingLabel="Renaming…"
                initialName={dialog.model.name}
                onSubmit={(name) => (name === dialog.model.name ? Promise.resolve() : rename.mutateAsync({ id: dialog.model.id, name }))}
                onClose={closeDialog}
              />
            )}
            {dialog.kind === 'delete' && <DeleteModelDialog model={dialog.model} onClose={closeDialog} />}
          </Suspense>
        </ErrorBoundary>
      )}
    </section>
  );
}
