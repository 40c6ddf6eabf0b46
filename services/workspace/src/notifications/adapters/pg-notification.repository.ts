import { Inject, Injectable } from '@nestjs/common';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { WorkspaceDatabase } from '../../database.types';
import type { NotificationDraft } from '@kiln/domain';
import { Cause, createNotifications, markAllRead, markRead, NotificationRow } from './notification-store';

/** The recipient's own changes to their notifications, each with its events in one transaction. */
@Injectable()
export class PgNotificationRepository {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  /** Marks one notification of the recipient read; null when they have none with this id. */
  markRead(recipientId: string, id: string): Promise<{ row: NotificationRow; eventIds: string[] } | null> {
    return this.db.transaction().execute((trx) => markRead(trx, recipientId, id));
  }

  /** Marks every notification the recipient has up to this time read; returns the event ids. */
  markAllRead(recipientId: string, upTo: Date): Promise<string[]> {
    return this.db.transaction().execute((trx) => markAllRead(trx, recipientId, upTo));
  }

  /** Stores notifications another service asked for (ADR 0067), once per cause and recipient. */
  notify(drafts: NotificationDraft[], cause: Cause, at: Date): Promise<NotificationRow[]> {
    return this.db.transaction().execute((trx) => createNotifications(trx, drafts, cause, at));
  }
}
