import { COMMAND_RATE_LIMIT, RateLimitRule } from '@kiln/domain';

import { readRateLimit } from './rate-limit-config';
import { RateLimiter } from './rate-limiter';
import { AnyDb } from '../db/any-schema';

/** Each person's commands, counted across every instance of the service. */
export const commandBucket = (userId: string) => `commands:${userId}`;

/**
 * The hook for `ServiceDefinition.beforeCommand`: every command counts against its caller's limit
 * (KILN_LIMIT_COMMANDS_PER_USER, default 120/minute), and the one past it is refused with 429 and
 * Retry-After. The limit is read when the service module is defined.
 */
export function limitCommandsPerUser(rule: RateLimitRule = readRateLimit('KILN_LIMIT_COMMANDS_PER_USER', COMMAND_RATE_LIMIT.perUser)) {
  return async (runtime: { db: AnyDb; definition: { schema: string } }, request: { actor?: { userId: string } }): Promise<void> => {
    if (!request.actor) return;
    await new RateLimiter(runtime.db, runtime.definition.schema).hit(commandBucket(request.actor.userId), rule);
  };
}
