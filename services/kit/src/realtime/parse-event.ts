import { BusinessEvents, WorkspaceEvent, WorkspaceEvents } from '@kiln/contracts';
import { BusinessEvent } from './business-pushes';
import { isPluginPushEvent, PluginPushEvent } from './plugin-pushes';

/** An event some push is made of: the workspace's, the commerce stream's business records, the plugin registry's versions and logs. */
export type PushableEvent = WorkspaceEvent | BusinessEvent | PluginPushEvent;

export type Parsed =
  | { kind: 'event'; event: PushableEvent }
  /** A type this BFF does not know (a newer version, another context): not an error, nothing to push. */
  | { kind: 'unknown-type'; type: string }
  | { kind: 'unparsable'; reason: string };

/** One event of the union, by its type. */
export type EventOf<T extends WorkspaceEvent['type']> = Extract<WorkspaceEvent, { type: T }>;

/** Reads a stream message with the contracts: its type picks the schema, the schema checks all of it. */
export function parseEvent(text: string): Parsed {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'unparsable', reason: 'not JSON' };
  }
  return pushableEvent(raw);
}

/** `parseEvent` of a value already read from JSON (an event the journal or a projection holds). */
export function pushableEvent(raw: unknown): Parsed {
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return { kind: 'unparsable', reason: 'no event type' };
  const schema = Object.hasOwn(WorkspaceEvents, type)
    ? WorkspaceEvent
    : Object.hasOwn(BusinessEvents, type)
      ? BusinessEvent
      : isPluginPushEvent({ type })
        ? PluginPushEvent
        : null;
  if (!schema) return { kind: 'unknown-type', type };
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { kind: 'unparsable', reason: issues.join('; ') };
  }
  return { kind: 'event', event: result.data };
}
