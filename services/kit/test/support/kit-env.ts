import { Kysely } from 'kysely';
import { connect, JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import { randomBytes } from 'node:crypto';
import { Client, Pool } from 'pg';
import { createDatabase, createPlumbingTables, migrateSchema } from '../../src';

/**
 * One kit test file's ground: a fresh database with a schema migrated like a service's (kit plumbing
 * tables included), a NATS connection, and a namespace of its own for streams and consumers.
 */
export const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

const withDatabase = (url: string, database: string) => Object.assign(new URL(url), { pathname: `/${database}` }).toString();
async function admin(query: string) {
  const client = new Client({ connectionString: withDatabase(BASE_DATABASE_URL, 'postgres') });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

export interface KitEnv {
  schema: string;
  databaseUrl: string;
  db: Kysely<any>;
  pool: Pool;
  nc: NatsConnection;
  jsm: JetStreamManager;
  js: JetStreamClient;
  stop(): Promise<void>;
}

export async function startKitEnv(schema = 'kit_test'): Promise<KitEnv> {
  process.env.KILN_NAMESPACE = `m${randomBytes(4).toString('hex')}`;
  const namespace = process.env.KILN_NAMESPACE;
  const database = `kiln_medium_${randomBytes(6).toString('hex')}`;
  const databaseUrl = withDatabase(BASE_DATABASE_URL, database);
  await admin(`CREATE DATABASE "${database}"`);
  const { db, pool } = createDatabase(databaseUrl);
  await migrateSchema(db, schema, { '0001-plumbing': { up: (d: Kysely<any>) => createPlumbingTables(d, schema) } });
  const nc = await connect({ servers: NATS_URL });
  const jsm = await nc.jetstreamManager();
  return {
    schema,
    databaseUrl,
    db,
    pool,
    nc,
    jsm,
    js: nc.jetstream(),
    async stop() {
      for await (const stream of jsm.streams.list()) {
        if (stream.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(stream.config.name).catch(() => undefined);
      }
      await nc.drain().catch(() => undefined);
      await db.destroy().catch(() => undefined);
      await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    },
  };
}

export { eventually } from '../../../../deploy/test/support/eventually';
