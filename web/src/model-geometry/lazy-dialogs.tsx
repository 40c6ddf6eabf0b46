import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { lazyPart } from '../ui/lazy';
import { DialogLoadFailed, DialogLoading } from '../ui/LazyFallbacks';

/**
 * The dialogs that choose a model's geometry and components (ADR 0054) are a chunk of their own: neither the first
 * load of `/` nor the libraries and the viewer carry them until one is opened (or pointed at).
 */
const load = () => import('./geometry-dialogs');

export const ModelGeometryDialog = lazyPart(() => load().then((m) => m.ModelGeometryDialog));
export const ModelComponentsDialog = lazyPart(() => load().then((m) => m.ModelComponentsDialog));
export const UseAsGeometryDialog = lazyPart(() => load().then((m) => m.UseAsGeometryDialog));

/** Starts fetching the dialogs' chunk. */
export const preloadGeometryDialogs = ModelGeometryDialog.preload;

/** A lazy dialog with its loading and failure states (a failed chunk says so in a dialog that closes). */
export function LazyDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={<DialogLoadFailed title={title} onClose={onClose} />}>
      <Suspense fallback={<DialogLoading />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
