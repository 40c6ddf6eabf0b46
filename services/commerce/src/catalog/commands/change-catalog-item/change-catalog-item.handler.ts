import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogItem } from '@kiln/contracts';
import { CatalogFields, decideUpdate, RecipeRefs } from '@kiln/domain';
import { ChangeRecordCommand } from '../../../business-records/commands/change-record/change-record.command';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { RecordChange } from '../../../business-records/record-type';
import { catalogItemType } from '../../catalog-item-type';
import { CATALOG_ITEMS, CatalogItems } from '../../ports/catalog-items.port';
import { ChangeCatalogItemCommand } from './change-catalog-item.command';

/**
 * A name of at least 3 characters, a price, or a new recipe: its materials and services must exist in the
 * item's scope. With If-Match, 412 when it changed since.
 */
@CommandHandler(ChangeCatalogItemCommand)
export class ChangeCatalogItemHandler implements ICommandHandler<ChangeCatalogItemCommand, RecordChange<CatalogItem>> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CATALOG_ITEMS) private readonly items: CatalogItems,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
  ) {}

  async execute({ actorId, id, changes, ifMatch }: ChangeCatalogItemCommand): Promise<RecordChange<CatalogItem>> {
    let refs: RecipeRefs | undefined;
    if (changes.recipe) {
      // The scope never changes after creation: read it once for the references.
      const state = await this.store.load<CatalogFields>(catalogItemType, id);
      if (state && !state.deleted)
        refs = await this.items.recipeRefs(
          state,
          changes.recipe.materials.map((l) => l.materialId),
          changes.recipe.services.map((l) => l.serviceId),
        );
    }
    return this.commands.execute(
      new ChangeRecordCommand(
        catalogItemType,
        actorId,
        id,
        (state, at) => decideUpdate(catalogItemType.rules, state, { changes, refs }, actorId, at, ifMatch),
        { ifMatch },
      ),
    );
  }
}
