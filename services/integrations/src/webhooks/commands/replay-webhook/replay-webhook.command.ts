import { Command } from '@nestjs/cqrs';
import { ReplayAnswer, ReplayWebhookBody } from '@kiln/contracts';

/** Queue again every event the endpoint wants since a time or after an event id (ADR 0067). */
export class ReplayWebhookCommand extends Command<ReplayAnswer> {
  constructor(
    readonly actorId: string,
    readonly id: string,
    readonly from: ReplayWebhookBody,
  ) {
    super();
  }
}
