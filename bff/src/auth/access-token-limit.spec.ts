import { HttpException } from '@nestjs/common';
import { ACCESS_TOKEN_MESSAGES } from '@kiln/domain';
import { AccessTokenLimiter } from './access-token-limit';
import { credentialFrom } from './session';

describe('an access token’s requests on one instance (ADR 0065)', () => {
  it('allows a burst up to the limit, then 429 with the sentence and when to retry, refilling evenly', () => {
    let now = 0;
    const limiter = new AccessTokenLimiter({ max: 3, windowSeconds: 60 }, () => now);
    for (let i = 0; i < 3; i++) limiter.take('a');
    const refused = (() => {
      try {
        limiter.take('a');
      } catch (error) {
        return error as HttpException;
      }
    })();
    expect(refused?.getStatus()).toBe(429);
    expect(refused?.getResponse()).toEqual({ statusCode: 429, message: ACCESS_TOKEN_MESSAGES.rateLimited, retryAfter: 20 });
    limiter.take('b'); // another token has its own bucket
    now = 20_000; // one request's worth refilled (3 a minute)
    expect(() => limiter.take('a')).not.toThrow();
    expect(() => limiter.take('a')).toThrow(HttpException);
  });
});

describe('one credential per request', () => {
  it('reads only the Authorization header when there is one, whatever cookie comes with it', () => {
    const cookie = 'kiln_session=s3ss10n';
    expect(credentialFrom({ cookie })).toEqual({ via: 'cookie', token: 's3ss10n' });
    expect(credentialFrom({ cookie, authorization: 'Bearer kiln_pat_x' })).toEqual({ via: 'bearer', token: 'kiln_pat_x' });
    expect(credentialFrom({ cookie, authorization: 'Basic dXNlcjpwYXNz' })).toBeNull();
    expect(credentialFrom({ cookie, authorization: '' })).toBeNull();
  });
});
