import { Query } from '@nestjs/cqrs';
import { UserByEmail } from '@kiln/contracts';

/** A registered user's full name by e-mail (the create modal fills and locks it). */
export class UserByEmailQuery extends Query<UserByEmail> {
  constructor(
    readonly actorId: string,
    readonly email: string,
  ) {
    super();
  }
}
