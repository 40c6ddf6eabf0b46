import { Query } from '@nestjs/cqrs';
import { WebhookSecret } from '@kiln/contracts';

/** An endpoint's signing secret (ADR 0067). */
export class WebhookSecretQuery extends Query<WebhookSecret> {
  constructor(
    readonly actorId: string,
    readonly id: string,
  ) {
    super();
  }
}
