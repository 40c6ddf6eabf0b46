import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AUTH_MESSAGES } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { PgSessionReadModel } from '../../adapters/pg-session.read-model';
import { ResolvedSession, ResolveSessionQuery } from './resolve-session.query';

/** Who a session token belongs to and until when; 401 when it is unknown or expired. */
@QueryHandler(ResolveSessionQuery)
export class ResolveSessionHandler implements IQueryHandler<ResolveSessionQuery, ResolvedSession> {
  constructor(private readonly sessions: PgSessionReadModel) {}

  async execute({ token }: ResolveSessionQuery): Promise<ResolvedSession> {
    const session = await this.sessions.resolve(token);
    if (!session) throw new DomainError('unauthenticated', AUTH_MESSAGES.notSignedIn);
    return session;
  }
}
