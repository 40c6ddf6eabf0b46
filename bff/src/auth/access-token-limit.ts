import { HttpException } from '@nestjs/common';
import { ACCESS_TOKEN_MESSAGES, RateLimitRule } from '@kiln/domain';

/**
 * Requests made with access tokens, one token bucket per token on this instance (`KILN_LIMIT_ACCESS_TOKEN_REQUESTS`,
 * e.g. `600/minute`): a bucket holds `max` requests and refills evenly over the window. Past it, 429 with a
 * sentence and Retry-After. In memory on purpose: no round trip per request; behind N instances a token may
 * make up to N times the limit (ADR 0065). Session requests have their own limits in the services.
 */
export class AccessTokenLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
    private readonly maxBuckets = 10_000,
  ) {}

  /** Takes one request from the token's bucket, or throws the 429. */
  take(tokenId: string): void {
    const now = this.now();
    const perMs = this.rule.max / (this.rule.windowSeconds * 1000);
    const bucket = this.buckets.get(tokenId) ?? { tokens: this.rule.max, at: now };
    bucket.tokens = Math.min(this.rule.max, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    this.buckets.delete(tokenId);
    this.buckets.set(tokenId, bucket);
    // The least recently used buckets go first; a forgotten one starts full again, never emptier.
    while (this.buckets.size > this.maxBuckets) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens < 1) {
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
      throw new HttpException({ statusCode: 429, message: ACCESS_TOKEN_MESSAGES.rateLimited, retryAfter }, 429);
    }
    bucket.tokens -= 1;
  }
}
