import { Query } from '@nestjs/cqrs';
import { Availability } from '@kiln/contracts';

/** Is this plugin id free? Any signed-in user may ask. */
export class ValidatePluginIdQuery extends Query<Availability> {
  constructor(readonly term: string) {
    super();
  }
}
