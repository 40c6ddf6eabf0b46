import { Query } from '@nestjs/cqrs';
import { ShareUserList } from '@kiln/contracts';
import { z } from 'zod';

/** GET /api/workspace/shared-model/user-list/: the people I have shared models with. */
export class ListShareUsersQuery extends Query<z.input<typeof ShareUserList>> {
  constructor(readonly actorId: string) {
    super();
  }
}
