import { Query } from '@nestjs/cqrs';
import { User } from '@kiln/contracts';

export interface ResolvedSession {
  user: User;
  /** ISO time the session ends: the BFF drops live connections then. */
  expiresAt: string;
}

export class ResolveSessionQuery extends Query<ResolvedSession> {
  constructor(readonly token: string) {
    super();
  }
}
