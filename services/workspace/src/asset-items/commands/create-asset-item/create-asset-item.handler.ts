import { ASSET_ITEM_MESSAGES } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AssetItemAggregate, DomainError, TEAM_MESSAGES } from '@kiln/domain';
import { Clock, CLOCK, newId } from '@kiln/service-kit';
import { TEAM_ROLES_PORT, TeamRoles } from '../../../teams/ports/team-roles.port';
import { ASSET_ITEM_REPOSITORY, AssetItemRepository } from '../../ports/asset-item.repository.port';
import { ASSET_MEDIA, AssetMedia } from '../../ports/asset-media.port';
import { AssetItemChange, CreateAssetItemCommand } from './create-asset-item.command';

/**
 * POST /api/workspace/{image|resource-svg|object-3-d}: the caller's own upload of the library's kind becomes
 * an item of the scope (ADR 0052). Who may is checked before the media is looked at.
 */
@CommandHandler(CreateAssetItemCommand)
export class CreateAssetItemHandler implements ICommandHandler<CreateAssetItemCommand, AssetItemChange> {
  constructor(
    @Inject(ASSET_ITEM_REPOSITORY) private readonly items: AssetItemRepository,
    @Inject(ASSET_MEDIA) private readonly media: AssetMedia,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEAM_ROLES_PORT) private readonly teamRoles: TeamRoles,
  ) {}

  async execute({ actorId, kind, body }: CreateAssetItemCommand): Promise<AssetItemChange> {
    const teamId = body.teamId ?? null;
    const projectId = body.projectId ?? null;
    const actor = { userId: actorId, teamRole: teamId ? await this.teamRoles.roleOf(teamId, actorId) : null };
    AssetItemAggregate.assertMayCreate(actor, { teamId, projectId });
    if (projectId && teamId && !(await this.teamRoles.projectBelongsTo(projectId, teamId))) throw new DomainError('forbidden', TEAM_MESSAGES.noAccess);
    const media = await this.media.mediaOf(actorId, body.mediaId);
    if (!media) throw new DomainError('invalid', ASSET_ITEM_MESSAGES.mediaNotFound, [{ path: 'mediaId', message: ASSET_ITEM_MESSAGES.mediaNotFound }]);
    const now = this.clock.now();
    const item = AssetItemAggregate.create({ id: newId(now), kind, media, actor, teamId, projectId, now });
    const eventIds = await this.items.save(item, { actorId, occurredAt: now });
    if (media.preview.status !== 'pending') return { item: item.snapshot(), eventIds };
    // As stored (version 1): the follow-up is a change of it.
    const stored = AssetItemAggregate.restore(item.snapshot());
    eventIds.push(...(await this.followPreviewOnce(stored, actorId, body.mediaId)));
    return { item: stored.snapshot(), eventIds };
  }

  /**
   * The media was still being processed when asked. Its `processed` event updates the item (the reaction
   * follow-media-previews), unless that event was handled before the item existed: asked again now that the
   * item is stored, the media has its result in that case, so no item stays pending for good (ADR 0052).
   * A change the reaction made meanwhile wins (it has the same or a newer answer).
   */
  private async followPreviewOnce(item: AssetItemAggregate, actorId: string, mediaId: string): Promise<string[]> {
    const now = this.clock.now();
    const media = await this.media.mediaOf(actorId, mediaId).catch(() => null);
    if (!media) return [];
    item.followPreview(media.preview);
    try {
      return await this.items.save(item, { actorId, occurredAt: now });
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'conflict') return [];
      throw error;
    }
  }
}
