import { Inject, Injectable } from '@nestjs/common';
import { eventArea, EventsCaller, TOKEN_AREAS, TokenArea } from '@kiln/contracts';
import { scopesAllow } from '@kiln/domain';
import { Audience, audienceRooms, eventAudience, teamRoom, userRoom } from '@kiln/service-kit/realtime';
import { PUSH_AUDIENCES, PushAudiences } from './ports/push-audience.port';

/** What a caller may see now: its push rooms, and the token areas it may read (null: a whole account, every area). */
export interface CallerView {
  rooms: string[];
  areas: TokenArea[] | null;
}

/** Who may see a journaled event: its audience rooms and its token area (derived at ingest, `audienceOf`). */
export interface Audienced {
  audience: string[];
  area: string | null;
}

/** The audience and area of an event, as the journal stores them: the live pushes' routing (ADR 0019), once. */
export function audienceOf(event: { type: string; actorId?: string | null }): Audienced {
  return { audience: eventAudience(event), area: eventArea(event.type) };
}

/**
 * The visibility rule of issue 21 (ADR 0066): a caller sees an event when one of its current rooms is in the event's
 * audience, and, for an access token with scopes, when the event's area is one it may read (an event of no area,
 * a sign-up, only to whole-account callers).
 */
export function mayRead(view: CallerView, entry: Audienced): boolean {
  if (view.areas && !(entry.area && (view.areas as string[]).includes(entry.area))) return false;
  return entry.audience.some((room) => view.rooms.includes(room));
}

/**
 * A caller's rooms from the workspace's answer: a person is in their user room and every team and share room; a
 * team token (`teamId`) only in that team's rooms, with its owner's role there.
 */
export function viewOf(caller: EventsCaller, audience: Audience): CallerView {
  const rooms = caller.teamId
    ? audience.teams.filter((t) => t.teamId === caller.teamId).map((t) => teamRoom(t.teamId, t.role))
    : [userRoom(caller.userId), ...audienceRooms(audience)];
  const areas = caller.scopes ? TOKEN_AREAS.filter((area) => scopesAllow(caller.scopes!, area, 'read')) : null;
  return { rooms, areas };
}

/** How long a person's rooms are reused (ms): `KILN_EVENTS_AUDIENCE_TTL_MS`, default 2 s. */
export const audienceTtlMs = (env: NodeJS.ProcessEnv = process.env) => Number(env.KILN_EVENTS_AUDIENCE_TTL_MS ?? 2000);
const CACHED_PEOPLE = 10_000;

/**
 * Checks visibility at read and delivery time (replay, webhooks): the rooms a person is in now are asked of the
 * workspace (`pushAudience`, from its state tables) and kept `audienceTtlMs`, so a revoked share stops the events
 * about that model within that time.
 */
@Injectable()
export class EventVisibility {
  private readonly cache = new Map<string, { at: number; audience: Promise<Audience> }>();
  private readonly ttlMs = audienceTtlMs();

  constructor(@Inject(PUSH_AUDIENCES) private readonly audiences: PushAudiences) {}

  /** The caller's rooms and areas now. */
  async viewOf(caller: EventsCaller): Promise<CallerView> {
    return viewOf(caller, await this.audienceOf(caller.userId));
  }

  /** The entries the caller may see now, in their order. */
  async visibleTo<E extends Audienced>(caller: EventsCaller, entries: E[]): Promise<E[]> {
    if (entries.length === 0) return entries;
    const view = await this.viewOf(caller);
    return entries.filter((entry) => mayRead(view, entry));
  }

  private audienceOf(userId: string) {
    const now = Date.now();
    const cached = this.cache.get(userId);
    if (cached && now - cached.at < this.ttlMs) return cached.audience;
    const audience = this.audiences.of(userId);
    this.cache.delete(userId);
    this.cache.set(userId, { at: now, audience });
    // A failed question is not kept.
    audience.catch(() => this.cache.get(userId)?.audience === audience && this.cache.delete(userId));
    if (this.cache.size > CACHED_PEOPLE) this.cache.delete(this.cache.keys().next().value!);
    return audience;
  }
}
