import { lazyPart } from '../ui/lazy';

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

export { LazyDialog } from '../ui/LazyFallbacks';
