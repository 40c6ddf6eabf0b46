import { Query } from '@nestjs/cqrs';
import { ComponentList, ListComponentsQuery as ListComponentsParams } from '@kiln/contracts';

export class ListComponentsQuery extends Query<ComponentList> {
  constructor(
    readonly actorId: string,
    readonly params: ListComponentsParams,
  ) {
    super();
  }
}
