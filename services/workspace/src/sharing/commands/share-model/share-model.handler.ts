import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, ModelShareAggregate, SHARE_MESSAGES, shareEmail } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { ModelAccess } from '../../../models/adapters/model-access';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgSharingRepository } from '../../adapters/pg-sharing.repository';
import { ShareChange } from '../../sharing-change';
import { ShareModelCommand } from './share-model.command';

@CommandHandler(ShareModelCommand)
export class ShareModelHandler implements ICommandHandler<ShareModelCommand, ShareChange> {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
    private readonly shares: PgSharingRepository,
  ) {}

  async execute({ actorId, modelId, email: rawEmail, role }: ShareModelCommand): Promise<ShareChange> {
    const loaded = await this.access.load(modelId, actorId);
    if (!loaded) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    const { model, actor } = loaded;
    model.assertAllowed(actor, 'model.share', SHARE_MESSAGES.ownerOnly);
    const email = shareEmail(rawEmail);
    const now = this.clock.now();
    // Sharing again with the same e-mail changes that person's role (spec 000 §6 share dialog).
    const existing = await this.shares.findShareByEmail(modelId, email);
    const share =
      existing ??
      ModelShareAggregate.create({
        id: newId(now),
        modelId,
        ownerId: model.snapshot().authorId,
        email,
        userId: await this.shares.accountIdByEmail(email),
        role,
        sharedById: actorId,
        now,
      });
    if (existing) existing.changeRole(role, true, now);
    const eventIds = await this.shares.saveShare(share, { actorId, occurredAt: now });
    return { share: share.snapshot(), eventIds };
  }
}
