import { Kysely } from 'kysely';
import { createPlumbingTables } from '@kiln/service-kit';

/** The plumbing every service has (outbox, processed events); this context's tables come with its issue. */
export async function up(db: Kysely<any>): Promise<void> {
  await createPlumbingTables(db, 'assets');
}
