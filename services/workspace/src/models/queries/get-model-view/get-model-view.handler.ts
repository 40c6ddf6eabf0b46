import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { COMMON_MESSAGES, ModelViewSource } from '@kiln/contracts';
import { DomainError, modelAllows } from '@kiln/domain';
import { geometryOfRow } from '../../adapters/model-row.mapper';
import { PgModelReadModel } from '../../adapters/pg-model.read-model';
import { GetModelViewQuery } from './get-model-view.query';

@QueryHandler(GetModelViewQuery)
export class GetModelViewHandler implements IQueryHandler<GetModelViewQuery, ModelViewSource> {
  constructor(private readonly readModel: PgModelReadModel) {}

  async execute({ actorId, id }: GetModelViewQuery): Promise<ModelViewSource> {
    // Any role opens the viewer (spec 000 §6), the 'Everyone' link's included, for anyone; without one: not found.
    const found = await this.readModel.access(actorId, id);
    if (!found || !modelAllows(found.access.role, 'model.open.viewer')) throw new DomainError('not-found', COMMON_MESSAGES.modelNotFound);
    const geometry = geometryOfRow(found.row) ?? null;
    return { id, name: found.row.name, hasGeometry: geometry !== null, geometry };
  }
}
