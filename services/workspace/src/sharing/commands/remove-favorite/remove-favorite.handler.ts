import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, FAVORITE_MESSAGES } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { PgSharingRepository } from '../../adapters/pg-sharing.repository';
import { FavoriteChange } from '../../sharing-change';
import { RemoveFavoriteCommand } from './remove-favorite.command';

@CommandHandler(RemoveFavoriteCommand)
export class RemoveFavoriteHandler implements ICommandHandler<RemoveFavoriteCommand, FavoriteChange> {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly favorites: PgSharingRepository,
  ) {}

  async execute({ actorId, id }: RemoveFavoriteCommand): Promise<FavoriteChange> {
    const favorite = await this.favorites.findFavorite(id);
    if (!favorite) throw new DomainError('not-found', FAVORITE_MESSAGES.notFound);
    favorite.remove(actorId); // someone else's favorite: not found
    const eventIds = await this.favorites.saveFavorite(favorite, { actorId, occurredAt: this.clock.now() });
    return { favorite: favorite.snapshot(), starred: false, eventIds };
  }
}
