import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PgPushAudienceReadModel } from '../../adapters/pg-push-audience.read-model';
import { GetPushAudienceQuery, PushAudience } from './get-push-audience.query';

/** Which rooms a user's sockets join: from the state tables, not the read models (see PgPushAudienceReadModel, ADR 0019). */
@QueryHandler(GetPushAudienceQuery)
export class GetPushAudienceHandler implements IQueryHandler<GetPushAudienceQuery, PushAudience> {
  constructor(private readonly audience: PgPushAudienceReadModel) {}

  execute({ actorId }: GetPushAudienceQuery): Promise<PushAudience> {
    return this.audience.of(actorId);
  }
}
