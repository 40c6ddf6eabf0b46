import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogItem } from '@kiln/contracts';
import { CatalogFields, catalogCreateErrors, throwIfInvalid } from '@kiln/domain';
import { CreateRecordCommand } from '../../../business-records/commands/create-record/create-record.command';
import { RECORD_STORE, RecordStore } from '../../../business-records/ports/record-store.port';
import { RecordChange } from '../../../business-records/record-type';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { catalogItemType } from '../../catalog-item-type';
import { CATALOG_ITEMS, CatalogItems } from '../../ports/catalog-items.port';
import { CATALOG_MODELS, CatalogModels } from '../../ports/catalog-models.port';
import { viewableModels } from '../../viewable-models';
import { AddToCatalogCommand } from './add-to-catalog.command';

/** Thrown inside the append's transaction when the scope's catalog already has a live item of the model. */
class AlreadyInCatalog extends Error {
  constructor(readonly itemId: string) {
    super('already in the catalog');
  }
}

/**
 * Adds models to catalogs (ADR 0027). Everything is checked before anything is written — each model
 * exists and the caller may view it, each scope is one the caller may change, each body passes the
 * domain's rules — so a refused request adds nothing. Then each item is its own stream; a model already in
 * that scope's catalog is not added twice: its live item is answered instead (no events). A per-(scope,
 * model) lock makes that check and the append one step, so two parallel adds of one model make one item,
 * and a repeated request (a retry, the same Idempotency-Key) adds nothing more.
 */
@CommandHandler(AddToCatalogCommand)
export class AddToCatalogHandler implements ICommandHandler<AddToCatalogCommand, RecordChange<CatalogItem>[]> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CATALOG_MODELS) private readonly models: CatalogModels,
    @Inject(CATALOG_ITEMS) private readonly items: CatalogItems,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
  ) {}

  async execute({ actorId, bodies, idempotency }: AddToCatalogCommand): Promise<RecordChange<CatalogItem>[]> {
    const copies = await viewableModels(this.models, actorId, [...new Set(bodies.map((b) => b.modelId.toLowerCase()))]);
    const scopes = await Promise.all(bodies.map((b) => this.access.scopeForCreate(actorId, { teamId: b.teamId, projectId: b.projectId })));
    bodies.forEach((body) => throwIfInvalid(catalogCreateErrors({ body, model: copies.get(body.modelId.toLowerCase())?.model ?? null })));

    const added: RecordChange<CatalogItem>[] = [];
    for (const [i, body] of bodies.entries()) {
      const modelId = body.modelId.toLowerCase();
      const scope = scopes[i];
      const create = new CreateRecordCommand(
        catalogItemType,
        actorId,
        { teamId: body.teamId, projectId: body.projectId, body, model: copies.get(modelId)!.model },
        {
          // Only a single add carries the key: a list's repeat is answered by the skip below.
          ...(idempotency && bodies.length === 1 ? { idempotency } : {}),
          alsoInTransaction: async (trx) => {
            const existing = await this.items.lockLiveItemOfModel(trx, scope, modelId);
            if (existing) throw new AlreadyInCatalog(existing);
          },
        },
      );
      try {
        added.push(await this.commands.execute(create));
      } catch (error) {
        if (!(error instanceof AlreadyInCatalog)) throw error;
        const state = await this.store.load<CatalogFields>(catalogItemType, error.itemId);
        added.push({ record: catalogItemType.present(state!), eventIds: [] });
      }
    }
    return added;
  }
}
