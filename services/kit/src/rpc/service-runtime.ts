import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { Migration } from 'kysely/migration';
import { JetStreamClient, JetStreamManager, NatsConnection } from 'nats';
import { Pool } from 'pg';
import { KilnConfig } from '../config';
import { createDatabase, migrateSchema } from '../db/database';
import { connectNats, ensureStream, StreamSpec } from '../nats/jetstream';
import { OutboxRelay } from '../outbox/outbox-relay';
import { Projection, ProjectionRunner } from '../projections/projection-runner';
import { countDeadLetters } from '../projections/dead-letters';
import { PruneHook, Pruner } from '../maintenance/prune';
import { waitForProjection } from '../projections/wait-for-projection';
import { AnyDb } from '../db/any-schema';

export interface ServiceDefinition {
  /** `workspace`, `plugin-registry`, `assets`, `commerce`. */
  service: string;
  /** The Postgres schema this service owns; no other service reads it. */
  schema: string;
  migrations: Record<string, Migration>;
  streams: StreamSpec[];
  projections: Projection[];
  /** The service's own pruning (expired sessions...), run by the scheduled job beside the plumbing's. */
  prune?: Record<string, PruneHook>;
  /** Called before each command of the RPC table (e.g. a per-user rate limit). */
  beforeCommand?: (runtime: ServiceRuntime, request: { actor?: { userId: string } }) => Promise<void>;
}

export const DB = Symbol('kysely database');
export const SERVICE_RUNTIME = Symbol('service runtime');

/**
 * Everything a service needs around its use cases, written once: the database and its migrations,
 * NATS with its streams, the outbox relay and the projections. Started before the app listens.
 */
@Injectable()
export class ServiceRuntime implements OnModuleInit, OnApplicationShutdown {
  private readonly logger: Logger;
  readonly db: AnyDb;
  readonly pool: Pool;
  nats!: NatsConnection;
  jsm!: JetStreamManager;
  js!: JetStreamClient;
  relay!: OutboxRelay;
  readonly runners: ProjectionRunner[] = [];
  pruner!: Pruner;

  constructor(
    readonly definition: ServiceDefinition,
    readonly config: KilnConfig,
  ) {
    this.logger = new Logger(definition.service);
    ({ db: this.db, pool: this.pool } = createDatabase(config.databaseUrl));
  }

  async onModuleInit(): Promise<void> {
    const { schema, migrations, streams, projections, service } = this.definition;
    await migrateSchema(this.db, schema, migrations);
    this.nats = await connectNats(this.config, `kiln-${service}`);
    this.jsm = await this.nats.jetstreamManager();
    this.js = this.nats.jetstream();
    for (const stream of streams) await ensureStream(this.jsm, stream);
    this.relay = new OutboxRelay(this.db, this.pool, schema, this.js, (m) => this.logger.error(m));
    await this.relay.start();
    for (const projection of projections) {
      const runner = new ProjectionRunner(this.db, schema, this.jsm, this.js, projection, (m) => this.logger.error(m));
      await runner.start();
      this.runners.push(runner);
    }
    this.pruner = new Pruner(this.db, schema, this.definition.prune, undefined, (m) => this.logger.error(m));
    this.pruner.start();
  }

  /** Resolves once `projection` has applied these events (bounded wait; see waitForProjection). */
  waitForProjection(projection: Projection, eventIds: string[]): Promise<boolean> {
    const runner = this.runners.find((r) => r.projectionName === projection.name);
    return waitForProjection(this.db, this.definition.schema, projection.name, eventIds, { runner });
  }

  /**
   * Runs before every command of the RPC table, with its parsed request: the place for per-caller
   * limits. Set by the service (`commandGuard`); nothing by default.
   */
  async beforeCommand(request: { actor?: { userId: string } }): Promise<void> {
    await this.definition.beforeCommand?.(this, request);
  }

  async healthy(): Promise<{ database: boolean; nats: boolean; deadLetters?: number }> {
    // Bounded: a database behind a silent network must not make the whole answer late (the BFF asks for 2 s).
    const database = await Promise.race([
      sql`SELECT 1`.execute(this.db).then(
        () => true,
        () => false,
      ),
      new Promise<boolean>((resolve) => setTimeout(resolve, 1_500, false).unref()),
    ]);
    // Events the projections gave up on, waiting for a fix and `replay-dead-letters`.
    const deadLetters = database ? await countDeadLetters(this.db, this.definition.schema).catch(() => undefined) : undefined;
    return { database, nats: !!this.nats && !this.nats.isClosed(), ...(deadLetters === undefined ? {} : { deadLetters }) };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pruner?.stop().catch(() => undefined);
    for (const runner of this.runners) await runner.stop().catch(() => undefined);
    await this.relay?.stop().catch(() => undefined);
    await this.nats?.drain().catch(() => undefined);
    await this.db.destroy().catch(() => undefined);
  }
}
