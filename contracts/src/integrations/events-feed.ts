import { z } from 'zod';
import { rpc } from '../common/contract-builders';
import { Actor } from '../common/errors';
import type { TokenArea } from '../workspace/access-token.constants';
import { TokenScope } from '../workspace/access-tokens';
import type { HttpRoute } from '../http';

/**
 * Replay over HTTP (issue 21; ADR 0066): `GET /api/events` answers the caller's visible integration events from
 * the integrations service's journal, in the journal's order, each with its cursor; a program keeps the last cursor
 * and asks again with `after`, so it follows every change and resumes exactly where it stopped after a restart.
 * When nothing new is there the request waits (long poll) and answers an empty page with the same cursor.
 */

/** Events a page holds by default, and at most. */
export const EVENTS_PAGE_DEFAULT = 100;
export const EVENTS_PAGE_MAX = 500;
/** How long a request waits for a first visible event, in seconds, by default and at most (`wait`; 0: answer at once). */
export const EVENTS_WAIT_DEFAULT_S = 25;
export const EVENTS_WAIT_MAX_S = 25;
/** Event types one request may name in `types`. */
export const EVENTS_TYPES_MAX = 100;

export const EVENTS_MESSAGES = {
  cursor: 'The cursor must be a cursor this endpoint answered (digits), or 0 for the beginning.',
  types: `Name at most ${EVENTS_TYPES_MAX} event types, separated by commas.`,
  /** 410: the journal no longer holds every event after the cursor (it keeps a retention window, ADR 0066). */
  pruned: 'Some events after this cursor are no longer kept. Ask again with after=0 to start from the oldest event kept.',
} as const;

/** A position in the journal: digits, `0` before the first event. Opaque to clients. */
export const EventCursor = z.string().regex(/^(0|[1-9][0-9]{0,17})$/, EVENTS_MESSAGES.cursor);

const typeList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
      : value,
  z.array(z.string().regex(/^[a-z0-9.-]{1,120}$/, EVENTS_MESSAGES.types)).max(EVENTS_TYPES_MAX, EVENTS_MESSAGES.types),
);

export const EventsQuery = z.strictObject({
  after: EventCursor.optional(),
  types: typeList.optional(),
  limit: z.coerce.number().int().min(1).max(EVENTS_PAGE_MAX).optional(),
  wait: z.coerce.number().int().min(0).max(EVENTS_WAIT_MAX_S).optional(),
});
export type EventsQuery = z.infer<typeof EventsQuery>;

/** One journaled event: its cursor and the integration event as published (the envelope of docs/events.md). */
export const JournalEntry = z.object({
  cursor: EventCursor,
  event: z.object({ eventId: z.string(), type: z.string(), occurredAt: z.string() }).passthrough(),
});
export type JournalEntry = z.infer<typeof JournalEntry>;

/** A page: the events in order, and the cursor to ask with next (the last event's, or `after` when none came). */
export const EventsPage = z.object({ events: z.array(JournalEntry).max(EVENTS_PAGE_MAX), cursor: EventCursor });
export type EventsPage = z.infer<typeof EventsPage>;

/**
 * Who reads: a person, or a program with an access token acting as its owner (ADR 0065): its scopes (`models:read`,
 * …) keep it to those areas' events; a team token (`teamId`) sees only that team's events.
 */
export const EventsCaller = Actor.extend({ scopes: z.array(TokenScope).optional(), teamId: z.string().optional() });
export type EventsCaller = z.infer<typeof EventsCaller>;

export const EventsRpc = {
  read: rpc('rpc.integrations.events.read', z.object({ actor: EventsCaller, query: EventsQuery }), EventsPage),
} as const;

/**
 * The area of the token scopes (ADR 0065) an event type belongs to, as its routes are in TOKEN_ROUTE_AREAS; null (a
 * sign-up, an account change) is seen by whole-account callers only.
 */
export function eventArea(type: string): TokenArea | null {
  for (const [prefix, area] of EVENT_AREAS) if (type.startsWith(prefix)) return area;
  return null;
}

const EVENT_AREAS: readonly (readonly [prefix: string, area: TokenArea])[] = [
  ['workspace.model.', 'models'],
  ['workspace.model-share.', 'models'],
  ['workspace.favorite.', 'models'],
  ['workspace.team.', 'models'],
  ['workspace.notification.', 'models'],
  ['commerce.product.', 'models'],
  ['plugin-registry.', 'plugins'],
  ['assets.', 'assets'],
  ['workspace.asset-item.', 'assets'],
  ['workspace.component.', 'assets'],
  ['workspace.font.', 'assets'],
  ['workspace.texture.', 'assets'],
  ['workspace.texture-association.', 'assets'],
  ['workspace.environment-map.', 'assets'],
  ['workspace.scene.', 'assets'],
  ['commerce.', 'business'],
];

/** How long the BFF waits for the service's answer: the longest wait and a margin. */
export const EVENTS_RPC_TIMEOUT_MS = (EVENTS_WAIT_MAX_S + 5) * 1000;

/**
 * `GET /api/events`, hand-written in the BFF (bff/src/events/events-feed.ts): it passes a token's scopes on as the
 * caller, answers a page as JSON, or with `Accept: text/event-stream` follows the journal as Server-Sent Events
 * (`id:` the cursor, `event:` the type, `data:` the event; `Last-Event-ID` resumes after that cursor).
 */
export const EventsHttpRoutes = {
  readEvents: {
    method: 'get',
    path: '/api/events',
    summary:
      'Your visible integration events after a cursor, in order (types: a comma list). ' +
      'Waits up to `wait` seconds (default 25) when there are none, then answers an empty page with the same cursor. ' +
      'With Accept: text/event-stream, a stream of them (Last-Event-ID resumes). ' +
      '410 when events after the cursor are no longer kept (90 days by default): start again with after=0.',
    auth: true,
    query: EventsQuery,
    response: EventsPage,
  },
} satisfies Record<string, HttpRoute>;

/** The integrations service's own stream (its outbox, should it publish; nothing today). */
export const INTEGRATIONS_STREAM = { name: 'INTEGRATIONS_EVENTS', subjects: ['evt.integrations.>'] } as const;
