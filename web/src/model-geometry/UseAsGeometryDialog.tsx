import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { AssetItem, Model } from '@kiln/contracts';
import { MODEL_PAGE_SIZE } from '@kiln/contracts/constants';
import { modelMenuRules } from '@kiln/domain';
import { messageOf } from '../api/client';
import { Dialog } from '../ui/Dialog';
import { geometryApi, scopeOf } from './geometry-api';
import { GEOMETRY_TEXTS } from './geometry-texts';
import { nextPage, Picker, useSearch } from './picker';
import './model-geometry.css';

export interface UseAsGeometryDialogProps {
  item: Pick<AssetItem, 'id' | 'name' | 'teamId' | 'projectId'>;
  onClose: () => void;
}

/**
 * "Use as model geometry" on a 3D object (ADR 0054): the models of the same scope (searched, 20 at a time), those the
 * caller may not change shown but not choosable; the chosen one takes this 3D object as its geometry, and a link
 * opens it in the viewer.
 */
export function UseAsGeometryDialog({ item, onClose }: UseAsGeometryDialogProps) {
  const [typed, setTyped, search] = useSearch();
  const [chosen, setChosen] = useState<Model | null>(null);
  const name = useId();
  const scope = scopeOf(item);
  const models = useInfiniteQuery({
    queryKey: ['model-geometry', 'models', scope, search],
    queryFn: ({ pageParam }) => geometryApi.models(search, pageParam, scope),
    initialPageParam: 0,
    getNextPageParam: nextPage(MODEL_PAGE_SIZE),
  });
  const set = useMutation({ mutationFn: (model: Model) => geometryApi.setGeometry(model.id, item.id) });

  return (
    <Dialog title={GEOMETRY_TEXTS.asGeometryTitle(item.name)} onClose={onClose} width={560}>
      <div className="form geometry-dialog" data-testid="use-as-geometry-dialog">
        <p className="muted">{GEOMETRY_TEXTS.useAsIntro}</p>
        <Picker<Model>
          searchLabel={GEOMETRY_TEXTS.searchModels}
          searchId={`${name}-search`}
          typed={typed}
          onType={setTyped}
          label={GEOMETRY_TEXTS.modelsLabel}
          query={models}
          empty={GEOMETRY_TEXTS.noModels}
          searching={Boolean(search)}
          testId="geometry-models"
          renderRow={(model) => {
            const allowed = modelMenuRules(model.userRole ?? 'viewer').rename;
            return (
              <label key={model.id} className={`geometry-row${allowed ? '' : ' geometry-row-disabled'}`} data-testid="geometry-model" data-name={model.name}>
                <input type="radio" name={name} value={model.id} disabled={!allowed} checked={chosen?.id === model.id} onChange={() => setChosen(model)} />
                <span className="geometry-row-name">{model.name}</span>
                {!allowed && <span className="geometry-row-note">{GEOMETRY_TEXTS.modelNoRole}</span>}
              </label>
            );
          }}
        />
        <p className="geometry-done" role="status" data-testid="geometry-done">
          {set.isSuccess && (
            <>
              {GEOMETRY_TEXTS.doneFor(item.name, set.data.name)}{' '}
              <Link to={`/embed/${encodeURIComponent(set.data.id)}`} data-testid="geometry-viewer-link">
                {GEOMETRY_TEXTS.openViewer}
              </Link>
            </>
          )}
        </p>
        {set.isError && (
          <p className="form-error" role="alert" data-testid="geometry-error">
            {messageOf(set.error)}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {GEOMETRY_TEXTS.close}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!chosen || set.isPending}
            onClick={() => chosen && set.mutate(chosen)}
            data-testid="geometry-use-for-model"
          >
            {set.isPending ? GEOMETRY_TEXTS.saving : GEOMETRY_TEXTS.useForModel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
