import { RealtimeChannel, RealtimePushes } from '@kiln/contracts';
import { z } from 'zod';

export type ChannelMessage<C extends RealtimeChannel> = z.input<(typeof RealtimePushes)[C]>;

/** Emit `message` on `channel` to every socket in `to` that is in none of `except`. */
export interface Emit {
  kind: 'emit';
  channel: RealtimeChannel;
  to: string[];
  except: string[];
  message: ChannelMessage<RealtimeChannel>;
}

/** The sockets of `userId` leave the rooms `leave`, then join `join` (a membership changed). */
export interface RoomChange {
  kind: 'rooms';
  userId: string;
  leave: string[];
  join: string[];
}

export type Step = Emit | RoomChange;

/**
 * What one event does to the live connections, in order: room changes and emits. Pure data, so routing is
 * tested without socket.io; the gateway carries it out. `order` is what the PushFilter judges the whole
 * plan by (one verdict per event).
 */
export interface PushPlan {
  order: Pushable;
  steps: Step[];
}

export function emit<C extends RealtimeChannel>(channel: C, to: string[], message: ChannelMessage<C>, except: string[] = []): Emit {
  return { kind: 'emit', channel, to, except, message };
}

/** Moves a user's sockets into `room` out of every other room of the same entity (`all`). */
export function moveTo(userId: string, room: string, all: string[]): RoomChange {
  return { kind: 'rooms', userId, leave: all.filter((r) => r !== room), join: [room] };
}

/** Takes a user's sockets out of every room of an entity (removed, deleted). */
export function leaveAll(userId: string, all: string[]): RoomChange {
  return { kind: 'rooms', userId, leave: all, join: [] };
}

/** What the push filter judges a plan by (bff/src/realtime/push-filter.ts): its event, entity key and version. */
export interface Pushable {
  eventId: string;
  /** The entity whose versions are compared (`model:<id>`, `team:<id>`, `share:<id>`, …). */
  key: string;
  version: number;
  deleted: boolean;
  /** A newer version that brings a deleted entity back (a model restored, ADR 0048): not stale after its delete. */
  revives?: boolean;
}
