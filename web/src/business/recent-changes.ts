import type { QueryClient } from '@tanstack/react-query';
import { RECENT_CHANGE_MS } from '../api/recent-changes';

/**
 * Values remembered by key for RECENT_CHANGE_MS; reading them forgets the older ones. The business lists' memory of
 * what a page changed lately (ADR 0071), apart from the constant: the first load needs only the constant.
 */
export class RecentChanges<V> {
  private readonly held = new Map<string, { value: V; at: number }>();

  set(key: string, value: V, now = Date.now()): void {
    this.held.set(key, { value, at: now });
  }

  get(key: string): V | undefined {
    return this.held.get(key)?.value;
  }

  delete(key: string): void {
    this.held.delete(key);
  }

  /** The recent entries, the oldest first. */
  entries(now = Date.now()): [string, V][] {
    const recent: [string, V][] = [];
    for (const [key, { value, at }] of this.held) {
      if (now - at >= RECENT_CHANGE_MS) this.held.delete(key);
      else recent.push([key, value]);
    }
    return recent;
  }
}

const byClient = new WeakMap<QueryClient, Map<string, RecentChanges<unknown>>>();

/** The recent changes of one kind (`name`) in this query client: one page load's memory. */
export function recentChangesOf<V>(queryClient: QueryClient, name: string): RecentChanges<V> {
  let kinds = byClient.get(queryClient);
  if (!kinds) byClient.set(queryClient, (kinds = new Map()));
  let changes = kinds.get(name);
  if (!changes) kinds.set(name, (changes = new RecentChanges<unknown>()));
  return changes as RecentChanges<V>;
}
