import { COMMON_MESSAGES } from '@kiln/contracts/constants';
import { TEAM_MESSAGES } from '@kiln/domain';

/** The spec's sentences of the team screens (spec 000 §5, spec 001 §2, §4, §5, §8). Validation texts come from @kiln/domain. */
export const TEAM_TEXTS = {
  noProjects: 'You don’t have projects',
  deleteWarning: COMMON_MESSAGES.deleteWarning,
  unauthorizedTitle: 'Unauthorized',
  noAccess: TEAM_MESSAGES.noAccess,
  loadFailed: 'Something went wrong while fetching the team.',
  /** Why a team's change button is disabled for a viewer (ours: components, asset libraries). */
  ownersAndEditorsOnly: 'Only owners and editors of the team may do this',
} as const;

/** Spec 001 §5: the invite e-mail "must match a simple pattern" (the same pattern as the team aggregate's). */
export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
