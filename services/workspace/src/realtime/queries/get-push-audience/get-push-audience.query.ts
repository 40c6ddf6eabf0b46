import { Query } from '@nestjs/cqrs';
import { WorkspaceRpc } from '@kiln/contracts';
import { z } from 'zod';

export type PushAudience = z.output<typeof WorkspaceRpc.pushAudience.reply>;

/** The teams (with role) and shared models (with role) whose pushes the user's sockets receive (ADR 0019). */
export class GetPushAudienceQuery extends Query<PushAudience> {
  constructor(readonly actorId: string) {
    super();
  }
}
