import { WEBHOOK_MESSAGES, WEBHOOK_URL_MAX, type WebhookScopeKind } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';

/*
 * Outgoing webhooks (issue 21; ADR 0067): which addresses may receive them, the retry schedule, which events an
 * endpoint wants and in which order. Pure: the service resolves names, keeps the clock and draws the jitter.
 */

// ---------------------------------------------------------------------------------------------------------
// The retry schedule.

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `250ms`, `5s`, `30m`, `2h` (a bare number is seconds) → milliseconds; null when it does not read. */
export function parseDurationMs(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h)?\s*$/i.exec(text);
  if (!match) return null;
  const value = Number(match[1]) * UNIT_MS[(match[2] ?? 's').toLowerCase()]!;
  return Number.isFinite(value) ? Math.round(value) : null;
}

/**
 * The default waits between attempts (the first attempt is at once): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h,
 * 27 h 35 min in all (the schedule Standard Webhooks' authors use), so an endpoint gets at least 24 hours.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** The least the whole default schedule spans (24 h). */
export const WEBHOOK_RETRY_MIN_SPAN_MS = 24 * 3_600_000;

/** `KILN_WEBHOOK_RETRY_DELAYS` (`1s,2s,4s,8s,16s`) → the waits in ms; unset or empty → the default; invalid → throws. */
export function parseRetryDelays(text: string | undefined): number[] {
  if (text === undefined || text.trim() === '') return [...DEFAULT_WEBHOOK_RETRY_DELAYS_MS];
  return text.split(',').map((part) => {
    const ms = parseDurationMs(part);
    if (ms === null || ms < 0) throw new Error(`KILN_WEBHOOK_RETRY_DELAYS: "${part.trim()}" is not a duration (e.g. 500ms, 5s, 10m, 2h)`);
    return ms;
  });
}

/** `KILN_WEBHOOK_TIMEOUT` (`10s`, `2500ms`) → ms; unset → 10 s. */
export function parseWebhookTimeout(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return 10_000;
  const ms = parseDurationMs(text);
  if (ms === null || ms <= 0) throw new Error(`KILN_WEBHOOK_TIMEOUT: "${text}" is not a duration (e.g. 10s)`);
  return ms;
}

/**
 * The wait before the attempt after `attemptsMade` failed ones, or null when the schedule is over (the delivery
 * is dropped). Jitter only lengthens a wait (up to +20 %, `random` in [0, 1)), so the whole schedule never spans
 * less than its configured sum, and many deliveries failing together do not come back together.
 */
export function nextRetryDelayMs(attemptsMade: number, delays: readonly number[], random: number): number | null {
  if (attemptsMade < 1 || attemptsMade > delays.length) return null;
  const base = delays[attemptsMade - 1]!;
  return Math.round(base * (1 + 0.2 * Math.min(Math.max(random, 0), 1)));
}

// ---------------------------------------------------------------------------------------------------------
// Which addresses may receive: never a path into our own network.

function ipv4Bytes(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : null;
}

/** An IPv6 address as its eight 16-bit groups (an embedded IPv4 tail read too); null when it does not read. */
function ipv6Groups(raw: string): number[] | null {
  const ip = raw
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase();
  if (!ip.includes(':')) return null;
  let head = ip;
  const tail: number[] = [];
  const lastColon = ip.lastIndexOf(':');
  const v4 = ipv4Bytes(ip.slice(lastColon + 1));
  if (v4) {
    head = ip.slice(0, lastColon + 1) + '0:0';
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const read = (s: string) => (s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const left = read(halves[0]!);
  const right = halves.length === 2 ? read(halves[1]!) : [];
  if ([...left, ...right].some(Number.isNaN)) return null;
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...right];
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups;
}

function forbiddenIpv4([a, b, c]: number[]): boolean {
  return (
    a === 0 || // "this" network
    a === 10 || // RFC 1918
    a === 127 || // loopback
    (a === 100 && b! >= 64 && b! <= 127) || // CGNAT (RFC 6598)
    (a === 169 && b === 254) || // link-local, cloud metadata (169.254.169.254)
    (a === 172 && b! >= 16 && b! <= 31) || // RFC 1918
    (a === 192 && b === 168) || // RFC 1918
    (a === 192 && b === 0 && c === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    a! >= 224 // multicast, reserved, broadcast
  );
}

/**
 * Whether an address (v4 or v6, as DNS answers it) is one webhooks never go to: loopback, unspecified, private
 * (RFC 1918, CGNAT, IPv6 unique-local, which holds AWS's fd00:ec2::254 metadata), link-local (169.254/16 with
 * 169.254.169.254, fe80::/10), multicast and reserved ranges. IPv4 inside IPv6 (mapped, compatible, NAT64) is
 * judged as the IPv4 address. Anything that does not read as an address is refused too.
 */
export function isForbiddenAddress(ip: string): boolean {
  const v4 = ipv4Bytes(ip);
  if (v4) return forbiddenIpv4(v4);
  const g = ipv6Groups(ip);
  if (!g) return true;
  const embedded = [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff];
  const zeroHead = g.slice(0, 5).every((x) => x === 0);
  if (zeroHead && (g[5] === 0xffff || g[5] === 0)) {
    // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible); :: and ::1 are caught below.
    if (g[5] === 0xffff || g[6] !== 0) return forbiddenIpv4(embedded);
  }
  if (g[0] === 0x64 && g[1] === 0xff9b) return forbiddenIpv4(embedded); // NAT64 well-known prefix
  if (g.every((x) => x === 0)) return true; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  const first = g[0]!;
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x2001 && g[1] === 0x0db8) || // documentation
    first === 0x0100 // discard-only 100::/64
  );
}

/** `KILN_WEBHOOK_ALLOW_HOSTS` (`receiver.test, 127.0.0.1`) → lower-case host names. */
export function parseAllowHosts(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter(Boolean);
}

export interface CheckedWebhookUrl {
  url: string;
  /** The host as the URL names it (lower case, IPv6 without brackets). */
  host: string;
  /** A literal address in the URL (no name to resolve). */
  literalIp: boolean;
  /** The deployment allows this host despite the address rules (KILN_WEBHOOK_ALLOW_HOSTS). */
  allowListed: boolean;
}

const invalid = (message: string) => new DomainError('invalid', message, [{ path: 'url', message }]);

/**
 * The form of an endpoint address: https (plain http only for an allow-listed host), no user or password, at
 * most WEBHOOK_URL_MAX characters. A literal address is judged here; a name is resolved by the service, which
 * judges every address it answers with `isForbiddenAddress` (at subscription and again at each attempt).
 */
export function checkWebhookUrl(raw: string, allowHosts: readonly string[]): CheckedWebhookUrl {
  if (typeof raw !== 'string' || raw.length > WEBHOOK_URL_MAX) throw invalid(WEBHOOK_MESSAGES.urlInvalid);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid(WEBHOOK_MESSAGES.urlInvalid);
  }
  // A trailing dot names the same host (`example.com.`): judged without it.
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const allowListed = allowHosts.includes(host);
  if (!host || !(url.protocol === 'https:' || (url.protocol === 'http:' && allowListed))) throw invalid(WEBHOOK_MESSAGES.urlInvalid);
  if (url.username || url.password) throw invalid(WEBHOOK_MESSAGES.urlCredentials);
  const literalIp = ipv4Bytes(host) !== null || ipv6Groups(host) !== null;
  if (literalIp && !allowListed && isForbiddenAddress(host)) throw invalid(WEBHOOK_MESSAGES.urlForbidden);
  // `*.localhost` always means this machine (RFC 6761), whatever a resolver says; `localhost` itself is resolved
  // and refused by its address like any other name.
  if (!allowListed && host.endsWith('.localhost')) throw invalid(WEBHOOK_MESSAGES.urlForbidden);
  url.hash = '';
  return { url: url.toString(), host, literalIp, allowListed };
}

/** The addresses a name resolved to, judged: the first allowed one to connect to, or the refusal's sentence. */
export function pickDeliveryAddress(checked: Pick<CheckedWebhookUrl, 'allowListed'>, addresses: readonly string[]): { address: string } | { refused: string } {
  if (addresses.length === 0) return { refused: WEBHOOK_MESSAGES.urlUnresolved };
  // Every answer must be public: a name answering one public and one private address is refused (a rebinding
  // trick may rotate them), unless the deployment allows the host.
  if (!checked.allowListed && addresses.some(isForbiddenAddress)) return { refused: WEBHOOK_MESSAGES.urlForbidden };
  return { address: addresses[0]! };
}

// ---------------------------------------------------------------------------------------------------------
// Which events an endpoint wants.

export interface WebhookScope {
  kind: WebhookScopeKind;
  teamId: string | null;
  projectId: string | null;
}

/** The event as far as matching cares (the published envelope fits). */
export interface WebhookEventRef {
  eventId: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  data: unknown;
}

const idField = (value: unknown, field: 'teamId' | 'projectId'): string | null | undefined => {
  if (!value || typeof value !== 'object') return undefined;
  const v = (value as Record<string, unknown>)[field];
  return typeof v === 'string' ? v : v === null ? null : undefined;
};

/**
 * The team and project an event is about, read from its data (`data.teamId`, or one level down: `data.model.teamId`,
 * `data.record.projectId`, …): every team-scoped record Kiln publishes carries them there. Neither: a personal record.
 */
export function eventScope(event: Pick<WebhookEventRef, 'data'>): { teamId: string | null; projectId: string | null } {
  const data = event.data;
  let teamId = idField(data, 'teamId');
  let projectId = idField(data, 'projectId');
  if (data && typeof data === 'object') {
    for (const value of Object.values(data as Record<string, unknown>)) {
      if (teamId === undefined) teamId = idField(value, 'teamId');
      if (projectId === undefined) projectId = idField(value, 'projectId');
    }
  }
  return { teamId: teamId ?? null, projectId: projectId ?? null };
}

/**
 * Whether an endpoint subscribed to `eventTypes` in `scope` wants this event: its type is chosen and it is about
 * the scope (personal: no team; team: that team, any of its projects; project: that project). Whether its owner
 * may see it is asked apart, at delivery time.
 */
export function endpointWants(endpoint: { eventTypes: readonly string[]; scope: WebhookScope }, event: WebhookEventRef): boolean {
  if (!endpoint.eventTypes.includes(event.type)) return false;
  const about = eventScope(event);
  switch (endpoint.scope.kind) {
    case 'personal':
      return about.teamId === null;
    case 'team':
      return about.teamId === endpoint.scope.teamId;
    case 'project':
      return about.teamId === endpoint.scope.teamId && about.projectId === endpoint.scope.projectId;
  }
}

/** The record an event is about: an ordered endpoint delivers one record's events one after the other. */
export const recordKeyOf = (event: Pick<WebhookEventRef, 'aggregateType' | 'aggregateId'>) => `${event.aggregateType}:${event.aggregateId}`;

/** Whether a delivery's answer counts as delivered: a 2xx. A 3xx is a failure (redirects are not followed). */
export const isDelivered = (status: number | null) => status !== null && status >= 200 && status < 300;

/** Who may manage an endpoint: its owner for a personal one; for a team's, an owner of that team. */
export function mayManageEndpoint(actorId: string, endpoint: { ownerId: string; scope: WebhookScope }, teamRole: string | null): boolean {
  if (endpoint.scope.kind === 'personal') return endpoint.ownerId === actorId;
  return teamRole === 'owner';
}
