/** People's full names by id (the workspace keeps them); an unknown id is missing from the map. */
export interface People {
  /** `actorId`: who asks (the person reading the timeline). */
  fullNames(actorId: string, ids: string[]): Promise<Map<string, string>>;
}

export const PEOPLE = Symbol('People');

/** Spec 002 §8: "Unknown" for an unknown author. */
export const UNKNOWN_PERSON = 'Unknown';
