import { useId, useState } from 'react';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { AssetItem, Model } from '@kiln/contracts';
import { ASSET_ITEM_PAGE_SIZE } from '@kiln/contracts/constants';
import { messageOf } from '../api/client';
import { assetItemsApi } from '../assets/asset-items-api';
import { UploadDropzone, UploadNotice, useUploads } from '../assets/upload';
import { Dialog } from '../ui/Dialog';
import { geometryApi, scopeOf } from './geometry-api';
import { GEOMETRY_TEXTS } from './geometry-texts';
import { nextPage, Picker, useSearch } from './picker';
import './model-geometry.css';

export interface ModelGeometryDialogProps {
  model: Pick<Model, 'id' | 'name' | 'teamId' | 'projectId' | 'geometry'>;
  onClose: () => void;
  /** After the geometry changed (the viewer shows the new one). */
  onChanged: (model: Model) => void;
}

/**
 * A model's geometry (ADR 0054), for those who may change the model: choose a 3D object of its scope, upload a new
 * one (it becomes a 3D object of the scope, then the geometry), or remove it. The service decides; its sentence shows.
 */
export function ModelGeometryDialog({ model, onClose, onChanged }: ModelGeometryDialogProps) {
  const [typed, setTyped, search] = useSearch();
  const [chosen, setChosen] = useState<string | null>(null);
  const [current, setCurrent] = useState(model.geometry?.object3dId ?? null);
  const [done, setDone] = useState<string>();
  const name = useId();
  const scope = scopeOf(model);
  const objects = useInfiniteQuery({
    queryKey: ['model-geometry', 'objects', scope, search],
    queryFn: ({ pageParam }) => geometryApi.objects(search, pageParam, scope),
    initialPageParam: 0,
    getNextPageParam: nextPage(ASSET_ITEM_PAGE_SIZE),
  });
  const names = new Map((objects.data?.pages ?? []).flatMap((page) => page.data.map((item) => [item.id, item.name] as const)));
  const changed = (answer: Model, said: string) => {
    setCurrent(answer.geometry?.object3dId ?? null);
    setDone(said);
    onChanged(answer);
  };
  const set = useMutation({
    mutationFn: (object3dId: string | null) => geometryApi.setGeometry(model.id, object3dId),
    onSuccess: (answer, object3dId) => changed(answer, object3dId ? GEOMETRY_TEXTS.set(names.get(object3dId) ?? '') : GEOMETRY_TEXTS.removed),
  });
  const uploads = useUploads({
    kind: 'object3d',
    onStored: async (media) => {
      const item: AssetItem = await assetItemsApi.create('object3d', media.id, scope);
      const answer = await geometryApi.setGeometry(model.id, item.id);
      changed(answer, GEOMETRY_TEXTS.set(item.name));
    },
    onSettled: () => void objects.refetch(),
  });

  return (
    <Dialog title={GEOMETRY_TEXTS.geometryTitle(model.name)} onClose={onClose} width={560}>
      <div className="form geometry-dialog" data-testid="model-geometry-dialog">
        <p className="muted">{GEOMETRY_TEXTS.geometryIntro}</p>
        <Picker<AssetItem>
          searchLabel={GEOMETRY_TEXTS.searchObjects}
          searchId={`${name}-search`}
          typed={typed}
          onType={setTyped}
          label={GEOMETRY_TEXTS.objectsLabel}
          query={objects}
          empty={GEOMETRY_TEXTS.noObjects}
          searching={Boolean(search)}
          testId="geometry-objects"
          renderRow={(item) => (
            <label key={item.id} className="geometry-row" data-testid="geometry-object" data-name={item.name}>
              <input type="radio" name={name} value={item.id} checked={chosen === item.id} onChange={() => setChosen(item.id)} />
              <span className="geometry-row-name">{item.name}</span>
              {current === item.id && <span className="geometry-row-note">{GEOMETRY_TEXTS.current}</span>}
            </label>
          )}
        />
        <div className="geometry-actions">
          <button
            type="button"
            className="btn btn-primary"
            disabled={!chosen || set.isPending}
            onClick={() => chosen && set.mutate(chosen)}
            data-testid="geometry-use"
          >
            {set.isPending ? GEOMETRY_TEXTS.saving : GEOMETRY_TEXTS.useObject}
          </button>
          {current && (
            <button type="button" className="btn btn-ghost" disabled={set.isPending} onClick={() => set.mutate(null)} data-testid="geometry-remove">
              {GEOMETRY_TEXTS.remove}
            </button>
          )}
        </div>
        <p className="geometry-upload-intro">{GEOMETRY_TEXTS.uploadIntro}</p>
        {/* One file: it becomes the geometry. */}
        <UploadDropzone kind="object3d" onFiles={(files, via) => uploads.add(files.slice(0, 1), via)} addLabel={GEOMETRY_TEXTS.upload} compact />
        <UploadNotice entries={uploads.entries} summary={uploads.summary} onClose={uploads.clear} />
        <p className="geometry-done" role="status" data-testid="geometry-done">
          {done}
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
        </div>
      </div>
    </Dialog>
  );
}
