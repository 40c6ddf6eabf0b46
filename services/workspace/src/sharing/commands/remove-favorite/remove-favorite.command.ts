import { Command } from '@nestjs/cqrs';
import { FavoriteChange } from '../../sharing-change';

/** DELETE /api/workspace/user-favorite/{id}: un-stars one of my favorites. */
export class RemoveFavoriteCommand extends Command<FavoriteChange> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
