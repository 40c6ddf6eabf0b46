import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ResolvedAccessToken } from '@kiln/contracts';
import { ACCESS_TOKEN_MESSAGES, DomainError, lastUsedIsStale } from '@kiln/domain';
import { Clock, CLOCK } from '@kiln/service-kit';
import { hashAccessTokenSecret } from '../../access-token-secret';
import { ACCESS_TOKEN_READ_MODEL, ACCESS_TOKEN_REPOSITORY, AccessTokenReadModel, AccessTokenRepository } from '../../ports/access-token.repository.port';
import { ResolveAccessTokenQuery } from './resolve-access-token.query';

/**
 * 401 unless the secret is a live token. Each resolution is a use: it writes the last-used time when the one
 * kept is over a minute old (bookkeeping, as a session's; the BFF asks at most once a cache lifetime per token).
 */
@QueryHandler(ResolveAccessTokenQuery)
export class ResolveAccessTokenHandler implements IQueryHandler<ResolveAccessTokenQuery, ResolvedAccessToken> {
  constructor(
    @Inject(ACCESS_TOKEN_READ_MODEL) private readonly readModel: AccessTokenReadModel,
    @Inject(ACCESS_TOKEN_REPOSITORY) private readonly tokens: AccessTokenRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ secret }: ResolveAccessTokenQuery): Promise<ResolvedAccessToken> {
    const now = this.clock.now();
    const found = await this.readModel.resolve(hashAccessTokenSecret(secret), now);
    if (!found) throw new DomainError('unauthenticated', ACCESS_TOKEN_MESSAGES.invalid);
    if (lastUsedIsStale(found.lastUsedAt, now)) await this.tokens.touch(found.resolved.tokenId, now);
    return found.resolved;
  }
}
