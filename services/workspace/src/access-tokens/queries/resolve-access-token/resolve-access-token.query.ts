import { Query } from '@nestjs/cqrs';
import { ResolvedAccessToken } from '@kiln/contracts';

/** Whom a token's secret acts as, with its scopes (the BFF asks, then keeps the answer a while). */
export class ResolveAccessTokenQuery extends Query<ResolvedAccessToken> {
  constructor(readonly secret: string) {
    super();
  }
}
