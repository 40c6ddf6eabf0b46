import { useId, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Component, Model } from '@kiln/contracts';
import { COMPONENT_PAGE_SIZE } from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { geometryApi, scopeOf } from './geometry-api';
import { GEOMETRY_TEXTS } from './geometry-texts';
import { nextPage, Picker, useSearch } from './picker';
import './model-geometry.css';

export interface ModelComponentsDialogProps {
  model: Pick<Model, 'id' | 'name' | 'teamId' | 'projectId'>;
  onClose: () => void;
}

const usedKey = (id: string) => ['model-geometry', 'component-used', id] as const;

/** How many models use a component (GET /api/workspace/component/used/{id}), said beside it. */
function UsedCount({ id }: { id: string }) {
  const used = useQuery({ queryKey: usedKey(id), queryFn: () => geometryApi.used(id) });
  return (
    <span className="geometry-row-note" data-testid="component-used">
      {used.data ? GEOMETRY_TEXTS.usedIn(used.data.count) : ''}
    </span>
  );
}

/**
 * The components a model uses (ADR 0054, 0051), for those who may change the model: a checkbox list of the
 * components of its scope, those it uses checked; Save records them all, and each one's used count follows.
 */
export function ModelComponentsDialog({ model, onClose }: ModelComponentsDialogProps) {
  const queryClient = useQueryClient();
  const [typed, setTyped, search] = useSearch();
  // What the caller checked, over what the model uses (null until it is read).
  const [edits, setEdits] = useState<Set<string> | null>(null);
  const [done, setDone] = useState<string>();
  const id = useId();
  const scope = scopeOf(model);
  const current = useQuery({ queryKey: ['model-geometry', 'components-of', model.id], queryFn: () => geometryApi.components(model.id) });
  const checked = edits ?? (current.data ? new Set(current.data.componentIds) : null);
  const components = useInfiniteQuery({
    queryKey: ['model-geometry', 'components', scope, search],
    queryFn: ({ pageParam }) => geometryApi.componentList(search, pageParam, scope),
    initialPageParam: 0,
    getNextPageParam: nextPage(COMPONENT_PAGE_SIZE),
  });
  const save = useMutation({
    mutationFn: (ids: string[]) => geometryApi.setComponents(model.id, ids),
    onSuccess: async (answer) => {
      setEdits(new Set(answer.componentIds));
      queryClient.setQueryData(['model-geometry', 'components-of', model.id], answer);
      await queryClient.invalidateQueries({ queryKey: ['model-geometry', 'component-used'] });
      setDone(GEOMETRY_TEXTS.saved(answer.componentIds.length));
    },
  });
  const toggle = (componentId: string) =>
    setEdits((before) => {
      const next = new Set(before ?? current.data?.componentIds ?? []);
      if (next.has(componentId)) next.delete(componentId);
      else next.add(componentId);
      return next;
    });
  const count = checked?.size ?? 0;

  return (
    <Dialog title={GEOMETRY_TEXTS.componentsTitle(model.name)} onClose={onClose} width={560}>
      <div className="form geometry-dialog" data-testid="model-components-dialog">
        <p className="muted">{GEOMETRY_TEXTS.componentsIntro}</p>
        {current.isError && (
          <p className="form-error" role="alert">
            {messageOf(current.error)}
          </p>
        )}
        <Picker<Component>
          searchLabel={GEOMETRY_TEXTS.searchComponents}
          searchId={`${id}-search`}
          typed={typed}
          onType={setTyped}
          label={GEOMETRY_TEXTS.componentsLabel}
          query={components}
          empty={GEOMETRY_TEXTS.noComponents}
          searching={Boolean(search)}
          testId="geometry-components"
          renderRow={(component) => (
            <label key={component.id} className="geometry-row" data-testid="geometry-component" data-name={component.name}>
              <input type="checkbox" checked={checked?.has(component.id) ?? false} disabled={checked === null} onChange={() => toggle(component.id)} />
              <span className="geometry-row-name">{component.name}</span>
              <UsedCount id={component.id} />
            </label>
          )}
        />
        <p className="geometry-done" role="status" data-testid="components-done">
          {done}
        </p>
        {save.isError && (
          <p className="form-error" role="alert" data-testid="components-error">
            {messageOf(save.error)}
          </p>
        )}
        <div className="dialog-actions">
          <span className="muted picker-count">{count > 0 ? GEOMETRY_TEXTS.selected(count) : ''}</span>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {GEOMETRY_TEXTS.close}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            // More than the most a model takes: the service's sentence says so.
            disabled={checked === null || save.isPending}
            onClick={() => checked && save.mutate([...checked])}
            data-testid="components-save"
          >
            {save.isPending ? GEOMETRY_TEXTS.saving : GEOMETRY_TEXTS.save}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
