import { Query } from '@nestjs/cqrs';
import { Model } from '@kiln/contracts';

export class GetModelQuery extends Query<Model> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
