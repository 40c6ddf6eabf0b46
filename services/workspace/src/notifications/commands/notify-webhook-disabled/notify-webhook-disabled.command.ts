import { Command } from '@nestjs/cqrs';

/** Tell an endpoint's owner that the integrations service disabled it after its retries (ADR 0067). */
export class NotifyWebhookDisabledCommand extends Command<{ ok: true }> {
  constructor(
    readonly ownerId: string,
    readonly endpointId: string,
    readonly url: string,
    readonly disabledAt: Date,
  ) {
    super();
  }
}
