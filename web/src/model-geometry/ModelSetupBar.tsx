import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Model } from '@kiln/contracts';
import { modelMenuRules } from '@kiln/domain';
import { request } from '../api/client';
import { preloadOn } from '../ui/lazy';
import { GEOMETRY_TEXTS } from './geometry-texts';
import { LazyDialog, ModelComponentsDialog, ModelGeometryDialog, preloadGeometryDialogs } from './lazy-dialogs';

const inFrame = () => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

/**
 * The signed-in caller's model, for the viewer page's setup bar: asked only at the top level (never inside another
 * site's frame) and quietly (an anonymous visitor's 401 is not a signed-out session). Null when there is none.
 */
export function useSetupModel(id: string) {
  const [framed] = useState(inFrame);
  return useQuery({
    queryKey: ['model-geometry', 'setup-model', id],
    queryFn: () => request<Model>('GET', `/api/workspace/model/${encodeURIComponent(id)}`, { quiet401: true }).catch(() => null),
    enabled: Boolean(id) && !framed,
    retry: false,
  });
}

/**
 * The viewer page's bar (ADR 0054): the model's name and its Geometry and Components, enabled for the roles that may
 * change the model (`model.rename`'s rule: not a viewer, nor an inspector in the menu's rules); the service refuses
 * the others anyway.
 */
export function ModelSetupBar({ model, onChanged, children }: { model: Model; onChanged: (model: Model) => void; children?: ReactNode }) {
  const [open, setOpen] = useState<'geometry' | 'components' | null>(null);
  const allowed = modelMenuRules(model.userRole ?? 'viewer').rename;
  const title = allowed ? undefined : GEOMETRY_TEXTS.noRole;
  return (
    <header className="embed-setup" data-testid="model-setup">
      <h1 data-testid="embed-title">{model.name}</h1>
      <div className="embed-setup-actions" role="group" aria-label={GEOMETRY_TEXTS.setupLabel}>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={!allowed}
          title={title}
          onClick={() => setOpen('geometry')}
          data-testid="model-setup-geometry"
          {...preloadOn(preloadGeometryDialogs)}
        >
          {GEOMETRY_TEXTS.geometry}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={!allowed}
          title={title}
          onClick={() => setOpen('components')}
          data-testid="model-setup-components"
          {...preloadOn(preloadGeometryDialogs)}
        >
          {GEOMETRY_TEXTS.components}
        </button>
      </div>
      {/* What changes only this view, for every role (the scene that lights the model, ADR 0063). */}
      {children}
      {!allowed && (
        <p className="muted embed-setup-note" data-testid="model-setup-note">
          {GEOMETRY_TEXTS.noRole}.
        </p>
      )}
      {open === 'geometry' && (
        <LazyDialog title={GEOMETRY_TEXTS.geometryTitle(model.name)} onClose={() => setOpen(null)}>
          <ModelGeometryDialog model={model} onClose={() => setOpen(null)} onChanged={onChanged} />
        </LazyDialog>
      )}
      {open === 'components' && (
        <LazyDialog title={GEOMETRY_TEXTS.componentsTitle(model.name)} onClose={() => setOpen(null)}>
          <ModelComponentsDialog model={model} onClose={() => setOpen(null)} />
        </LazyDialog>
      )}
    </header>
  );
}
