import { lazyPart } from '../ui/lazy';

/**
 * The model dialogs are one chunk of their own (the name form brings react-hook-form): the list shows without
 * them, and they load when a button that opens one is pointed at or focused (docs/adr/0013).
 */
const load = () => import('./ModelDialogs');

export const NewModelDialog = lazyPart(() => load().then((m) => m.NewModelDialog));
export const ModelNameDialog = lazyPart(() => load().then((m) => m.ModelNameDialog));
export const DeleteModelDialog = lazyPart(() => load().then((m) => m.DeleteModelDialog));
export const ShareModelDialog = lazyPart(() => load().then((m) => m.ShareModelDialog));
export const EmbedCodeDialog = lazyPart(() => load().then((m) => m.EmbedCodeDialog));
export const DuplicateModelDialog = lazyPart(() => load().then((m) => m.DuplicateModelDialog));
export const LeaveSharedModelDialog = lazyPart(() => load().then((m) => m.LeaveSharedModelDialog));

/** Starts fetching the dialogs' chunk (once; later calls reuse it). */
export const preloadModelDialogs = NewModelDialog.preload;
