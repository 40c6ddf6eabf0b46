import { Model, PushMessage, WorkspaceEvent, WorkspaceEvents } from '@kiln/contracts';
import { Pushable } from './push-filter';

const VERBS: Partial<Record<WorkspaceEvent['type'], PushMessage<unknown>['verb']>> = {
  'workspace.model.created.v1': 'create',
  'workspace.model.renamed.v1': 'update',
  'workspace.model.description-changed.v1': 'update',
  'workspace.model.deleted.v1': 'delete',
};

export interface Push {
  channel: 'workspace-model';
  rooms: string[];
  message: PushMessage<Model>;
  /** What the push filter judges it by. */
  order: Pushable;
}

export type Parsed =
  | { kind: 'event'; event: WorkspaceEvent }
  /** A type this BFF does not know (a newer version, another context): not an error, nothing to push. */
  | { kind: 'unknown-type'; type: string }
  | { kind: 'unparsable'; reason: string };

/** Reads a stream message with the contracts: its type picks the schema, the schema checks all of it. */
export function parseEvent(text: string): Parsed {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { kind: 'unparsable', reason: 'not JSON' };
  }
  const type = (raw as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return { kind: 'unparsable', reason: 'no event type' };
  if (!Object.hasOwn(WorkspaceEvents, type)) return { kind: 'unknown-type', type };
  const result = WorkspaceEvent.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { kind: 'unparsable', reason: issues.join('; ') };
  }
  return { kind: 'event', event: result.data };
}

/**
 * Which rooms may hear about a model event, and what they hear. Today only the author sees a model;
 * teams and shares add their rooms with their issues.
 */
export function modelPush(event: WorkspaceEvent): Push | null {
  const verb = VERBS[event.type];
  if (!verb || !('model' in event.data)) return null;
  const { model } = event.data;
  return {
    channel: 'workspace-model',
    rooms: [userRoom(model.authorId)],
    message: { verb, data: { ...model, userRole: 'owner' } },
    order: { eventId: event.eventId, aggregateId: model.id, version: model.version, deleted: verb === 'delete' },
  };
}

export const userRoom = (userId: string) => `user:${userId}`;
