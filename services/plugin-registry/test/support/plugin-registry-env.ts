import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import { AssetsRpc, ErrorBody, Media, PluginRegistryRpc, UploadRepo } from '@kiln/contracts';
import { nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { connect, NatsConnection } from 'nats';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { z } from 'zod';

/**
 * The plugin-registry service started in-process with its real adapters against the running Postgres and
 * NATS JetStream (own database, own namespace), a storage folder of its own and short pipeline limits.
 * It can be stopped and started again on the same database (a restart).
 */
const BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};
async function admin(sql: string) {
  const c = new Client({ connectionString: withDatabase(BASE, 'postgres') });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

type Name = keyof typeof PluginRegistryRpc;
type Req<K extends Name> = z.input<(typeof PluginRegistryRpc)[K]['request']>;
type Rep<K extends Name> = z.output<(typeof PluginRegistryRpc)[K]['reply']>;

export class RpcError extends Error {
  constructor(readonly body: ErrorBody) {
    super(`${body.statusCode} ${body.message}`);
  }
}

export interface PluginRegistryEnv {
  storageDir: string;
  nc: NatsConnection;
  db: () => Kysely<any>;
  call<K extends Name>(name: K, data: Req<K>): Promise<Rep<K>>;
  fail<K extends Name>(name: K, data: unknown): Promise<ErrorBody>;
  /** Stops the service (as a crash would leave its jobs: running, with a lease). */
  /**
   * An upload as the BFF makes it (ADR 0033): the file in `media/<id>.upload`, then registered with the
   * assets service (running beside the registry) for `actor`. Answers the media, or the refusal.
   */
  upload(actor: { userId: string }, content: Buffer, options?: { filename?: string; repo?: UploadRepo }): Promise<Media>;
  uploadRefusal(actor: { userId: string }, content: Buffer, options?: { filename?: string; repo?: UploadRepo }): Promise<ErrorBody>;
  stopService(): Promise<void>;
  startService(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPluginRegistry(limits: Record<string, string> = {}): Promise<PluginRegistryEnv> {
  const namespace = `p${randomBytes(4).toString('hex')}`;
  const database = `kiln_medium_${randomBytes(6).toString('hex')}`;
  const databaseUrl = withDatabase(BASE, database);
  await admin(`CREATE DATABASE "${database}"`);
  const storageDir = mkdtempSync(join(tmpdir(), 'kiln-storage-'));
  Object.assign(process.env, {
    KILN_NAMESPACE: namespace,
    DATABASE_URL: databaseUrl,
    NATS_URL,
    KILN_STORAGE_DIR: storageDir,
    KILN_PIPELINE_LEASE: '1500ms',
    ...limits,
  });
  const kit = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
  const { PluginRegistryModule } = require('../../src/plugin-registry.module') as { PluginRegistryModule: Type<unknown> };
  const { AssetsModule } = require('../../../assets/src/assets.module') as { AssetsModule: Type<unknown> };
  const nc = await connect({ servers: NATS_URL.split(','), name: `medium-${namespace}` });
  let app: INestMicroservice | null = null;
  // The assets service answers whose media an id is (assign-zip-file asks it).
  const assets = await kit.startService('assets', AssetsModule, { databaseUrl, natsUrl: NATS_URL, namespace });

  const startService = async () => {
    app = await kit.startService('plugin-registry', PluginRegistryModule, { databaseUrl, natsUrl: NATS_URL, namespace });
  };
  const stopService = async () => {
    await app?.close().catch((e) => console.error('closing plugin-registry:', e));
    app = null;
  };

  async function call<K extends Name>(name: K, data: Req<K>): Promise<Rep<K>> {
    const packet = await requestPacket(nc, nsSubject(PluginRegistryRpc[name].subject), data, { timeout: 15_000 });
    if (packet.err !== undefined && packet.err !== null) throw new RpcError(ErrorBody.parse(packet.err));
    return PluginRegistryRpc[name].reply.parse(packet.response) as Rep<K>;
  }
  async function fail<K extends Name>(name: K, data: unknown): Promise<ErrorBody> {
    try {
      await call(name, data as Req<K>);
    } catch (e) {
      if (e instanceof RpcError) return e.body;
      throw e;
    }
    throw new Error(`expected ${name} to fail`);
  }

  async function request(subject: string, data: unknown): Promise<unknown> {
    const packet = await requestPacket(nc, nsSubject(subject), data, { timeout: 15_000 });
    if (packet.err !== undefined && packet.err !== null) throw new RpcError(ErrorBody.parse(packet.err));
    return packet.response;
  }
  async function upload(actor: { userId: string }, content: Buffer, options: { filename?: string; repo?: UploadRepo } = {}): Promise<Media> {
    const id = kit.newId();
    mkdirSync(join(storageDir, 'media'), { recursive: true });
    writeFileSync(join(storageDir, 'media', `${id}.upload`), content);
    const body = {
      id,
      repo: options.repo ?? 'plugin',
      folder: 'test/1_0_0',
      filename: options.filename ?? 'plugin.zip',
      mimetype: 'application/zip',
      encoding: '7bit',
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    };
    return AssetsRpc.registerMedia.reply.parse(await request(AssetsRpc.registerMedia.subject, { actor, body }));
  }
  async function uploadRefusal(actor: { userId: string }, content: Buffer, options: { filename?: string; repo?: UploadRepo } = {}): Promise<ErrorBody> {
    try {
      await upload(actor, content, options);
    } catch (e) {
      if (e instanceof RpcError) return e.body;
      throw e;
    }
    throw new Error('expected the upload to be refused');
  }

  await startService();
  return {
    upload,
    uploadRefusal,
    storageDir,
    nc,
    db: () => app!.get(ServiceRuntime).db,
    call,
    fail,
    stopService,
    startService,
    stop: async () => {
      await stopService();
      await assets.close().catch((e) => console.error('closing assets:', e));
      const jsm = await nc.jetstreamManager();
      for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(s.config.name).catch(() => undefined);
      await nc.drain().catch(() => undefined);
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
