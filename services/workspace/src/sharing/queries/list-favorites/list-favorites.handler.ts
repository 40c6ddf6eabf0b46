import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FavoriteList } from '@kiln/contracts';
import { z } from 'zod';
import { PgSharingReadModel } from '../../adapters/pg-sharing.read-model';
import { ListFavoritesQuery } from './list-favorites.query';

@QueryHandler(ListFavoritesQuery)
export class ListFavoritesHandler implements IQueryHandler<ListFavoritesQuery, z.input<typeof FavoriteList>> {
  constructor(private readonly readModel: PgSharingReadModel) {}

  execute({ actorId, params }: ListFavoritesQuery) {
    return this.readModel.favorites(actorId, params);
  }
}
