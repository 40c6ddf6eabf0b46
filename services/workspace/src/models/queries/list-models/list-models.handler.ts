import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ModelList } from '@kiln/contracts';
import { PgModelReadModel } from '../../adapters/pg-model.read-model';
import { ListModelsQuery } from './list-models.query';

@QueryHandler(ListModelsQuery)
export class ListModelsHandler implements IQueryHandler<ListModelsQuery, ModelList> {
  constructor(private readonly readModel: PgModelReadModel) {}

  execute({ actorId, params }: ListModelsQuery): Promise<ModelList> {
    return this.readModel.list(actorId, params);
  }
}
