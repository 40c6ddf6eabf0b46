export const DEVELOPERS = Symbol('Developers');

/** Who counts as a plugin developer for the publish rules (spec 001). */
export interface Developers {
  isDeveloper(userId: string): boolean;
}
