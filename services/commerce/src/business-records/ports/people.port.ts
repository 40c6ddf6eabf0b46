/** People's full names by id (the workspace keeps them); an unknown id is missing from the map. */
export interface People {
  /** `actorId`: who asks (the person reading the timeline). */
  fullNames(actorId: string, ids: string[]): Promise<Map<string, string>>;
}

export const PEOPLE = Symbol('People');

/**
 * Who made a fact without an account (a customer answering a quotation on its link, ADR 0057): the facts keep
 * no actor; the timeline shows this id (no person has it) and name.
 */
export const NO_ACCOUNT = { id: '000000000000000000000000', fullName: 'The customer' } as const;

/** Spec 002 §8: "Unknown" for an unknown author. */
export const UNKNOWN_PERSON = 'Unknown';
