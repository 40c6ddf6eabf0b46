import { DomainError, ModelShareAggregate, modelAllows, SHARE_MESSAGES } from '@kiln/domain';
import { ModelAccess } from '../models/adapters/model-access';
import { PgSharingRepository } from './adapters/pg-sharing.repository';

/**
 * A share and whether the caller may manage it (the model's policy 'model.share'). Someone who neither
 * has a role on the model nor is the share's recipient is told the share does not exist.
 */
export async function loadShareFor(
  actorId: string,
  shareId: string,
  shares: PgSharingRepository,
  access: ModelAccess,
): Promise<{ share: ModelShareAggregate; mayShare: boolean }> {
  const share = await shares.findShare(shareId);
  const loaded = share ? await access.load(share.snapshot().modelId, actorId) : null;
  if (!share || !loaded) throw new DomainError('not-found', SHARE_MESSAGES.notFound);
  const role = loaded.model.roleOf(loaded.actor);
  if (!role && !share.isRecipient(actorId)) throw new DomainError('not-found', SHARE_MESSAGES.notFound);
  return { share, mayShare: modelAllows(role, 'model.share') };
}
