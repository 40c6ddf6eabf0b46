import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, RECORD_MESSAGES } from '@kiln/domain';
import { CLOCK, Clock } from '@kiln/service-kit';
import { isStreamConflict } from '../../../event-store/event-store';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { RECORD_STORE, RecordStore } from '../../ports/record-store.port';
import { RecordChange, RecordJson } from '../../record-type';
import { ChangeRecordCommand } from './change-record.command';

/** Enough for 50 writers racing on one record: each round, one of them lands. */
const MAX_ATTEMPTS = 100;

/**
 * Changes a record (ADR 0029): loads and folds its stream, checks the caller may change it (outsiders 404,
 * team viewers 403), asks `decide` for the fact (null: nothing to change) and appends it at the version it
 * read. When another writer appended first (UNIQUE(stream_id, version)) the caller either sent `If-Match`
 * — then the version it read is no longer current: 412 — or did not, and the command runs again on the
 * fresh state, so concurrent writers without If-Match never lose an update.
 */
@CommandHandler(ChangeRecordCommand)
export class ChangeRecordHandler implements ICommandHandler<ChangeRecordCommand, RecordChange<RecordJson>> {
  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ type, actorId, id, decide, options }: ChangeRecordCommand): Promise<RecordChange<RecordJson>> {
    for (let attempt = 1; ; attempt++) {
      const state = await this.store.load<object>(type, id);
      if (!state || (state.deleted && !options.onRemoved)) throw new DomainError('not-found', type.rules.notFound);
      if (options.authorize !== 'system') await this.access.assertCanChange(actorId, state, type.rules.notFound);
      const at = this.clock.now();
      const fact = decide(state, at);
      if (!fact) return { record: type.present(state), eventIds: [] };
      try {
        const written = await this.store.append<object>(
          type,
          { id, current: state, scope: state },
          [fact],
          { actorId, occurredAt: at },
          options.alsoInTransaction ? (trx) => options.alsoInTransaction!(trx, state) : undefined,
        );
        return { record: type.present(written.state), eventIds: written.eventIds };
      } catch (error) {
        if (!isStreamConflict(error)) throw error;
        if (options.ifMatch !== undefined) throw new DomainError('precondition-failed', RECORD_MESSAGES.changedMeanwhile);
        if (attempt >= MAX_ATTEMPTS) throw new DomainError('conflict', RECORD_MESSAGES.changedMeanwhile);
        // A short random pause spreads the retries of many writers.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * Math.min(attempt, 5)));
      }
    }
  }
}
