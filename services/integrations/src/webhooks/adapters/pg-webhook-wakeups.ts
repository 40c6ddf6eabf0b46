import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { ServiceRuntime } from '@kiln/service-kit';
import type { PoolClient } from 'pg';
import { JOURNAL_CHANNEL } from '../../schema';
import { WebhookWakeups } from '../ports/webhook-wakeups.port';

/** The webhooks' NOTIFY channel: deliveries became due (made by a fan-out, a replay, a redelivery, given back). */
export const WEBHOOKS_CHANNEL = 'integrations_webhooks';

/**
 * Wakes the webhook worker of this instance when any instance commits new journal rows (the journal's channel: a
 * fan-out is due) or due deliveries (the webhooks' channel), over one LISTENing connection. A lost connection is
 * made again; meanwhile the worker's own poll finds the work.
 */
@Injectable()
export class PgWebhookWakeups implements WebhookWakeups, OnApplicationShutdown {
  private readonly log = new Logger('webhook-wakeups');
  private listener?: PoolClient;
  private stopped = false;

  constructor(@Inject(ServiceRuntime) private readonly runtime: ServiceRuntime) {}

  async listen(wake: (what: 'journal' | 'deliveries') => void): Promise<void> {
    if (this.stopped) return;
    const client = await this.runtime.pool.connect();
    this.listener = client;
    client.on('notification', (message) => wake(message.channel === JOURNAL_CHANNEL ? 'journal' : 'deliveries'));
    client.on('error', (error) => {
      if (this.listener !== client) return;
      this.log.warn(`webhook listener lost (${error.message}); reconnecting`);
      this.listener = undefined;
      client.release(error);
      const retry = () => {
        if (!this.stopped) this.listen(wake).catch(() => setTimeout(retry, 1000));
      };
      setTimeout(retry, 500);
    });
    await client.query(`LISTEN "${JOURNAL_CHANNEL}"; LISTEN "${WEBHOOKS_CHANNEL}"`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    const listener = this.listener;
    this.listener = undefined;
    if (listener) {
      await listener.query('UNLISTEN *').catch(() => undefined);
      listener.release();
    }
  }
}
