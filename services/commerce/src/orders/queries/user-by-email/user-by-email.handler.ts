import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ORDER_MESSAGES, UserByEmail } from '@kiln/contracts';
import { customerErrors, DomainError, throwIfInvalid } from '@kiln/domain';
import { CUSTOMER_DIRECTORY, CustomerDirectory } from '../../ports/customer-directory.port';
import { UserByEmailQuery } from './user-by-email.query';

/** Spec 002 §7 user-by-email: the workspace is asked; an address not like an e-mail 400, nobody with it 404. */
@QueryHandler(UserByEmailQuery)
export class UserByEmailHandler implements IQueryHandler<UserByEmailQuery, UserByEmail> {
  constructor(@Inject(CUSTOMER_DIRECTORY) private readonly directory: CustomerDirectory) {}

  async execute({ actorId, email }: UserByEmailQuery): Promise<UserByEmail> {
    throwIfInvalid(customerErrors({ fullName: '-', email }).map((e) => ({ ...e, path: 'email' })));
    const person = await this.directory.byEmail(actorId, email);
    if (!person) throw new DomainError('not-found', ORDER_MESSAGES.noRegisteredUser);
    return { fullName: person.fullName };
  }
}
