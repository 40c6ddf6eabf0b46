/** At most `max` counted events per `windowSeconds`. */
export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Failed sign-ins allowed in a window before sign-in is refused for a while: per e-mail and client address
 * (guessing one account's password from one place) and per client address (trying many accounts). Not per
 * e-mail alone: anyone could then lock a known e-mail's owner out (ADR 0042). These are the defaults; the
 * service reads overrides from its configuration.
 */
export const LOGIN_RATE_LIMIT = {
  perEmailAndAddress: { max: 10, windowSeconds: 15 * 60 },
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
  const inWindow = counted
    .map((d) => d.getTime())
    .filter((t) => t > now.getTime() - windowMs)
    .sort((a, b) => b - a);
  if (inWindow.length < rule.max) return { allowed: true };
  const freesAt = inWindow[rule.max - 1] + windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) };
}

/**
 * The address a per-address limit counts: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:203.0.113.7`), an IPv6 address by its /64 prefix, since one subscriber usually holds a whole /64
 * and could otherwise change address at every attempt. Anything else (empty, unparsable) as it is.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6], 16), parseInt(groups[7], 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros; null when it is not one. */
function expandIpv6(address: string): string[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  let head = part(halves[0]);
  let tail = halves.length === 2 ? part(halves[1]) : [];
  // An embedded IPv4 tail (`64:ff9b::192.0.2.1`) is two groups.
  const last = (halves.length === 2 ? tail : head).at(-1);
  if (last?.includes('.')) {
    const octets = last.split('.').map(Number);
    if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return null;
    const groups = [((octets[0] << 8) | octets[1]).toString(16), ((octets[2] << 8) | octets[3]).toString(16)];
    if (halves.length === 2) tail = [...tail.slice(0, -1), ...groups];
    else head = [...head.slice(0, -1), ...groups];
  }
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(missing).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16).toString(16));
}
