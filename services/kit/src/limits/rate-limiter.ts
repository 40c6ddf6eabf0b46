import { COMMON_MESSAGES } from '@kiln/contracts';
import { DomainError, RateLimitRule } from '@kiln/domain';
import { sql } from 'kysely';
import { executeNamed } from '../db/prepared';
import { AnyDb } from '../db/any-schema';

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the service's `rate_limits` table (kit migration 0003), so every instance of
 * the service counts into the same buckets. Each hit is one atomic upsert: parallel hits are counted
 * exactly, whichever instance receives them. Old windows are deleted by the kit's scheduled pruning.
 */
export class RateLimiter {
  constructor(
    private readonly db: AnyDb,
    private readonly schema: string,
  ) {}

  /**
   * Counts one hit in `bucket` (e.g. `commands:<userId>`) and throws DomainError 'rate-limited' (429,
   * with retryAfter) when the window already holds `rule.max` hits. Refused hits count too; they cannot
   * prolong the wait, which ends with the window.
   */
  async hit(bucket: string, rule: RateLimitRule, message: string = COMMON_MESSAGES.tooManyRequests): Promise<RateLimitHit> {
    const window = rule.windowSeconds;
    // The clock is the database's: instances with skewed clocks still share one window.
    // A named statement: one per command, planned once per connection.
    const rows = await executeNamed<{ hits: number; retry_after: number }>(
      this.db,
      sql`
      INSERT INTO ${sql.table(`${this.schema}.rate_limits`)} AS r (bucket, window_start, hits)
      VALUES (${bucket}, to_timestamp(floor(extract(epoch FROM now()) / ${window}::int) * ${window}::int), 1)
      ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
      RETURNING r.hits, extract(epoch FROM r.window_start + make_interval(secs => ${window}::int) - now())::float8 AS retry_after`.compile(this.db),
    );
    const hit = { hits: rows[0].hits, retryAfterSeconds: Math.max(1, Math.ceil(rows[0].retry_after)) };
    if (hit.hits > rule.max) throw new DomainError('rate-limited', message, undefined, hit.retryAfterSeconds);
    return hit;
  }
}
