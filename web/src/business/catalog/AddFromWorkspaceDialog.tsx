import { useEffect, useState } from 'react';
import { BUSINESS_PAGE_SIZE } from '@kiln/contracts/constants';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Model } from '@kiln/contracts';
import { messageOf } from '../../api/client';
import { newIdempotencyKey } from '../../api/idempotency';
import { Dialog } from '../../ui/Dialog';
import { pickerApi, scopeWhere } from '../business-api';
import { nextBusinessSkip } from '../business-cache';
import type { BusinessScope } from '../business-scope';
import { BUSINESS_TEXTS, relativeTime } from '../business-texts';
import { useAddCatalogItems, useCatalogModelIds } from './useCatalog';

/**
 * Add models from workspace (spec 002 §2): a search, a checkbox list of my models (the scope's) that are not in the
 * catalog yet, each with its relative updated time, 20 at a time; Done adds the checked ones in one create-multiple.
 */
export function AddFromWorkspaceDialog({ scope, onClose }: { scope: BusinessScope; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [checked, setChecked] = useState<Map<string, Model>>(new Map());
  const [failure, setFailure] = useState<string>();
  const [key] = useState(newIdempotencyKey);
  const inCatalog = useCatalogModelIds(scope);
  const add = useAddCatalogItems();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const exclude = inCatalog.data ?? [];
  const models = useInfiniteQuery({
    queryKey: ['business', 'picker', 'workspace', scopeWhere(scope), search, exclude],
    queryFn: ({ pageParam }) => pickerApi.workspaceModels(search, exclude, pageParam, scope),
    initialPageParam: 0,
    getNextPageParam: nextBusinessSkip(BUSINESS_PAGE_SIZE),
    enabled: inCatalog.isSuccess || inCatalog.isError,
  });
  const list = (models.data?.pages ?? []).flatMap((page) => page.data);

  const toggle = (model: Model) =>
    setChecked((current) => {
      const next = new Map(current);
      if (next.has(model.id)) next.delete(model.id);
      else next.set(model.id, model);
      return next;
    });

  const done = async () => {
    if (checked.size === 0) return onClose();
    setFailure(undefined);
    try {
      await add.mutateAsync({ key, items: [...checked.values()].map((model) => ({ modelId: model.id, name: model.name, price: 0, ...scopeWhere(scope) })) });
      onClose();
    } catch (error) {
      setFailure(messageOf(error));
    }
  };

  return (
    <Dialog title="Add models from workspace" onClose={onClose} width={520}>
      <div className="form">
        <div className="field">
          <label htmlFor="workspace-picker-search">Search models</label>
          <input
            id="workspace-picker-search"
            type="search"
            autoFocus
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            data-testid="workspace-picker-search"
          />
        </div>
        <div className="picker-list" role="group" aria-label="Models from workspace" aria-busy={models.isPending}>
          {models.isPending && (
            <p role="status" className="muted">
              Loading…
            </p>
          )}
          {models.isError && (
            <p className="form-error" role="alert">
              {messageOf(models.error)}
            </p>
          )}
          {models.isSuccess && list.length === 0 && (
            <p className="muted" data-testid="picker-empty">
              {BUSINESS_TEXTS.noResults}
            </p>
          )}
          {list.map((model) => (
            <label key={model.id} className="picker-row" data-testid="workspace-model" data-model-name={model.name}>
              <input type="checkbox" checked={checked.has(model.id)} onChange={() => toggle(model)} />
              <span className="picker-name">{model.name}</span>
              <time className="muted" dateTime={model.updatedAt}>
                {relativeTime(model.updatedAt)}
              </time>
            </label>
          ))}
          {models.hasNextPage && (
            <button type="button" className="btn btn-ghost" disabled={models.isFetchingNextPage} onClick={() => models.fetchNextPage()}>
              {models.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          )}
        </div>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <span className="muted picker-count" role="status">
            {checked.size > 0 ? `${checked.size} selected` : ''}
          </span>
          <button type="button" className="btn btn-primary" data-testid="workspace-picker-done" disabled={add.isPending} onClick={done}>
            {add.isPending ? 'Adding…' : 'Done'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
