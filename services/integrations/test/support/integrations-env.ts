import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import { ErrorBody, EventsPage, EventsRpc } from '@kiln/contracts';
import { nsSubject, requestPacket } from '@kiln/service-kit';
import { z } from 'zod';
import { startWorkspace, WorkspaceTestEnv } from '../../../workspace/test/support/test-env';

type ReadRequest = z.input<typeof EventsRpc.read.request>;

export interface IntegrationsEnv {
  workspace: WorkspaceTestEnv;
  /** The running instances of the integrations service (two at start). */
  instances: INestMicroservice[];
  /** `rpc.integrations.events.read` as the BFF sends it (either instance answers: one queue group). */
  read(actor: ReadRequest['actor'], query?: ReadRequest['query']): Promise<EventsPage>;
  readFails(actor: ReadRequest['actor'], query: unknown): Promise<ErrorBody>;
  stop(): Promise<void>;
}

/**
 * The workspace and two instances of the integrations service, in-process with their real adapters, on a fresh
 * database and namespace (the workspace's test env). Visibility is asked of the workspace at every read (no cache),
 * and a waiting reader looks again only after a minute, so only a notification wakes it within a test.
 */
export async function startIntegrations(instances = 2): Promise<IntegrationsEnv> {
  process.env.KILN_EVENTS_AUDIENCE_TTL_MS = '0';
  process.env.KILN_EVENTS_RECHECK_MS = '60000';
  process.env.KILN_JOURNAL_LEAD_EVERY_MS = '300';
  const workspace = await startWorkspace();
  const { startService } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
  const { IntegrationsModule } = require('../../src/integrations.module') as { IntegrationsModule: Type<unknown> };
  const config = { databaseUrl: workspace.databaseUrl, natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', namespace: workspace.namespace };
  const apps: INestMicroservice[] = [];
  const stop = async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await workspace.stop();
  };
  try {
    for (let i = 0; i < instances; i++) apps.push(await startService('integrations', IntegrationsModule, config));
  } catch (error) {
    await stop();
    throw error;
  }
  const raw = (data: unknown) => requestPacket(workspace.nc, nsSubject(EventsRpc.read.subject, workspace.namespace), data, { timeout: 40_000 });
  return {
    workspace,
    instances: apps,
    async read(actor, query = {}) {
      const packet = await raw({ actor, query });
      if (packet.err !== undefined && packet.err !== null) throw new Error(`read failed: ${JSON.stringify(packet.err)}`);
      return EventsRpc.read.reply.parse(packet.response);
    },
    async readFails(actor, query) {
      const packet = await raw({ actor, query });
      return ErrorBody.parse(packet.err);
    },
    stop,
  };
}
