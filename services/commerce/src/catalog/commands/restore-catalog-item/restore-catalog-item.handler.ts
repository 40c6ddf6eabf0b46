import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogItem } from '@kiln/contracts';
import { CATALOG_MESSAGES, CatalogFields, decideRestore, DomainError, RecordState } from '@kiln/domain';
import { ChangeRecordCommand } from '../../../business-records/commands/change-record/change-record.command';
import { RecordChange } from '../../../business-records/record-type';
import { catalogItemType } from '../../catalog-item-type';
import { CATALOG_ITEMS, CatalogItems } from '../../ports/catalog-items.port';
import { RestoreCatalogItemCommand } from './restore-catalog-item.command';

/**
 * The generic undo of a removal, plus the catalog's own rule: one live item per model in a scope. The same
 * per-(scope, model) lock as an add makes the check and the append one step, so an add racing the undo
 * leaves one item: the second of the two is refused (the add answers the restored item, the undo 409).
 */
@CommandHandler(RestoreCatalogItemCommand)
export class RestoreCatalogItemHandler implements ICommandHandler<RestoreCatalogItemCommand, RecordChange<CatalogItem>> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CATALOG_ITEMS) private readonly items: CatalogItems,
  ) {}

  execute({ actorId, id }: RestoreCatalogItemCommand): Promise<RecordChange<CatalogItem>> {
    return this.commands.execute(
      new ChangeRecordCommand(catalogItemType, actorId, id, (current, at) => decideRestore(catalogItemType.rules, current, actorId, at), {
        onRemoved: true,
        // The scope and the model never change after creation: the state the undo was decided on tells both.
        alsoInTransaction: async (trx, state: RecordState<CatalogFields>) => {
          const live = await this.items.lockLiveItemOfModel(trx, state, state.fields.modelId.toLowerCase());
          if (live && live !== id) throw new DomainError('conflict', CATALOG_MESSAGES.inCatalogAgain);
        },
      }),
    );
  }
}
