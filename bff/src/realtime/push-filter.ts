import { Pushable } from '@kiln/service-kit/realtime';

export type { Pushable };
/**
 * A Map that forgets its least recently used entries beyond `capacity`, so memory stays bounded however
 * many events or models pass through.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      // Touch: move to the most recent end.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

export type Verdict = 'push' | 'redelivered' | 'stale';

/**
 * Decides whether an event may reach browsers. JetStream delivers at least once and, across a reconnect
 * or a resumed consumer, may repeat or reorder: a repeat is dropped by its event id, and anything not
 * newer than the version already pushed for that entity is stale. A delete is remembered, so a late
 * create or update can never bring the entity back.
 *
 * Memory is bounded: the oldest ids and aggregates are forgotten. A repeat older than that is very
 * unlikely, and the web cache compares versions too, so forgetting costs at most a harmless re-push.
 */
export class PushFilter {
  private readonly recentEventIds: BoundedMap<string, true>;
  private readonly pushedVersions: BoundedMap<string, { version: number; deleted: boolean }>;

  constructor(options: { eventIds?: number; aggregates?: number } = {}) {
    this.recentEventIds = new BoundedMap(options.eventIds ?? 10_000);
    this.pushedVersions = new BoundedMap(options.aggregates ?? 100_000);
  }

  judge(event: Pushable): Verdict {
    if (this.recentEventIds.has(event.eventId)) return 'redelivered';
    this.recentEventIds.set(event.eventId, true);
    const known = this.pushedVersions.get(event.key);
    if (known && ((known.deleted && !event.revives) || event.version <= known.version)) return 'stale';
    this.pushedVersions.set(event.key, { version: event.version, deleted: event.deleted });
    return 'push';
  }
}
