import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { decideCreate } from '@kiln/domain';
import { CLOCK, Clock, newId } from '@kiln/service-kit';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { RECORD_STORE, RecordStore } from '../../ports/record-store.port';
import { RecordChange, RecordJson } from '../../record-type';
import { CreateRecordCommand } from './create-record.command';

/**
 * Creates a record: its scope (personal, or a team's / project's the caller may change; ADR 0029), the
 * domain's rules on the input (400 with the spec's sentence, nothing written), then its created fact.
 */
@CommandHandler(CreateRecordCommand)
export class CreateRecordHandler implements ICommandHandler<CreateRecordCommand, RecordChange<RecordJson>> {
  constructor(
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ type, actorId, input, options }: CreateRecordCommand): Promise<RecordChange<RecordJson>> {
    const { teamId, projectId, ...fields } = input;
    const scope = await this.access.scopeForCreate(actorId, { teamId, projectId });
    const at = this.clock.now();
    const { fact } = decideCreate(type.rules, fields, actorId, at);
    const id = newId(at);
    const written = await this.store.append<object>(
      type,
      { id, current: null, scope },
      [fact],
      { actorId, occurredAt: at, ...(options.idempotency ? { idempotency: { ...options.idempotency, resourceId: id } } : {}) },
      options.alsoInTransaction ? (trx) => options.alsoInTransaction!(trx, id) : undefined,
    );
    return { record: type.present(written.state), eventIds: written.eventIds };
  }
}
