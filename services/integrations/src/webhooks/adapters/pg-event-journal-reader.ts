import { Inject, Injectable } from '@nestjs/common';
import type { AnyEventEnvelope } from '@kiln/contracts';
import { type AnyDb, DB } from '@kiln/service-kit';
import { sql } from 'kysely';
import { EventJournalReader } from '../ports/event-journal-reader.port';
import { JOURNAL } from './journal-table';

/** The integrations journal as webhooks read it (ADR 0066, 0067). */
@Injectable()
export class PgEventJournalReader implements EventJournalReader {
  constructor(@Inject(DB) private readonly db: AnyDb) {}

  async head(): Promise<string> {
    const r = await sql<{ p: string | null }>`SELECT max(${sql.ref(JOURNAL.position)})::text AS p FROM ${sql.table(JOURNAL.table)}`.execute(this.db);
    return r.rows[0]?.p ?? '0';
  }

  async positionOf(eventId: string): Promise<string | null> {
    const r = await sql<{ p: string }>`SELECT ${sql.ref(JOURNAL.position)}::text AS p FROM ${sql.table(JOURNAL.table)}
      WHERE ${sql.ref(JOURNAL.eventId)} = ${eventId} LIMIT 1`.execute(this.db);
    return r.rows[0]?.p ?? null;
  }

  async positionBefore(time: Date): Promise<string> {
    const r = await sql<{ p: string | null }>`SELECT (min(${sql.ref(JOURNAL.position)}) - 1)::text AS p FROM ${sql.table(JOURNAL.table)}
      WHERE ${sql.ref(JOURNAL.occurredAt)} >= ${time}`.execute(this.db);
    return r.rows[0]?.p ?? (await this.head());
  }

  async event(eventId: string): Promise<AnyEventEnvelope | null> {
    const r = await sql<{ e: AnyEventEnvelope }>`SELECT ${sql.ref(JOURNAL.event)} AS e FROM ${sql.table(JOURNAL.table)}
      WHERE ${sql.ref(JOURNAL.eventId)} = ${eventId} LIMIT 1`.execute(this.db);
    return r.rows[0]?.e ?? null;
  }
}
