import { AnyEventEnvelope, Notification, NotificationSnapshot } from '@kiln/contracts';
import { DomainEvent, NotificationDraft, notificationText } from '@kiln/domain';
import { appendToOutbox, newId } from '@kiln/service-kit';
import { Selectable, sql, Transaction } from 'kysely';
import { Notifications, NotificationView } from '../../database.generated';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';

/**
 * The write side of notifications: every change to the `notifications` state table goes with its outbox
 * event in the caller's transaction (a reaction's apply, or a mark-read command), so the view and the
 * pushes follow exactly what committed. Events carry the snapshot, never the sentence (ADR 0021).
 */
type Trx = Transaction<WorkspaceDatabase>;
export type NotificationRow = Selectable<Notifications>;

/** The fact that caused a change: its id is the natural key of what it creates, its ids chain the events. */
export interface Cause {
  eventId: string;
  actorId: string | null;
  correlationId?: string;
}

export const causeOf = (event: AnyEventEnvelope): Cause => ({ eventId: event.eventId, actorId: event.actorId, correlationId: event.correlationId });

export type SubjectKind = 'team' | 'model';

export function toSnapshot(row: NotificationRow): NotificationSnapshot {
  return {
    id: row.id,
    recipientId: row.recipient_id,
    type: row.type as NotificationSnapshot['type'],
    read: row.read,
    disabled: row.disabled,
    createdAt: new Date(row.created_at).toISOString(),
    data: row.data as NotificationSnapshot['data'],
    version: row.version,
  };
}

/** What the API answers: the sentence, or the spec's text once its team or model is gone. */
export function toNotification(row: NotificationRow | Selectable<NotificationView>): Notification {
  return {
    id: row.id,
    message: notificationText({ type: row.type, message: row.message, disabled: row.disabled }),
    type: row.type as Notification['type'],
    read: row.read,
    disabled: row.disabled,
    createdAt: new Date(row.created_at).toISOString(),
    data: row.data as Notification['data'],
  };
}

const changed = (type: 'workspace.notification.created.v1' | 'workspace.notification.updated.v1', row: NotificationRow): DomainEvent => ({
  type,
  aggregateType: 'notification',
  aggregateId: row.id,
  data: { notification: toSnapshot(row) },
});

async function emit(trx: Trx, events: DomainEvent[], cause: Cause | null, actorId: string | null): Promise<string[]> {
  const envelopes = await appendToOutbox(trx, SCHEMA, events, {
    actorId,
    correlationId: cause?.correlationId,
    causationId: cause?.eventId ?? null,
    occurredAt: new Date(),
  });
  return envelopes.map((e) => e.eventId);
}

/**
 * Serialises "make a notification about X" against "X was deleted": whichever runs second sees the
 * other's commit, so no notification about a deleted team or model stays enabled (reactions of
 * different consumers, or of two service instances, run in parallel).
 */
async function lockSubject(trx: Trx, kind: SubjectKind, id: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`${SCHEMA}.notifications.${kind}.${id}`}))`.execute(trx);
}

async function isDeleted(trx: Trx, kind: SubjectKind, id: string): Promise<boolean> {
  const row = await trx
    .withSchema(SCHEMA)
    .selectFrom('notification_subjects_deleted')
    .select('subject_id')
    .where('kind', '=', kind)
    .where('subject_id', '=', id)
    .executeTakeFirst();
  return !!row;
}

/**
 * Stores the drafts a fact leads to, once per (fact, recipient): a repeated, replayed or reordered fact
 * finds its rows already there and writes nothing. One about a team or model deleted meanwhile is born
 * disabled. Answers the rows created.
 */
export async function createNotifications(trx: Trx, drafts: NotificationDraft[], cause: Cause, createdAt: Date): Promise<NotificationRow[]> {
  const created: NotificationRow[] = [];
  for (const draft of drafts) {
    const subject = draft.data.teamId
      ? { kind: 'team' as const, id: draft.data.teamId }
      : draft.data.modelId
        ? { kind: 'model' as const, id: draft.data.modelId }
        : null;
    let disabled = false;
    if (subject) {
      await lockSubject(trx, subject.kind, subject.id);
      disabled = await isDeleted(trx, subject.kind, subject.id);
    }
    const row = await trx
      .withSchema(SCHEMA)
      .insertInto('notifications')
      .values({
        id: newId(createdAt),
        recipient_id: draft.recipientUserId,
        type: draft.type,
        message: draft.message,
        data: JSON.stringify(draft.data),
        read: false,
        disabled,
        created_at: createdAt,
        version: 1,
        source_event_id: cause.eventId,
        team_id: draft.data.teamId ?? null,
        model_id: draft.data.modelId ?? null,
      })
      .onConflict((oc) => oc.columns(['source_event_id', 'recipient_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) created.push(row);
  }
  await emit(
    trx,
    created.map((row) => changed('workspace.notification.created.v1', row)),
    cause,
    cause.actorId,
  );
  return created;
}

/** A team or model was deleted: its notifications are disabled, and so is any made about it later. */
export async function disableNotificationsAbout(trx: Trx, kind: SubjectKind, id: string, cause: Cause, deletedAt: Date): Promise<NotificationRow[]> {
  await lockSubject(trx, kind, id);
  await trx
    .withSchema(SCHEMA)
    .insertInto('notification_subjects_deleted')
    .values({ kind, subject_id: id, deleted_at: deletedAt })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await trx
    .withSchema(SCHEMA)
    .updateTable('notifications')
    .set({ disabled: true, version: sql`version + 1` })
    .where(kind === 'team' ? 'team_id' : 'model_id', '=', id)
    .where('disabled', '=', false)
    .returningAll()
    .execute();
  await emit(
    trx,
    rows.map((row) => changed('workspace.notification.updated.v1', row)),
    cause,
    cause.actorId,
  );
  return rows;
}

/** Marks one of the recipient's notifications read; null when it is not theirs (or does not exist). */
export async function markRead(trx: Trx, recipientId: string, id: string): Promise<{ row: NotificationRow; eventIds: string[] } | null> {
  const row = await trx
    .withSchema(SCHEMA)
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('recipient_id', '=', recipientId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  if (row.read) return { row, eventIds: [] };
  const updated = await trx
    .withSchema(SCHEMA)
    .updateTable('notifications')
    .set({ read: true, version: row.version + 1 })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row: updated, eventIds: await emit(trx, [changed('workspace.notification.updated.v1', updated)], null, recipientId) };
}

/** Marks every unread notification of the recipient created up to `upTo` read: one event for all. */
export async function markAllRead(trx: Trx, recipientId: string, upTo: Date): Promise<string[]> {
  const rows = await trx
    .withSchema(SCHEMA)
    .updateTable('notifications')
    .set({ read: true, version: sql`version + 1` })
    .where('recipient_id', '=', recipientId)
    .where('read', '=', false)
    .where('created_at', '<=', upTo)
    .returning('id')
    .execute();
  if (rows.length === 0) return [];
  const event: DomainEvent = {
    type: 'workspace.notification.all-read.v1',
    aggregateType: 'notification',
    aggregateId: recipientId,
    data: { recipientId, upTo: upTo.toISOString() },
  };
  return emit(trx, [event], null, recipientId);
}
