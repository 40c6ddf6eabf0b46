import { communityNameProblem, tagAddProblem } from '@kiln/domain';

/** The name's problems (spec 001 §5: 'Scene name is required', 'The name must be longer than 3 characters.'): the domain's rule. */
export function sceneNameProblems(name: string): string[] {
  const problem = communityNameProblem('environment-map', name);
  return problem ? [problem] : [];
}

/** A tag the field refuses, with its sentence (a case-insensitive duplicate: 'Duplicate tags are not allowed'): the domain's rule. */
export const refuseTag = (tags: readonly string[], tag: string): string | undefined => tagAddProblem(tags, tag) ?? undefined;
