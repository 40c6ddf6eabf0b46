import { COMMON_MESSAGES } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDatabase, limitCommandsPerUser, migrateSchema, parseRateLimit, RateLimiter, readRateLimit, toErrorBody } from '../src';

/**
 * The kit's rate limiter against the running Postgres, as two service instances would use it: two
 * separate pools on one schema, hit in parallel.
 */
const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCHEMA = 'kit_limits';

const withDatabase = (url: string, database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();
async function admin(query: string) {
  const client = new Client({ connectionString: withDatabase(BASE_DATABASE_URL, 'postgres') });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

const aBucket = () => `commands:${randomBytes(6).toString('hex')}`;

/**
 * A window length (about an hour) whose current window still has more than half its length to run, so
 * no window ends while a test counts, and the wait it announces is known to within the test's duration.
 */
function aWindowWithTimeLeft(): { windowSeconds: number; secondsLeft: number } {
  const now = Math.floor(Date.now() / 1000);
  for (let windowSeconds = 3600; ; windowSeconds++) {
    const secondsLeft = windowSeconds - (now % windowSeconds);
    if (secondsLeft > windowSeconds / 2) return { windowSeconds, secondsLeft };
  }
}

/** Runs `hit` and answers the hits count, or the error body when it was refused. */
const outcome = (hit: Promise<{ hits: number }>) =>
  hit.then(
    ({ hits }) => ({ hits }),
    (error) => ({ refused: error instanceof DomainError ? toErrorBody(error) : error }),
  );

describe('service kit: rate limits', () => {
  describe('configuration', () => {
    it.each([
      ['20/hour', { max: 20, windowSeconds: 3600 }],
      ['120/minute', { max: 120, windowSeconds: 60 }],
      ['10/15min', { max: 10, windowSeconds: 900 }],
      ['100 / 15 minutes', { max: 100, windowSeconds: 900 }],
      ['5/30s', { max: 5, windowSeconds: 30 }],
      ['3/day', { max: 3, windowSeconds: 86_400 }],
      ['7/2h', { max: 7, windowSeconds: 7200 }],
    ])('reads %j', (text, rule) => {
      expect(parseRateLimit(text)).toEqual(rule);
    });

    it.each(['', '20', 'twenty/hour', '0/hour', '20/0min', '20/fortnight', '5/ms', '-1/hour'])('refuses %j instead of lifting the limit', (text) => {
      expect(() => parseRateLimit(text)).toThrow(/Not a rate limit/);
    });

    it('reads a limit from the environment, or else the default', () => {
      const fallback = { max: 120, windowSeconds: 60 };
      expect(readRateLimit('KILN_LIMIT_X', fallback, {})).toEqual(fallback);
      expect(readRateLimit('KILN_LIMIT_X', fallback, { KILN_LIMIT_X: '3/minute' })).toEqual({ max: 3, windowSeconds: 60 });
      expect(() => readRateLimit('KILN_LIMIT_X', fallback, { KILN_LIMIT_X: 'lots' })).toThrow(/KILN_LIMIT_X/);
    });
  });

  describe('counting in Postgres, shared by two instances', () => {
    const database = `kiln_medium_${randomBytes(6).toString('hex')}`;
    let first: Kysely<any>;
    let second: Kysely<any>;
    let instances: RateLimiter[];

    beforeAll(async () => {
      await admin(`CREATE DATABASE "${database}"`);
      first = createDatabase(withDatabase(BASE_DATABASE_URL, database), { max: 10 }).db;
      second = createDatabase(withDatabase(BASE_DATABASE_URL, database), { max: 10 }).db;
      await migrateSchema(first, SCHEMA, {});
      instances = [new RateLimiter(first, SCHEMA), new RateLimiter(second, SCHEMA)];
    });

    afterAll(async () => {
      await first?.destroy().catch(() => undefined);
      await second?.destroy().catch(() => undefined);
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    });

    it('counts 60 parallel hits on two instances exactly once each', async () => {
      const bucket = aBucket();
      const rule = { max: 1000, windowSeconds: aWindowWithTimeLeft().windowSeconds };
      const hits = await Promise.all(Array.from({ length: 60 }, (_, i) => instances[i % 2].hit(bucket, rule)));

      expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    });

    it('lets exactly max of 40 parallel hits through and answers the others 429 with the wait until the window ends', async () => {
      const bucket = aBucket();
      const { windowSeconds, secondsLeft } = aWindowWithTimeLeft();
      const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => outcome(instances[i % 2].hit(bucket, { max: 10, windowSeconds }))));

      const passed = outcomes.filter((o) => 'hits' in o);
      const refused = outcomes.flatMap((o) => ('refused' in o ? [o.refused] : []));
      expect(passed).toHaveLength(10);
      expect(refused).toHaveLength(30);
      for (const body of refused) expect(body).toEqual({ statusCode: 429, message: COMMON_MESSAGES.tooManyRequests, retryAfter: expect.any(Number) });
      for (const body of refused) {
        expect(body.retryAfter).toBeLessThanOrEqual(secondsLeft + 1);
        expect(body.retryAfter).toBeGreaterThanOrEqual(secondsLeft - 5);
      }
    });

    it('keeps refusing in the same window, whichever instance is asked, and counts each bucket on its own', async () => {
      const bucket = aBucket();
      const rule = { max: 2, windowSeconds: aWindowWithTimeLeft().windowSeconds };
      await instances[0].hit(bucket, rule);
      await instances[1].hit(bucket, rule);

      await expect(instances[0].hit(bucket, rule, 'Slow down.')).rejects.toMatchObject({ kind: 'rate-limited', message: 'Slow down.' });
      await expect(instances[1].hit(bucket, rule)).rejects.toMatchObject({ kind: 'rate-limited', retryAfter: expect.any(Number) });
      await expect(instances[1].hit(aBucket(), rule)).resolves.toMatchObject({ hits: 1 });
    });

    it('limits commands per person through the beforeCommand hook, read from KILN_LIMIT_COMMANDS_PER_USER', async () => {
      const { windowSeconds } = aWindowWithTimeLeft();
      const hook = limitCommandsPerUser(
        readRateLimit('KILN_LIMIT_COMMANDS_PER_USER', { max: 120, windowSeconds: 60 }, { KILN_LIMIT_COMMANDS_PER_USER: `3/${windowSeconds}s` }),
      );
      const runtimes = [first, second].map((db) => ({ db, definition: { schema: SCHEMA } }));
      const alice = { actor: { userId: randomBytes(12).toString('hex') } };
      const bob = { actor: { userId: randomBytes(12).toString('hex') } };

      const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => outcome(hook(runtimes[i % 2], alice).then(() => ({ hits: 0 })))));

      expect(outcomes.filter((o) => 'hits' in o)).toHaveLength(3);
      expect(outcomes.filter((o) => 'refused' in o)[0]).toEqual({
        refused: { statusCode: 429, message: COMMON_MESSAGES.tooManyRequests, retryAfter: expect.any(Number) },
      });
      await expect(hook(runtimes[0], bob)).resolves.toBeUndefined();
      await expect(hook(runtimes[0], {})).resolves.toBeUndefined();
    });

    it('counts a hit with a named statement Postgres plans once per connection; in a transaction, as a plain one', async () => {
      const { db, pool } = createDatabase(withDatabase(BASE_DATABASE_URL, database), { max: 1 });
      try {
        const rule = { max: 100, ...aWindowWithTimeLeft() };
        const bucket = aBucket();
        for (let i = 1; i <= 7; i++) expect((await new RateLimiter(db, SCHEMA).hit(bucket, rule)).hits).toBe(i);
        const { rows } = await pool.query<{ generic_plans: number }>(`SELECT generic_plans FROM pg_prepared_statements WHERE statement LIKE '%rate_limits%'`);
        expect(rows.map((row) => row.generic_plans > 0)).toEqual([true]);
        // A transaction's statements stay its own (same connection, same snapshot): no named statement there.
        await db.transaction().execute(async (trx) => expect((await new RateLimiter(trx, SCHEMA).hit(bucket, rule)).hits).toBe(8));
      } finally {
        await db.destroy();
      }
    });
  });
});
