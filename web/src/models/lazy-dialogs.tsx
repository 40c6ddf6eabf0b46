import { lazyPart } from '../ui/lazy';

/**
 * The model dialogs are one chunk of their own (the name form brings react-hook-form): the list shows without
 * them, and they load when a button that opens one is pointed at or focused (docs/adr/0013).
 */
const load = () => import('./ModelDialogs');

export const ModelDialogSwitch = lazyPart(() => load().then((m) => m.ModelDialogSwitch));

/** Starts fetching the dialogs' chunk (once; later calls reuse it). */
export const preloadModelDialogs = ModelDialogSwitch.preload;
