import { clientAddressKey, LOGIN_RATE_LIMIT, RateLimitRule, REGISTRATION_RATE_LIMIT } from '@kiln/domain';
import { RateLimiter, readRateLimit } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA } from '../database.types';

export interface AuthLimits {
  loginFailuresPerEmailAndAddress: RateLimitRule;
  loginFailuresPerAddress: RateLimitRule;
  registrationsPerAddress: RateLimitRule;
}

/** The sign-in and sign-up limits: the domain's defaults unless the environment says otherwise. */
export function readAuthLimits(env: NodeJS.ProcessEnv = process.env): AuthLimits {
  return {
    loginFailuresPerEmailAndAddress: readRateLimit('KILN_LIMIT_LOGIN_FAILURES_PER_EMAIL_AND_ADDRESS', LOGIN_RATE_LIMIT.perEmailAndAddress, env),
    loginFailuresPerAddress: readRateLimit('KILN_LIMIT_LOGIN_FAILURES_PER_ADDRESS', LOGIN_RATE_LIMIT.perAddress, env),
    registrationsPerAddress: readRateLimit('KILN_LIMIT_REGISTER_PER_ADDRESS', REGISTRATION_RATE_LIMIT.perAddress, env),
  };
}

/** Counts one sign-up from a client address (an IPv6 one by its /64); 429 with Retry-After past KILN_LIMIT_REGISTER_PER_ADDRESS. */
export function limitRegistration(db: Kysely<any>, ip: string, rule: RateLimitRule): Promise<unknown> {
  return new RateLimiter(db, SCHEMA).hit(`register:${clientAddressKey(ip)}`, rule);
}
