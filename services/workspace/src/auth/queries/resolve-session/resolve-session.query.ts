import { Query } from '@nestjs/cqrs';
import { User } from '@kiln/contracts';

export class ResolveSessionQuery extends Query<User> {
  constructor(readonly token: string) {
    super();
  }
}
