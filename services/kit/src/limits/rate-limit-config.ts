import { RateLimitRule } from '@kiln/domain';

const UNIT_SECONDS: Record<string, number> = {
  ...Object.fromEntries(['s', 'sec', 'second', 'seconds'].map((u) => [u, 1])),
  ...Object.fromEntries(['m', 'min', 'mins', 'minute', 'minutes'].map((u) => [u, 60])),
  ...Object.fromEntries(['h', 'hour', 'hours'].map((u) => [u, 3600])),
  ...Object.fromEntries(['d', 'day', 'days'].map((u) => [u, 86_400])),
};

/**
 * Reads a limit written for people: `20/hour`, `120/minute`, `10/15min`, `100/15m`, `5/30s`, `3/day`
 * (s, sec, m, min, h, d, and the words, singular or plural). A typo must stop the start, not silently lift the limit.
 */
export function parseRateLimit(text: string): RateLimitRule {
  const match = /^\s*(\d+)\s*\/\s*(\d+)?\s*([a-z]+)\s*$/i.exec(text);
  const unit = match && UNIT_SECONDS[match[3].toLowerCase()];
  const max = match ? Number(match[1]) : 0;
  const count = match?.[2] === undefined ? 1 : Number(match[2]);
  if (!unit || max < 1 || count < 1) throw new Error(`Not a rate limit: "${text}" (write it as <count>/<window>, e.g. 20/hour or 10/15min)`);
  return { max, windowSeconds: count * unit };
}

/** The limit named `name` in the environment (e.g. KILN_LIMIT_REGISTER_PER_ADDRESS=20/hour), or the default. */
export function readRateLimit(name: string, fallback: RateLimitRule, env: NodeJS.ProcessEnv = process.env): RateLimitRule {
  const text = env[name];
  if (text === undefined || text.trim() === '') return { ...fallback };
  try {
    return parseRateLimit(text);
  } catch (error) {
    throw new Error(`${name}: ${(error as Error).message}`);
  }
}
