import { DomainError, ModelShareAggregate, modelAllows, SHARE_MESSAGES } from '@kiln/domain';
import { ModelAccess } from '../../models/model-access';
import { ModelRepository } from '../../ports/model.repository.port';
import { PgSharingRepository } from '../adapters/pg-sharing.repository';

/**
 * A share and whether the caller may manage it (the model's policy 'model.share'). Someone who neither
 * has a role on the model nor is the share's recipient is told the share does not exist.
 */
export async function loadShareFor(actorId: string, shareId: string, shares: PgSharingRepository, models: ModelRepository, access: ModelAccess): Promise<{ share: ModelShareAggregate; mayShare: boolean }> {
  const share = await shares.findShare(shareId);
  const model = share ? await models.findById(share.snapshot().modelId) : null;
  if (!share || !model) throw new DomainError('not-found', SHARE_MESSAGES.notFound);
  const role = model.roleOf(await access.actorFor(model.snapshot(), actorId));
  if (!role && !share.isRecipient(actorId)) throw new DomainError('not-found', SHARE_MESSAGES.notFound);
  return { share, mayShare: modelAllows(role, 'model.share') };
}
