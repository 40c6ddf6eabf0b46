/** Plain values of the component contracts, without zod (see `@kiln/contracts/constants`); component.ts re-exports them. */

/** Components are listed 20 at a time; a page of exactly 20 means there may be more (spec 001 §9). */
export const COMPONENT_PAGE_SIZE = 20;
/** The longest component name; the spec names none (docs/adr/0051). */
export const COMPONENT_NAME_MAX_LENGTH = 200;
export const COMPONENT_DESCRIPTION_MAX_LENGTH = 5000;
export const COMPONENT_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;

/** The service's sentences about components (spec 001 §8, §9). */
export const COMPONENT_MESSAGES = {
  notFound: 'Component not found.',
  nameTooLong: `The name must be at most ${COMPONENT_NAME_MAX_LENGTH} characters.`,
  noChange: 'You may not change this component.',
  projectNeedsTeam: 'A project component needs its team.',
} as const;

/** 'This component is used in the {n} model.' (spec 001 §9), with the count filled in. */
export const componentInUse = (count: number): string => `This component is used in the ${count} model.`;
