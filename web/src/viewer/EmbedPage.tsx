import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { Model, ModelView } from '@kiln/contracts';
import { MODEL_GEOMETRY_MESSAGES } from '@kiln/contracts/constants';
import { ApiError, messageOf, request } from '../api/client';
import { addKnownMessages } from '../api/messages';
import { ModelSetupBar, useSetupModel } from '../model-geometry/ModelSetupBar';
import { environmentOf, SceneChooser, useChosenScene } from '../scenes/SceneChooser';
import { CubeIcon } from '../ui/icons';
import { LazyModelViewer } from './LazyModelViewer';
import { VIEWER_TEXTS } from './viewer-texts';
import './viewer.css';

addKnownMessages(Object.values(MODEL_GEOMETRY_MESSAGES));

const enc = encodeURIComponent;

/** When there is nothing to show: the same page whether the model is private, gone or has no geometry yet. */
function NotAvailable({ name }: { name?: string }) {
  return (
    <main className="embed-page embed-not-available" data-testid="embed-not-available">
      {body(name)}
    </main>
  );
}

function body(name?: string) {
  return (
    <>
      <div className="empty-art" aria-hidden="true">
        <CubeIcon size={44} />
      </div>
      <h1>{name ?? MODEL_GEOMETRY_MESSAGES.notAvailable}</h1>
      <p>{name ? MODEL_GEOMETRY_MESSAGES.noGeometry : MODEL_GEOMETRY_MESSAGES.notAvailableDetail}</p>
    </>
  );
}

/**
 * `/embed/{modelId}` (spec 000 §2, §9; ADR 0054): the model's geometry in the 3D viewer, the whole window, no
 * app shell, framable by any site. The caller's role or the model's 'Everyone' link decides (the BFF asks the
 * workspace); anyone else, and a model without geometry, gets the "not available" page and never the file.
 */
export function EmbedPage() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  // The signed-in caller's model at the top level: its setup bar (ADR 0054); inside another site's frame, none.
  const setup = useSetupModel(id);
  const [revision, setRevision] = useState(0);
  // The scene that lights the model (ADR 0063): this view's choice, kept in the address, for people with a role on it.
  const [params, setParams] = useSearchParams();
  const sceneId = setup.data ? params.get('scene') : null;
  const chosenScene = useChosenScene(sceneId);
  const chooseScene = (next: string | null) => setParams(next ? { scene: next } : {}, { replace: true });
  const onChanged = (model: Model) => {
    queryClient.setQueryData(['model-geometry', 'setup-model', id], (before: Model | null | undefined) => (before ? { ...before, ...model } : model));
    void queryClient.invalidateQueries({ queryKey: ['model-view', id] });
    setRevision((n) => n + 1);
  };
  const view = useQuery({
    queryKey: ['model-view', id],
    queryFn: () => request<ModelView>('GET', `/api/workspace/model/${enc(id)}/view`, { quiet401: true }),
    enabled: Boolean(id),
    retry: false,
  });
  // The bar, when there is one, comes with the page (the viewer is not mounted twice).
  if (view.isPending || (setup.isPending && setup.fetchStatus !== 'idle'))
    return (
      <main className="embed-page">
        <p className="model-viewer-message" role="status">
          {VIEWER_TEXTS.loading}
        </p>
      </main>
    );
  if (view.isError) {
    if (view.error instanceof ApiError && view.error.status === 404) return <NotAvailable />;
    return (
      <main className="embed-page">
        <p className="model-viewer-message" role="alert">
          {VIEWER_TEXTS.failed}
        </p>
      </main>
    );
  }
  if (setup.data) {
    // People with a role on the model, outside any frame: the bar with its name, Geometry and Components, then the view.
    return (
      <main className="embed-page embed-page-setup" data-testid={view.data.hasGeometry ? 'embed-page' : 'embed-not-available'}>
        <ModelSetupBar model={setup.data} onChanged={onChanged}>
          <SceneChooser scope={setup.data} value={sceneId} chosen={chosenScene.data} onChange={chooseScene} />
        </ModelSetupBar>
        {chosenScene.isError && (
          <p className="form-error embed-scene-error" role="alert" data-testid="viewer-scene-error">
            {messageOf(chosenScene.error)}
          </p>
        )}
        {view.data.hasGeometry ? (
          <LazyModelViewer
            key={revision}
            src={`/api/workspace/model/${enc(id)}/geometry`}
            title={view.data.name}
            fullWindow
            retryWhile={MODEL_GEOMETRY_MESSAGES.notReady}
            environment={chosenScene.data ? environmentOf(chosenScene.data) : null}
          />
        ) : (
          <div className="embed-not-available embed-setup-empty">
            <div className="empty-art" aria-hidden="true">
              <CubeIcon size={44} />
            </div>
            <p>{MODEL_GEOMETRY_MESSAGES.noGeometry}</p>
          </div>
        )}
      </main>
    );
  }
  if (!view.data.hasGeometry) return <NotAvailable name={view.data.name} />;
  return (
    <main className="embed-page" data-testid="embed-page">
      <h1 className="embed-title" data-testid="embed-title">
        {view.data.name}
      </h1>
      <LazyModelViewer src={`/api/workspace/model/${enc(id)}/geometry`} title={view.data.name} fullWindow retryWhile={MODEL_GEOMETRY_MESSAGES.notReady} />
    </main>
  );
}

export default EmbedPage;
