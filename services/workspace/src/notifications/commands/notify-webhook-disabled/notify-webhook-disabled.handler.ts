import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { notificationForWebhookDisabled } from '@kiln/domain';
import { CLOCK, Clock } from '@kiln/service-kit';
import { Inject } from '@nestjs/common';
import { PgNotificationRepository } from '../../adapters/pg-notification.repository';
import { NotifyWebhookDisabledCommand } from './notify-webhook-disabled.command';

/**
 * A workspace notification for the owner of a disabled webhook endpoint (ADR 0067). The disabling (endpoint and
 * time) is the natural key, so the integrations service may ask again after a lost answer without a second one.
 */
@CommandHandler(NotifyWebhookDisabledCommand)
export class NotifyWebhookDisabledHandler implements ICommandHandler<NotifyWebhookDisabledCommand, { ok: true }> {
  constructor(
    private readonly notifications: PgNotificationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ ownerId, endpointId, url, disabledAt }: NotifyWebhookDisabledCommand): Promise<{ ok: true }> {
    const cause = { eventId: `webhook-disabled:${endpointId}:${disabledAt.toISOString()}`, actorId: null };
    await this.notifications.notify([notificationForWebhookDisabled({ ownerId, url })], cause, this.clock.now());
    return { ok: true };
  }
}
