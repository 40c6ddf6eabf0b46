import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ComponentList } from '@kiln/contracts';
import { PgComponentReadModel } from '../../adapters/pg-component.read-model';
import { ListComponentsQuery } from './list-components.query';

@QueryHandler(ListComponentsQuery)
export class ListComponentsHandler implements IQueryHandler<ListComponentsQuery, ComponentList> {
  constructor(private readonly readModel: PgComponentReadModel) {}

  execute({ actorId, params }: ListComponentsQuery): Promise<ComponentList> {
    return this.readModel.list(actorId, params);
  }
}
