/** The spec's sentences of the team screens (spec 000 §5, spec 001 §2, §4, §5, §8). Validation texts come from @kiln/domain. */
export const TEAM_TEXTS = {
  noProjects: 'You don’t have projects',
  deleteWarning: 'Unexpected bad things will happen if you don’t read this!',
  unauthorizedTitle: 'Unauthorized',
  noAccess: 'You don’t have access to this team!',
  loadFailed: 'Something went wrong while fetching the team.',
} as const;

/** Spec 001 §5: the invite e-mail "must match a simple pattern" (the same pattern as the team aggregate's). */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
