/** Plain values of the model contracts, without zod (see `@kiln/contracts/constants`); model.ts re-exports them. */

/** The longest model name; the spec names no limit or message, so both are ours (docs/adr/0012). */
export const MODEL_NAME_MAX_LENGTH = 200;
export const MODEL_NAME_TOO_LONG = `The name must be at most ${MODEL_NAME_MAX_LENGTH} characters.`;

export const MODEL_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;
export const DEFAULT_MODEL_SORT = 'updatedAt DESC';

export const MODEL_PAGE_SIZE = 20;

/**
 * A model's geometry (ADR 0054): it comes from a 3D object of the model's own scope (personal, team or
 * project). The service's sentences about it, and the embed page's.
 */
export const MODEL_GEOMETRY_MESSAGES = {
  noChange: 'You may not change this model.',
  object3dNotFound: '3D object not found.',
  otherScope: 'This 3D object is not in the same place as the model: choose a 3D object of its team or project, or of your own models.',
  noGeometry: 'This model has no geometry yet.',
  notReady: 'The 3D view of this model is not ready yet. Try again in a moment.',
  /** The embed page when the caller may not see the model, or it has nothing to show. */
  notAvailable: 'This model is not available.',
  notAvailableDetail: 'It may be private, deleted, or have no geometry yet. Ask its owner for a link with access.',
} as const;
