import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ModelAccess } from '../../../models/adapters/model-access';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgSharingRepository } from '../../adapters/pg-sharing.repository';
import { loadShareFor } from '../../share-access';
import { ShareChange } from '../../sharing-change';
import { RemoveShareCommand } from './remove-share.command';

@CommandHandler(RemoveShareCommand)
export class RemoveShareHandler implements ICommandHandler<RemoveShareCommand, ShareChange> {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
    private readonly shares: PgSharingRepository,
  ) {}

  async execute({ actorId, shareId }: RemoveShareCommand): Promise<ShareChange> {
    const { share, mayShare } = await loadShareFor(actorId, shareId, this.shares, this.access);
    const last = share.snapshot();
    const now = this.clock.now();
    share.remove(actorId, mayShare, now);
    const eventIds = await this.shares.saveShare(share, { actorId, occurredAt: now });
    // The answer is the share as it was when it ended.
    return { share: last, eventIds };
  }
}
