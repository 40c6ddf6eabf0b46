import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { decideRestore } from '@kiln/domain';
import { RecordChange, RecordJson } from '../../record-type';
import { ChangeRecordCommand } from '../change-record/change-record.command';
import { RestoreRecordCommand } from './restore-record.command';

/** A restored fact after the deleted one, shortly after it (the domain's window); who may change it may restore it. */
@CommandHandler(RestoreRecordCommand)
export class RestoreRecordHandler implements ICommandHandler<RestoreRecordCommand, RecordChange<RecordJson>> {
  constructor(private readonly commands: CommandBus) {}

  execute({ type, actorId, id }: RestoreRecordCommand): Promise<RecordChange<RecordJson>> {
    return this.commands.execute(new ChangeRecordCommand(type, actorId, id, (state, at) => decideRestore(type.rules, state, actorId, at), { onRemoved: true }));
  }
}
