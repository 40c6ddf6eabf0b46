/** At most `max` counted events per `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Failed sign-ins allowed in a window before sign-in is refused for a while: per e-mail (guessing one
 * account's password) and per client address (trying many accounts). These are the defaults; the
 * service reads overrides from its configuration.
 */
export const LOGIN_RATE_LIMIT = {
  perEmail: { max: 10, windowSeconds: 15 * 60 },
  perAddress: { max: 100, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** Sign-ups allowed per client address (one address creating accounts in bulk). */
export const REGISTRATION_RATE_LIMIT = { perAddress: { max: 20, windowSeconds: 60 * 60 } } as const satisfies Record<string, RateLimitRule>;

/** Commands (creates, renames, deletes...) one person may send. */
export const COMMAND_RATE_LIMIT = { perUser: { max: 120, windowSeconds: 60 } } as const satisfies Record<string, RateLimitRule>;

/**
 * The sliding-window verdict on the next attempt, given the times of the attempts already counted
 * (any order): refused while `max` of them lie within the window, until the oldest of the latest `max`
 * leaves it.
 */
export function slidingWindowVerdict(counted: Date[], rule: RateLimitRule, now: Date): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
  const windowMs = rule.windowSeconds * 1000;
  const inWindow = counted.map((d) => d.getTime()).filter((t) => t > now.getTime() - windowMs).sort((a, b) => b - a);
  if (inWindow.length < rule.max) return { allowed: true };
  const freesAt = inWindow[rule.max - 1] + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) };
}
