import { Suspense } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import type { ModelViewerProps } from './ModelViewer';
import { VIEWER_TEXTS } from './viewer-texts';

/** The viewer and three.js, a chunk of their own (the first load of `/` never carries them; docs/adr/0047, 0054). */
const Viewer = lazyPart(() => import('./ModelViewer').then((m) => m.ModelViewer));

/** Starts fetching the viewer's chunk (on a pointer over, or focus on, what opens it). */
export const preloadModelViewer = Viewer.preload;

/**
 * The 3D viewer to use anywhere (the 3D objects library, the embed page): `<LazyModelViewer src=… />`, the
 * address of a glb. Until its chunk is there it says it is loading; a chunk that cannot be fetched says so.
 */
export function LazyModelViewer(props: ModelViewerProps) {
  return (
    <ErrorBoundary
      fallback={
        <p className="model-viewer-message" role="alert">
          {VIEWER_TEXTS.chunkFailed}
        </p>
      }
    >
      <Suspense
        fallback={
          <p className="model-viewer-message" role="status">
            {VIEWER_TEXTS.loading}
          </p>
        }
      >
        <Viewer {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
