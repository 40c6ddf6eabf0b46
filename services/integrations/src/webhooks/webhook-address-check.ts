import { Inject, Injectable } from '@nestjs/common';
import { checkWebhookUrl, DomainError, pickDeliveryAddress } from '@kiln/domain';
import { WEBHOOK_TRANSPORT, WebhookTransport } from './ports/webhook-transport.port';
import { WEBHOOK_CONFIG, WebhookConfig } from './webhook-config';

/** The subscription-time check of an address (the dispatcher checks again at each attempt): answers the URL kept. */
@Injectable()
export class WebhookAddressCheck {
  constructor(
    @Inject(WEBHOOK_CONFIG) private readonly config: WebhookConfig,
    @Inject(WEBHOOK_TRANSPORT) private readonly transport: WebhookTransport,
  ) {}

  async check(raw: string): Promise<string> {
    const checked = checkWebhookUrl(raw, this.config.allowHosts);
    if (checked.literalIp || checked.allowListed) return checked.url;
    const picked = pickDeliveryAddress(checked, await this.transport.resolve(checked.host));
    if ('refused' in picked) throw new DomainError('invalid', picked.refused, [{ path: 'url', message: picked.refused }]);
    return checked.url;
  }
}
