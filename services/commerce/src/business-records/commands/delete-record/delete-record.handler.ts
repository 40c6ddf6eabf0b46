import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { decideDelete } from '@kiln/domain';
import { RecordChange, RecordJson } from '../../record-type';
import { ChangeRecordCommand } from '../change-record/change-record.command';
import { DeleteRecordCommand } from './delete-record.command';

/** A deleted fact; the record then answers 404 (its timeline stays in the events). */
@CommandHandler(DeleteRecordCommand)
export class DeleteRecordHandler implements ICommandHandler<DeleteRecordCommand, RecordChange<RecordJson>> {
  constructor(private readonly commands: CommandBus) {}

  execute({ type, actorId, id, ifMatch }: DeleteRecordCommand): Promise<RecordChange<RecordJson>> {
    return this.commands.execute(new ChangeRecordCommand(type, actorId, id, (state, at) => decideDelete(type.rules, state, actorId, at, ifMatch), { ifMatch }));
  }
}
