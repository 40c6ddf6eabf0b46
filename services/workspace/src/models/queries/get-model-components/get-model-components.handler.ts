import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { COMMON_MESSAGES, ModelComponents } from '@kiln/contracts';
import { DomainError, modelAllows } from '@kiln/domain';
import { COMPONENT_USAGES, ComponentUsages } from '../../../components/ports/component.repository.port';
import { PgModelReadModel } from '../../adapters/pg-model.read-model';
import { GetModelComponentsQuery } from './get-model-components.query';

@QueryHandler(GetModelComponentsQuery)
export class GetModelComponentsHandler implements IQueryHandler<GetModelComponentsQuery, ModelComponents> {
  constructor(
    private readonly readModel: PgModelReadModel,
    @Inject(COMPONENT_USAGES) private readonly usages: ComponentUsages,
  ) {}

  async execute({ actorId, id }: GetModelComponentsQuery): Promise<ModelComponents> {
    // Whoever may read the model (any role) may see what it uses; anyone else: the missing model's 404.
    const found = actorId ? await this.readModel.access(actorId, id) : null;
    if (!found || !modelAllows(found.access.role, 'model.read')) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    return { modelId: id, componentIds: await this.usages.usedByModel(id) };
  }
}
