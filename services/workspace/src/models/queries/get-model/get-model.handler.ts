import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { COMMON_MESSAGES, Model } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { PgModelReadModel } from '../../adapters/pg-model.read-model';
import { GetModelQuery } from './get-model.query';

@QueryHandler(GetModelQuery)
export class GetModelHandler implements IQueryHandler<GetModelQuery, Model> {
  constructor(private readonly readModel: PgModelReadModel) {}

  async execute({ actorId, id }: GetModelQuery): Promise<Model> {
    // Someone else's model answers exactly like a missing one.
    const model = await this.readModel.get(actorId, id);
    if (!model) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    return model;
  }
}
