import { Query } from '@nestjs/cqrs';
import { Availability } from '@kiln/contracts';

/** Is this slug free? Any signed-in user may ask. */
export class ValidateSlugQuery extends Query<Availability> {
  constructor(readonly slug: string) {
    super();
  }
}
