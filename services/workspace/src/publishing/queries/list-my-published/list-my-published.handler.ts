import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PublishedModel, PublishedModelList } from '@kiln/contracts';
import { z } from 'zod';
import { PgModelReadModel } from '../../../models/adapters/pg-model.read-model';
import { PgPublishedReadModel } from '../../adapters/pg-published.read-model';
import { ListMyPublishedQuery } from './list-my-published.query';

/** The caller's live models with a product, newest change first, each as My Models shows it plus its product. */
@QueryHandler(ListMyPublishedQuery)
export class ListMyPublishedHandler implements IQueryHandler<ListMyPublishedQuery, z.input<typeof PublishedModelList>> {
  constructor(
    private readonly published: PgPublishedReadModel,
    private readonly models: PgModelReadModel,
  ) {}

  async execute({ actorId, params }: ListMyPublishedQuery): Promise<z.input<typeof PublishedModelList>> {
    const { rows, total } = await this.published.page(actorId, params);
    const models = await this.models.presentRows(
      actorId,
      rows.map((r) => r.modelId),
    );
    const data: PublishedModel[] = rows.flatMap((row) => {
      const model = models.get(row.modelId);
      return model ? [{ ...model, product: row.product }] : [];
    });
    return { data, total };
  }
}
