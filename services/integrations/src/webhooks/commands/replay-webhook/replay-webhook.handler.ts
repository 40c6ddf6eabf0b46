import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ReplayAnswer, WEBHOOK_MESSAGES, WEBHOOK_REPLAY_MAX } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { CLOCK, Clock } from '@kiln/service-kit';
import { EVENT_JOURNAL_READER, EventJournalReader } from '../../ports/event-journal-reader.port';
import { WEBHOOK_DELIVERIES, WebhookDeliveries } from '../../ports/webhook-deliveries.port';
import { WebhookAccess } from '../../webhook-access';
import { WebhookDispatcher } from '../../webhook-dispatcher';
import { ReplayWebhookCommand } from './replay-webhook.command';

/**
 * Replays from the journal: every event after the given one (or from the given time) that the endpoint wants is
 * queued again (a delivered one is sent again, with its same webhook-id). Visibility is checked at each delivery.
 */
@CommandHandler(ReplayWebhookCommand)
export class ReplayWebhookHandler implements ICommandHandler<ReplayWebhookCommand, ReplayAnswer> {
  constructor(
    @Inject(WEBHOOK_DELIVERIES) private readonly deliveries: WebhookDeliveries,
    @Inject(EVENT_JOURNAL_READER) private readonly journal: EventJournalReader,
    @Inject(WebhookAccess) private readonly access: WebhookAccess,
    @Inject(WebhookDispatcher) private readonly dispatcher: WebhookDispatcher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id, from }: ReplayWebhookCommand): Promise<ReplayAnswer> {
    const endpoint = await this.access.managed(actorId, id);
    let after: string;
    if (from.afterEventId !== undefined) {
      const position = await this.journal.positionOf(from.afterEventId);
      if (position === null)
        throw new DomainError('invalid', WEBHOOK_MESSAGES.replayEventUnknown, [{ path: 'afterEventId', message: WEBHOOK_MESSAGES.replayEventUnknown }]);
      after = position;
    } else {
      after = await this.journal.positionBefore(new Date(from.since!));
    }
    const queued = await this.deliveries.replay(endpoint.id, after, WEBHOOK_REPLAY_MAX, this.clock.now(), this.dispatcher.visible);
    this.dispatcher.nudge();
    return { queued };
  }
}
