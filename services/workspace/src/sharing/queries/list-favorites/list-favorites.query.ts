import { Query } from '@nestjs/cqrs';
import { FavoriteList, ModelListQuery } from '@kiln/contracts';
import { z } from 'zod';

/** GET /api/workspace/user-favorite/my */
export class ListFavoritesQuery extends Query<z.input<typeof FavoriteList>> {
  constructor(
    readonly actorId: string,
    readonly params: z.output<typeof ModelListQuery>,
  ) {
    super();
  }
}
