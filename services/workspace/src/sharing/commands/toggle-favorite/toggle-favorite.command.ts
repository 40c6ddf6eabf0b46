import { Command } from '@nestjs/cqrs';
import { FavoriteChange } from '../../sharing-change';

/** POST /api/workspace/user-favorite/update-favorite-status: stars the model, or un-stars it. */
export class ToggleFavoriteCommand extends Command<FavoriteChange> {
  constructor(
    readonly actorId: string,
    readonly modelId: string,
  ) {
    super();
  }
}
