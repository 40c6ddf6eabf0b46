import { Suspense } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import type { ScenePreviewProps } from './ScenePreview';
import { SCENE_TEXTS } from './scene-texts';

/** The editor's 3D preview and three.js: a chunk of their own, shared with the viewer's (ADR 0063). */
const Preview = lazyPart(() => import('./ScenePreview').then((m) => m.ScenePreview));

export function LazyScenePreview(props: ScenePreviewProps) {
  return (
    <ErrorBoundary
      fallback={
        <p className="scene-preview-message" role="alert">
          {SCENE_TEXTS.previewChunkFailed}
        </p>
      }
    >
      <Suspense
        fallback={
          <p className="scene-preview-message" role="status">
            {SCENE_TEXTS.previewLoading}
          </p>
        }
      >
        <Preview {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
