export const MODERATORS = Symbol('Moderators');

/** Who moderates products: users listed in KILN_MODERATORS by id or e-mail (ADR 0022). */
export interface Moderators {
  isModerator(userId: string): Promise<boolean>;
}
