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

  /**
   * Both counts in one statement. Unread ones are counted from the partial index (not read, not
   * disabled): small and index-only, as the badge asks on every page load; all from the page index.
   */
  async counts(recipientId: string): Promise<{ unreadCount: number; allCount: number }> {
    const row = await this.db
      .withSchema(SCHEMA)
      .selectNoFrom((eb) => [
        this.mine(recipientId).select(eb.fn.countAll<string>().as('n')).where('read', '=', false).where('disabled', '=', false).as('unread'),
        this.mine(recipientId).select(eb.fn.countAll<string>().as('n')).as('all'),
      ])
      .executeTakeFirstOrThrow();
    return { unreadCount: Number(row.unread), allCount: Number(row.all) };
  }
}
