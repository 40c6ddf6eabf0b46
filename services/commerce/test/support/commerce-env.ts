import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import { CommerceRpc, ErrorBody } from '@kiln/contracts';
import { nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { startWorkspace, WorkspaceTestEnv } from '../../../workspace/test/support/test-env';
import type { CommerceDatabase } from '../../src/database.types';

/**
 * The commerce service AND the workspace service, started in-process with their real adapters against the
 * running Postgres and NATS JetStream, in one database (each its own schema) and one namespace: the
 * commerce service asks the workspace who may publish a model, and the workspace follows product events.
 * Moderators are configured as a real deployment does (KILN_MODERATORS, by e-mail).
 */
export type CommerceRpcName = keyof typeof CommerceRpc;
type Req<K extends CommerceRpcName> = z.input<(typeof CommerceRpc)[K]['request']>;
type Rep<K extends CommerceRpcName> = z.output<(typeof CommerceRpc)[K]['reply']>;

export class CommerceRpcError extends Error {
  constructor(readonly body: ErrorBody) {
    super(`${body.statusCode} ${body.message}`);
  }
}

export interface CommerceTestEnv {
  workspace: WorkspaceTestEnv;
  app: INestMicroservice;
  runtime: ServiceRuntime;
  db: Kysely<CommerceDatabase>;
  moderatorEmail: string;
  call<K extends CommerceRpcName>(name: K, data: Req<K>): Promise<Rep<K>>;
  fail<K extends CommerceRpcName>(name: K, data: unknown): Promise<ErrorBody>;
  stop(): Promise<void>;
}

export async function startCommerce(): Promise<CommerceTestEnv> {
  const workspace = await startWorkspace();
  const moderatorEmail = `moderator-${randomBytes(4).toString('hex')}@example.com`;
  process.env.KILN_MODERATORS = ` ${moderatorEmail.toUpperCase()} , not-a-user@example.com`;
  const { startService } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
  const { CommerceModule } = require('../../src/commerce.module') as { CommerceModule: Type<unknown> };
  let app: INestMicroservice;
  try {
    app = await startService('commerce', CommerceModule, {
      databaseUrl: workspace.databaseUrl,
      natsUrl: process.env.NATS_URL!,
      namespace: workspace.namespace,
    });
  } catch (error) {
    await workspace.stop();
    throw error;
  }
  const runtime = app.get(ServiceRuntime);

  async function call<K extends CommerceRpcName>(name: K, data: Req<K>): Promise<Rep<K>> {
    const packet = await requestPacket(workspace.nc, nsSubject(CommerceRpc[name].subject), data, { timeout: 15_000 });
    if (packet.err !== undefined && packet.err !== null) throw new CommerceRpcError(ErrorBody.parse(packet.err));
    return CommerceRpc[name].reply.parse(packet.response) as Rep<K>;
  }

  async function fail<K extends CommerceRpcName>(name: K, data: unknown): Promise<ErrorBody> {
    try {
      await call(name, data as Req<K>);
    } catch (error) {
      if (error instanceof CommerceRpcError) return error.body;
      throw error;
    }
    throw new Error(`expected ${name} to fail, but it succeeded`);
  }

  return {
    workspace,
    app,
    runtime,
    db: runtime.db as Kysely<CommerceDatabase>,
    moderatorEmail,
    call,
    fail,
    stop: async () => {
      await app.close().catch((e) => console.error('closing commerce:', e));
      await workspace.stop();
    },
  };
}
