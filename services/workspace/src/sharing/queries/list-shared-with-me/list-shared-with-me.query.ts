import { Query } from '@nestjs/cqrs';
import { ModelListQuery, SharedModelList } from '@kiln/contracts';
import { z } from 'zod';

/** GET /api/workspace/shared-model/my */
export class ListSharedWithMeQuery extends Query<z.input<typeof SharedModelList>> {
  constructor(
    readonly actorId: string,
    readonly params: z.output<typeof ModelListQuery>,
  ) {
    super();
  }
}
