import { CatalogModel, MODEL_ID_WRONG, MODEL_VIEW_DENIED } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { CatalogModels } from './ports/catalog-models.port';

/** The caller's copy of each model (and when it last changed), or the spec's error: missing/deleted 404, not viewable 403 (spec 002 §5). */
export async function viewableModels(models: CatalogModels, actorId: string, ids: string[]): Promise<Map<string, { model: CatalogModel; updatedAt: string }>> {
  const found = new Map<string, { model: CatalogModel; updatedAt: string }>();
  for (const source of await models.lookUp(actorId, ids)) {
    if (source.status === 'missing') throw new DomainError('not-found', MODEL_ID_WRONG, [{ path: 'modelId', message: MODEL_ID_WRONG }]);
    if (source.status === 'forbidden') throw new DomainError('forbidden', MODEL_VIEW_DENIED, [{ path: 'modelId', message: MODEL_VIEW_DENIED }]);
    found.set(source.id, { model: source.model, updatedAt: source.updatedAt });
  }
  return found;
}
