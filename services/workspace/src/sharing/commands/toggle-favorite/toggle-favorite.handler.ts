import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, FavoriteAggregate } from '@kiln/domain';
import { newId } from '@kiln/service-kit';
import { ModelAccess } from '../../../models/model-access';
import { Clock, CLOCK } from '../../../ports/clock.port';
import { MODEL_REPOSITORY, ModelRepository } from '../../../ports/model.repository.port';
import { PgSharingRepository } from '../../adapters/pg-sharing.repository';
import { FavoriteChange } from '../sharing-change';
import { ToggleFavoriteCommand } from './toggle-favorite.command';

@CommandHandler(ToggleFavoriteCommand)
export class ToggleFavoriteHandler implements ICommandHandler<ToggleFavoriteCommand, FavoriteChange> {
  constructor(
    @Inject(MODEL_REPOSITORY) private readonly models: ModelRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: ModelAccess,
    private readonly favorites: PgSharingRepository,
  ) {}

  async execute({ actorId, modelId }: ToggleFavoriteCommand): Promise<FavoriteChange> {
    const model = await this.models.findById(modelId);
    if (!model) throw new DomainError('not-found', 'Model not found.');
    // Anyone with a role may star a model; nobody else may learn it exists.
    model.assertAllowed(await this.access.actorFor(model.snapshot(), actorId), 'model.favorite', 'You may not star this model.');
    const now = this.clock.now();
    const existing = await this.favorites.findFavoriteOf(actorId, modelId);
    const favorite = existing ?? FavoriteAggregate.add({ id: newId(now), userId: actorId, modelId, now });
    if (existing) existing.remove(actorId);
    const eventIds = await this.favorites.saveFavorite(favorite, { actorId, occurredAt: now });
    return { favorite: favorite.snapshot(), starred: !existing, eventIds };
  }
}
