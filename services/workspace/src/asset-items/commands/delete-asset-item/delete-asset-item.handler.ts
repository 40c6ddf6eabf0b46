import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Clock, CLOCK } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { ASSET_ITEM_REPOSITORY, AssetItemRepository } from '../../ports/asset-item.repository.port';
import { changeItemOfKind } from '../../load-item-of-kind';
import { AssetItemChange } from '../create-asset-item/create-asset-item.command';
import { DeleteAssetItemCommand } from './delete-asset-item.command';

/** DELETE /api/workspace/{image|resource-svg|object-3-d}/{id}: answers the item's last state; the media stays the uploader's (ADR 0052). */
@CommandHandler(DeleteAssetItemCommand)
export class DeleteAssetItemHandler implements ICommandHandler<DeleteAssetItemCommand, AssetItemChange> {
  constructor(
    @Inject(ASSET_ITEM_REPOSITORY) private readonly items: AssetItemRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, kind, id }: DeleteAssetItemCommand): Promise<AssetItemChange> {
    const now = this.clock.now();
    const { item, eventIds } = await changeItemOfKind(this.items, this.teamRoles, { actorId, kind, id, meta: { actorId, occurredAt: now } }, (item, actor) =>
      item.delete(actor, now),
    );
    return { item: item.snapshot(), eventIds };
  }
}
