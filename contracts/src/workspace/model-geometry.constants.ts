/** Plain values of a model's geometry (ADR 0054), without zod (see `@kiln/contracts/constants`); model.ts re-exports them. */

/**
 * A model's geometry (ADR 0054): it comes from a 3D object of the model's own scope (personal, team or
 * project). The service's sentences about it, and the embed page's (an unknown 3D object is the asset items'
 * own 'not found', a refusal to change the model the model's).
 */
export const MODEL_GEOMETRY_MESSAGES = {
  otherScope: 'This 3D object is not in the same place as the model: choose a 3D object of its team or project, or of your own models.',
  noGeometry: 'This model has no geometry yet.',
  notReady: 'The 3D view of this model is not ready yet. Try again in a moment.',
  /** The embed page when the caller may not see the model, or it has nothing to show. */
  notAvailable: 'This model is not available.',
  notAvailableDetail: 'It may be private, deleted, or have no geometry yet. Ask its owner for a link with access.',
} as const;

/** The components a model uses (ADR 0054, 0051): the service's sentences (an unknown one is the components' own 'not found'). */
export const MODEL_COMPONENT_MESSAGES = {
  otherScope: 'This component is not in the same place as the model: choose components of its team or project, or of your own models.',
  tooMany: 'A model can use at most 100 components.',
} as const;
/** The most components one model records as used. */
export const MODEL_COMPONENTS_MAX = 100;
