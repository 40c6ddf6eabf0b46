import { COMMON_MESSAGES } from '@kiln/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, FavoriteAggregate } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { ModelAccess } from '../../../models/adapters/model-access';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgSharingRepository } from '../../adapters/pg-sharing.repository';
import { FavoriteChange } from '../../sharing-change';
import { ToggleFavoriteCommand } from './toggle-favorite.command';

@CommandHandler(ToggleFavoriteCommand)
export class ToggleFavoriteHandler implements ICommandHandler<ToggleFavoriteCommand, FavoriteChange> {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
    private readonly favorites: PgSharingRepository,
  ) {}

  async execute({ actorId, modelId }: ToggleFavoriteCommand): Promise<FavoriteChange> {
    const loaded = await this.access.load(modelId, actorId);
    if (!loaded) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    // Anyone with a role may star a model; nobody else may learn it exists.
    loaded.model.assertAllowed(loaded.actor, 'model.favorite', 'You may not star this model.');
    const now = this.clock.now();
    const existing = await this.favorites.findFavoriteOf(actorId, modelId);
    const favorite = existing ?? FavoriteAggregate.add({ id: newId(now), userId: actorId, modelId, now });
    if (existing) existing.remove(actorId);
    const eventIds = await this.favorites.saveFavorite(favorite, { actorId, occurredAt: now });
    return { favorite: favorite.snapshot(), starred: !existing, eventIds };
  }
}
