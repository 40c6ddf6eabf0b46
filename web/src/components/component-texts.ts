import { TEAM_TEXTS } from '../teams/team-texts';

/** The components screen's texts (spec 001 §2, §8); the service's sentences are the contracts' COMPONENT_MESSAGES. */
export const COMPONENT_TEXTS = {
  empty: 'You don’t have components',
  newComponent: 'New Component',
  noRole: TEAM_TEXTS.ownersAndEditorsOnly,
} as const;
