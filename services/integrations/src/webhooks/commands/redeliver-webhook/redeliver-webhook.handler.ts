import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WEBHOOK_MESSAGES, WebhookDelivery } from '@kiln/contracts';
import { DomainError } from '@kiln/domain';
import { CLOCK, Clock } from '@kiln/service-kit';
import { WEBHOOK_DELIVERIES, WebhookDeliveries } from '../../ports/webhook-deliveries.port';
import { WebhookAccess } from '../../webhook-access';
import { WebhookDispatcher } from '../../webhook-dispatcher';
import { RedeliverWebhookCommand } from './redeliver-webhook.command';

/** Puts a delivery back to pending, due now, with a fresh retry schedule (one in flight is left to finish). */
@CommandHandler(RedeliverWebhookCommand)
export class RedeliverWebhookHandler implements ICommandHandler<RedeliverWebhookCommand, WebhookDelivery> {
  constructor(
    @Inject(WEBHOOK_DELIVERIES) private readonly deliveries: WebhookDeliveries,
    @Inject(WebhookAccess) private readonly access: WebhookAccess,
    @Inject(WebhookDispatcher) private readonly dispatcher: WebhookDispatcher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ actorId, id, deliveryId }: RedeliverWebhookCommand): Promise<WebhookDelivery> {
    const endpoint = await this.access.managed(actorId, id);
    if (!(await this.deliveries.redeliver(endpoint.id, deliveryId, this.clock.now()))) throw new DomainError('not-found', WEBHOOK_MESSAGES.deliveryNotFound);
    this.dispatcher.nudge();
    return (await this.deliveries.get(endpoint.id, deliveryId))!;
  }
}
