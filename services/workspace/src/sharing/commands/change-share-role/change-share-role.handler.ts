import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ModelAccess } from '../../../models/adapters/model-access';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgSharingRepository } from '../../adapters/pg-sharing.repository';
import { loadShareFor } from '../../share-access';
import { ShareChange } from '../../sharing-change';
import { ChangeShareRoleCommand } from './change-share-role.command';

@CommandHandler(ChangeShareRoleCommand)
export class ChangeShareRoleHandler implements ICommandHandler<ChangeShareRoleCommand, ShareChange> {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
    private readonly shares: PgSharingRepository,
  ) {}

  async execute({ actorId, shareId, role }: ChangeShareRoleCommand): Promise<ShareChange> {
    const { share, mayShare } = await loadShareFor(actorId, shareId, this.shares, this.access);
    const now = this.clock.now();
    share.changeRole(role, mayShare, now);
    const eventIds = await this.shares.saveShare(share, { actorId, occurredAt: now });
    return { share: share.snapshot(), eventIds };
  }
}
