import { LOGIN_RATE_LIMIT, RateLimitRule, REGISTRATION_RATE_LIMIT } from '@kiln/domain';
import { readRateLimit } from '@kiln/service-kit';

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
