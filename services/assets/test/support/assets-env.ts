import 'reflect-metadata';
import type { INestMicroservice, Type } from '@nestjs/common';
import { AnyEventEnvelope, AssetsRpc, ErrorBody, Media, UploadRepo } from '@kiln/contracts';
import { nsSubject, requestPacket, ServiceRuntime } from '@kiln/service-kit';
import { Kysely } from 'kysely';
import { connect, NatsConnection, Subscription } from 'nats';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';

/**
 * The assets service started in-process with its real adapters against the running Postgres and NATS
 * JetStream (own database, own namespace) and a storage folder of its own; its published events are
 * collected. Media are uploaded as the BFF does it: the file at `media/<id>.upload`, then registered.
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

export class RpcError extends Error {
  constructor(readonly body: ErrorBody) {
    super(`${body.statusCode} ${body.message}`);
  }
}

export interface AssetsEnv {
  storageDir: string;
  nc: NatsConnection;
  namespace: string;
  app: () => INestMicroservice;
  db: () => Kysely<any>;
  /** Every event the service published, in order received. */
  events: AnyEventEnvelope[];
  upload(actor: { userId: string }, content: Buffer | string, filename: string, repo: UploadRepo): Promise<Media>;
  getMedia(actor: { userId: string }, id: string): Promise<Media>;
  stop(): Promise<void>;
}

/** `putUpload`: where the BFF would have streamed an upload (default: the local storage folder). */
export async function startAssets(
  env: Record<string, string> = {},
  options: { putUpload?: (id: string, bytes: Buffer) => Promise<void> } = {},
): Promise<AssetsEnv> {
  const namespace = `a${randomBytes(4).toString('hex')}`;
  const database = `kiln_medium_${randomBytes(6).toString('hex')}`;
  const databaseUrl = withDatabase(BASE, database);
  await admin(`CREATE DATABASE "${database}"`);
  const storageDir = mkdtempSync(join(tmpdir(), 'kiln-assets-'));
  Object.assign(process.env, { KILN_NAMESPACE: namespace, DATABASE_URL: databaseUrl, NATS_URL, KILN_STORAGE: 'local', KILN_STORAGE_DIR: storageDir, ...env });
  const kit = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
  const { AssetsModule } = require('../../src/assets.module') as { AssetsModule: Type<unknown> };
  const nc = await connect({ servers: NATS_URL.split(','), name: `medium-${namespace}` });
  const events: AnyEventEnvelope[] = [];
  const subscription: Subscription = nc.subscribe(nsSubject('evt.assets.>', namespace), {
    callback: (error, message) => {
      if (!error) events.push(JSON.parse(new TextDecoder().decode(message.data)) as AnyEventEnvelope);
    },
  });
  const app = await kit.startService('assets', AssetsModule, { databaseUrl, natsUrl: NATS_URL, namespace });

  async function request(subject: string, data: unknown): Promise<unknown> {
    const packet = await requestPacket(nc, nsSubject(subject, namespace), data, { timeout: 15_000 });
    if (packet.err !== undefined && packet.err !== null) throw new RpcError(ErrorBody.parse(packet.err));
    return packet.response;
  }

  return {
    storageDir,
    nc,
    namespace,
    app: () => app,
    db: () => app.get(ServiceRuntime).db,
    events,
    async upload(actor, content, filename, repo) {
      const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
      const id = kit.newId();
      if (options.putUpload) await options.putUpload(id, bytes);
      else {
        mkdirSync(join(storageDir, 'media'), { recursive: true });
        writeFileSync(join(storageDir, 'media', `${id}.upload`), bytes);
      }
      const body = {
        id,
        repo,
        folder: '2026_11',
        filename,
        mimetype: 'application/octet-stream',
        encoding: '7bit',
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      };
      return AssetsRpc.registerMedia.reply.parse(await request(AssetsRpc.registerMedia.subject, { actor, body }));
    },
    async getMedia(actor, id) {
      return AssetsRpc.getMedia.reply.parse(await request(AssetsRpc.getMedia.subject, { actor, body: { id } }));
    },
    async stop() {
      await app.close().catch((e) => console.error('closing assets:', e));
      subscription.unsubscribe();
      const jsm = await nc.jetstreamManager();
      for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(s.config.name).catch(() => undefined);
      await nc.drain().catch(() => undefined);
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
