import { Inject, Injectable } from '@nestjs/common';
import { DB } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { CommerceDatabase } from '../../database.types';
import { CLOCK, Clock } from '@kiln/service-kit';
import { BUSINESS_ACCESS, BusinessAccess } from '../team-access/ports/business-access.port';
import { PgRecordStore } from './adapters/pg-record-store';
import { PEOPLE, People } from './ports/people.port';

/** What the record use cases need, gathered by Nest once (get it in a route with `context.get(RecordDeps)`). */
@Injectable()
export class RecordDeps {
  constructor(
    readonly store: PgRecordStore,
    @Inject(BUSINESS_ACCESS) readonly access: BusinessAccess,
    @Inject(PEOPLE) readonly people: People,
    @Inject(CLOCK) readonly clock: Clock,
    @Inject(DB) readonly db: Kysely<CommerceDatabase>,
  ) {}
}
