import { Suspense } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import type { TextureSphereProps } from './TextureSphere';
import { TEXTURE_SPHERE_TEXTS } from './texture-sphere-parts';

/** The sphere preview and three.js, a chunk of their own (the first load of `/` never carries them; docs/adr/0047, 0062). */
const Sphere = lazyPart(() => import('./TextureSphere').then((m) => m.default));

/** Starts fetching the sphere's chunk (the editor's route, a pointer over 'Create new'). */
export const preloadTextureSphere = Sphere.preload;

/** The texture's 3D sphere preview anywhere (the texture editor; the materials' texture mode may show it too). */
export function LazyTextureSphere(props: TextureSphereProps) {
  return (
    <ErrorBoundary
      fallback={
        <p className="form-error" role="alert">
          {TEXTURE_SPHERE_TEXTS.chunkFailed}
        </p>
      }
    >
      <Suspense
        fallback={
          <p className="texture-sphere--none muted" role="status">
            {TEXTURE_SPHERE_TEXTS.loading}
          </p>
        }
      >
        <Sphere {...props} />
      </Suspense>
    </ErrorBoundary>
  );
}
