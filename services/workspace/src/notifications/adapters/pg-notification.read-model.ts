import { Inject, Injectable } from '@nestjs/common';
import { Notification } from '@kiln/contracts';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { SCHEMA, WorkspaceDatabase } from '../../database.types';
import { toNotification } from './notification-store';

/** Reads `notification_view` only, always for one recipient: nobody sees another's notifications. */
@Injectable()
export class PgNotificationReadModel {
  constructor(@Inject(DB) private readonly db: Kysely<WorkspaceDatabase>) {}

  private mine(recipientId: string) {
    return this.db.withSchema(SCHEMA).selectFrom('notification_view').where('recipient_id', '=', recipientId);
  }

  /** Newest first (spec 000 §7); `id` breaks ties of one instant. */
  async page(recipientId: string, skip: number, limit: number): Promise<Notification[]> {
    const rows = await this.mine(recipientId).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(skip).limit(limit).execute();
    return rows.map(toNotification);
  }

  /** Both counts as kept by the view's triggers (migration 0010): the bell asks on every page load. */
  async counts(recipientId: string): Promise<{ unreadCount: number; allCount: number }> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectFrom('notification_counts')
      .select(['unread', 'all_count as all'])
      .where('recipient_id', '=', recipientId)
      .executeTakeFirst();
    if (!row) return { unreadCount: 0, allCount: 0 };
    return { unreadCount: Number(row.unread), allCount: Number(row.all) };
  }
}
