import { CatalogModelLookup, MODEL_ID_WRONG } from '@kiln/contracts';
import { DomainError, normalizeModelId } from '@kiln/domain';
import { RecordDeps } from '../../../records/business-records.deps';
import { liveItemOfModel, viewableModels } from '../../commands/add-to-catalog/add-to-catalog';
import { CatalogModels } from '../../ports/catalog-models.port';

/**
 * GET /api/workspace/business-catalog/model-lookup?modelId= (spec 002 §5, §7 "isViewAllowed" + "get
 * model"): the model's preview when the caller may view it, and whether the scope's catalog (mine, or
 * `teamId` / `projectId`'s) already has it. Not 24 hex characters: 400; missing or deleted: 404; not
 * viewable: 403 — each with the spec's sentence.
 */
export async function lookUpModel(deps: RecordDeps, models: CatalogModels, actorId: string, query: { modelId: string; teamId?: string | null; projectId?: string | null }): Promise<CatalogModelLookup> {
  const modelId = normalizeModelId(query.modelId);
  if (!modelId) throw new DomainError('invalid', MODEL_ID_WRONG, [{ path: 'modelId', message: MODEL_ID_WRONG }]);
  const { model, updatedAt } = (await viewableModels(models, actorId, [modelId])).get(modelId)!;
  const list = await deps.access.scopeForList(actorId, { teamId: query.teamId, projectId: query.projectId });
  const scope = list.kind === 'personal' ? { ownerId: actorId, teamId: null, projectId: null } : { ownerId: actorId, teamId: list.teamId, projectId: list.projectId ?? null };
  return { model, alreadyInCatalog: (await liveItemOfModel(deps.db, scope, modelId)) !== null, updatedAt };
}
