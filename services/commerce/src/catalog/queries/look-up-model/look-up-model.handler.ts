import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CatalogModelLookup, MODEL_ID_WRONG } from '@kiln/contracts';
import { DomainError, normalizeModelId } from '@kiln/domain';
import { BUSINESS_ACCESS, BusinessAccess } from '../../../team-access/ports/business-access.port';
import { CATALOG_ITEMS, CatalogItems } from '../../ports/catalog-items.port';
import { CATALOG_MODELS, CatalogModels } from '../../ports/catalog-models.port';
import { viewableModels } from '../../viewable-models';
import { LookUpModelQuery } from './look-up-model.query';

/**
 * GET /api/workspace/business-catalog/model-lookup?modelId= (spec 002 §5, §7 "isViewAllowed" + "get
 * model"): the model's preview when the caller may view it, and whether the scope's catalog (mine, or
 * `teamId` / `projectId`'s) already has it. Not 24 hex characters: 400; missing or deleted: 404; not
 * viewable: 403 — each with the spec's sentence.
 */
@QueryHandler(LookUpModelQuery)
export class LookUpModelHandler implements IQueryHandler<LookUpModelQuery, CatalogModelLookup> {
  constructor(
    @Inject(CATALOG_MODELS) private readonly models: CatalogModels,
    @Inject(CATALOG_ITEMS) private readonly items: CatalogItems,
    @Inject(BUSINESS_ACCESS) private readonly access: BusinessAccess,
  ) {}

  async execute({ actorId, query }: LookUpModelQuery): Promise<CatalogModelLookup> {
    const modelId = normalizeModelId(query.modelId);
    if (!modelId) throw new DomainError('invalid', MODEL_ID_WRONG, [{ path: 'modelId', message: MODEL_ID_WRONG }]);
    const { model, updatedAt } = (await viewableModels(this.models, actorId, [modelId])).get(modelId)!;
    const list = await this.access.scopeForList(actorId, { teamId: query.teamId, projectId: query.projectId });
    const scope =
      list.kind === 'personal'
        ? { ownerId: actorId, teamId: null, projectId: null }
        : { ownerId: actorId, teamId: list.teamId, projectId: list.projectId ?? null };
    return { model, alreadyInCatalog: (await this.items.liveItemOfModel(scope, modelId)) !== null, updatedAt };
  }
}
