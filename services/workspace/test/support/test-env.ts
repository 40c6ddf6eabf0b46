import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import { ErrorBody, WorkspaceRpc } from '@kiln/contracts';
import { nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { connect, JetStreamManager, NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { z } from 'zod';
import type { WorkspaceDatabase } from '../../src/database.types';

/**
 * The workspace service, started in-process with its real adapters against the running Postgres and
 * NATS JetStream (no Docker engine answers here, so no testcontainers). Each test file gets its own
 * database `kiln_medium_<hex>` and its own namespace `m<hex>` for subjects, streams and consumers.
 *
 * Call `startWorkspace()` once per test file, in `beforeAll`: @MessagePattern subjects are computed when
 * the service modules are imported, so this helper sets KILN_NAMESPACE first and only then require()s them.
 * Test files must not import the service's module or controllers statically.
 */
export const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function onAdminDatabase<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(BASE_DATABASE_URL, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export type WorkspaceRpcName = keyof typeof WorkspaceRpc;
type RpcRequest<K extends WorkspaceRpcName> = z.input<(typeof WorkspaceRpc)[K]['request']>;
type RpcReply<K extends WorkspaceRpcName> = z.output<(typeof WorkspaceRpc)[K]['reply']>;

/** A caller that speaks to the service as the BFF does: Nest's NATS packets on `<ns>.rpc.workspace.*`, signed (ADR 0040). */
export class RpcError extends Error {
  constructor(readonly body: ErrorBody) {
    super(`${body.statusCode} ${body.message}`);
  }
}

export class WorkspaceClient {
  constructor(private readonly nc: NatsConnection) {}

  /** The raw packet exchange: `{ pattern, data, id }` out with its proof, `{ response }` or `{ err }` back. */
  async raw(subject: string, data: unknown): Promise<{ response?: unknown; err?: unknown }> {
    return requestPacket(this.nc, nsSubject(subject), data, { timeout: 15_000 });
  }

  /** Sends a request and answers the reply, checked against its contract; a service error throws RpcError. */
  async call<K extends WorkspaceRpcName>(name: K, data: RpcRequest<K>): Promise<RpcReply<K>> {
    const packet = await this.raw(WorkspaceRpc[name].subject, data);
    if (packet.err !== undefined && packet.err !== null) throw new RpcError(ErrorBody.parse(packet.err));
    return WorkspaceRpc[name].reply.parse(packet.response) as RpcReply<K>;
  }

  /** Sends a request that must fail, and answers its error body. */
  async fail<K extends WorkspaceRpcName>(name: K, data: unknown): Promise<ErrorBody> {
    try {
      await this.call(name, data as RpcRequest<K>);
    } catch (error) {
      if (error instanceof RpcError) return error.body;
      throw error;
    }
    throw new Error(`expected ${name} to fail, but it succeeded`);
  }
}

export interface WorkspaceTestEnv {
  namespace: string;
  databaseUrl: string;
  app: INestMicroservice;
  runtime: ServiceRuntime;
  db: Kysely<WorkspaceDatabase>;
  /** A separate NATS connection playing the BFF. */
  nc: NatsConnection;
  jsm: JetStreamManager;
  rpc: WorkspaceClient;
  stop(): Promise<void>;
}

export async function startWorkspace(): Promise<WorkspaceTestEnv> {
  const namespace = `m${randomBytes(4).toString('hex')}`;
  const database = `kiln_medium_${randomBytes(6).toString('hex')}`;
  const databaseUrl = withDatabase(BASE_DATABASE_URL, database);
  await onAdminDatabase((c) => c.query(`CREATE DATABASE "${database}"`));

  // Before any service module is loaded: subjects and the module's config are read at import time.
  process.env.KILN_NAMESPACE = namespace;
  process.env.DATABASE_URL = databaseUrl;
  process.env.NATS_URL = NATS_URL;

  const { startService } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
  const { WorkspaceModule } = require('../../src/workspace.module') as { WorkspaceModule: Type<unknown> };

  let app: INestMicroservice | undefined;
  const nc = await connect({ servers: NATS_URL.split(','), name: `medium-${namespace}` });
  const jsm = await nc.jetstreamManager();

  const stop = async () => {
    await app?.close().catch((e) => console.error('closing the service:', e));
    for await (const stream of jsm.streams.list()) {
      if (stream.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(stream.config.name).catch(() => undefined);
    }
    await nc.drain().catch(() => undefined);
    await onAdminDatabase((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
  };

  try {
    app = await startService('workspace', WorkspaceModule, { databaseUrl, natsUrl: NATS_URL, namespace });
  } catch (error) {
    await stop();
    throw error;
  }
  const runtime = app.get(ServiceRuntime);
  return { namespace, databaseUrl, app, runtime, db: runtime.db as Kysely<WorkspaceDatabase>, nc, jsm, rpc: new WorkspaceClient(nc), stop };
}

export { eventually } from '../../../../deploy/test/support/eventually';
