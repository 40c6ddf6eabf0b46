import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ModelShares } from '@kiln/contracts';
import { PgSharingReadModel } from '../../adapters/pg-sharing.read-model';
import { GetModelSharesQuery } from './get-model-shares.query';

@QueryHandler(GetModelSharesQuery)
export class GetModelSharesHandler implements IQueryHandler<GetModelSharesQuery, ModelShares> {
  constructor(private readonly readModel: PgSharingReadModel) {}

  execute({ actorId, modelId }: GetModelSharesQuery): Promise<ModelShares> {
    return this.readModel.modelShares(actorId, modelId);
  }
}
