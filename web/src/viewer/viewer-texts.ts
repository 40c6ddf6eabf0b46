/** The 3D viewer's sentences (ADR 0054); the spec names none. */
export const VIEWER_TEXTS = {
  loading: 'Loading the 3D view…',
  notFound: 'This 3D view is not available.',
  failed: 'The 3D view could not be loaded. Try again in a moment.',
  offline: 'The 3D view could not be loaded. Check your connection and try again.',
  unreadable: 'This file could not be shown in 3D: it is not a 3D model the viewer can read.',
  noWebgl: 'This browser cannot show 3D views (WebGL is turned off or not supported).',
  canvasLabel: '3D view. Drag to turn it, scroll or pinch to zoom, or use the buttons below.',
  toolbar: '3D view controls',
  fit: 'Fit to view',
  wireframe: 'Wireframe',
  chunkFailed: 'The 3D viewer could not be loaded. Check your connection and reload the page.',
  environmentLoading: (name: string) => `Lighting the model with ${name}…`,
  environmentFailed: 'The scene could not be loaded, so the model keeps the viewer’s own lights.',
  environmentOffline: 'The scene could not be loaded. Check your connection and try again.',
  environmentUnreadable: 'The scene’s environment image could not be read, so the model keeps the viewer’s own lights.',
} as const;
