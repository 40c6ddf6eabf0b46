import { Query } from '@nestjs/cqrs';
import { Plugin } from '@kiln/contracts';

export class GetPluginQuery extends Query<Plugin> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
