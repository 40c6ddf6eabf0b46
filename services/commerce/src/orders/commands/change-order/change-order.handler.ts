import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Order } from '@kiln/contracts';
import { changeOrder, customerOf, factOf, OrderFields } from '@kiln/domain';
import { ChangeRecordCommand } from '../../../business-records/commands/change-record/change-record.command';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { RecordChange } from '../../../business-records/record-type';
import { orderType } from '../../order-type';
import { checkPinned, pinnedChange } from '../../pinned';
import { CUSTOMER_DIRECTORY, CustomerDirectory } from '../../ports/customer-directory.port';
import { ChangeOrderCommand } from './change-order.command';

const ACTIONS = { accepted: 'accept', completed: 'complete', declined: 'decline' } as const;

/**
 * An order's changes as spec 002 §4 allows them (the domain's table: 409 with a sentence otherwise, nothing
 * written), by its owners and editors (viewers 403, others 404), decided on the version the caller read so
 * that of two people deciding at once exactly one wins (ADR 0057).
 */
@CommandHandler(ChangeOrderCommand)
export class ChangeOrderHandler implements ICommandHandler<ChangeOrderCommand, RecordChange<Order>> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
    @Inject(CUSTOMER_DIRECTORY) private readonly directory: CustomerDirectory,
  ) {}

  async execute({ actorId, id, changes, ifMatch }: ChangeOrderCommand): Promise<RecordChange<Order>> {
    const read = await this.store.load<OrderFields>(orderType, id);
    const pinned = ifMatch ?? read?.version ?? 0;
    const customer = changes.customer ? customerOf(changes.customer, await this.directory.byEmail(actorId, changes.customer.email)) : undefined;
    const change = await pinnedChange(ifMatch, () =>
      this.commands.execute(
        new ChangeRecordCommand(
          orderType,
          actorId,
          id,
          (state, at) => {
            checkPinned(state.version, pinned);
            const before = state.fields as OrderFields;
            let after = customer ? changeOrder(before, { action: 'editCustomer', customer }, at) : before;
            if (changes.status) after = changeOrder(after, { action: ACTIONS[changes.status], note: changes.note } as Parameters<typeof changeOrder>[1], at);
            return factOf(orderType.rules.type, before, after, actorId, at);
          },
          { ifMatch: pinned },
        ),
      ),
    );
    return change as RecordChange<Order>;
  }
}
