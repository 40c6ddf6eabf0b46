import { Query } from '@nestjs/cqrs';
import { ListModelsQuery as ListModelsParams, ModelList } from '@kiln/contracts';

export class ListModelsQuery extends Query<ModelList> {
  constructor(
    readonly actorId: string,
    readonly params: ListModelsParams,
  ) {
    super();
  }
}
