import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { decideUpdate } from '@kiln/domain';
import { RecordChange, RecordJson } from '../../record-type';
import { ChangeRecordCommand } from '../change-record/change-record.command';
import { UpdateRecordCommand } from './update-record.command';

/** The rules' update of the input (400 with the spec's sentence; 412 on a stale If-Match). */
@CommandHandler(UpdateRecordCommand)
export class UpdateRecordHandler implements ICommandHandler<UpdateRecordCommand, RecordChange<RecordJson>> {
  constructor(private readonly commands: CommandBus) {}

  execute({ type, actorId, id, changes, ifMatch }: UpdateRecordCommand): Promise<RecordChange<RecordJson>> {
    return this.commands.execute(
      new ChangeRecordCommand(type, actorId, id, (state, at) => decideUpdate(type.rules, state, changes, actorId, at, ifMatch), { ifMatch }),
    );
  }
}
