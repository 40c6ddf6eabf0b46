/** Plain values of the realtime contracts, without zod (see `@kiln/contracts/constants`); realtime.ts re-exports them. */

/** socket.io channels named by spec 000 §7. */
export const REALTIME_CHANNELS = [
  'workspace-team',
  'workspace-team-project',
  'workspace-team-member',
  'workspace-model',
  'workspace-component',
  // Fonts (spec 001 §4; ADR 0055).
  'workspace-font',
  // Images, vector graphics, 3D objects (spec 001 §4; ADR 0052): ASSET_ITEM_CHANNELS.
  'workspace-image',
  'workspace-resource-svg',
  'workspace-object-3-d',
  // Textures, texture associations, scenes (spec 001 §4; ADR 0061).
  'workspace-texture',
  'workspace-texture-association',
  'workspace-environment-map',
  'workspace-user-favorite',
  'workspace-shared-model',
  'user-notification',
  'business-catalog',
  'business-material',
  'business-service',
  'business-order',
  'business-quote',
  'bgpm-plugin-action',
  'bgpm-plugin-version',
  'bgpm-plugin-log',
] as const;
export type RealtimeChannel = (typeof REALTIME_CHANNELS)[number];

/** Reconnection settings of spec 000 §7: 1 s growing to 5 s, factor 0.5, timeout 20 s. */
export const REALTIME_CLIENT_OPTIONS = {
  transports: ['websocket', 'polling'],
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  timeout: 20000,
} as const;

/**
 * Catching up after the page loaded (ADR 0071): pushes reach only sockets already connected, so one emitted after
 * a page read its lists and before its socket was in its rooms is lost to it. On its first connection the page
 * sends its age (`auth[REALTIME_PAGE_AGE]`, ms since the page started: performance.now()); when a push went to one
 * of its rooms since then, the BFF sends it REALTIME_CATCH_UP (no data) once connected, and it fetches again what it
 * shows. Not a channel of spec 000 §7: a message of the connection itself.
 */
export const REALTIME_PAGE_AGE = 'pageAge';
export const REALTIME_CATCH_UP = 'kiln:catch-up';
