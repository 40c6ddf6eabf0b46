import { Query } from '@nestjs/cqrs';
import { ModelListQuery, PublishedModelList } from '@kiln/contracts';
import { z } from 'zod';

/** GET /api/workspace/publish/my: my models that have a product, with its status. */
export class ListMyPublishedQuery extends Query<z.input<typeof PublishedModelList>> {
  constructor(
    readonly actorId: string,
    readonly params: z.output<typeof ModelListQuery>,
  ) {
    super();
  }
}
