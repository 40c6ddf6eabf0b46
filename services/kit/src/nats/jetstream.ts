import { connect, ConnectionOptions, JetStreamManager, NatsConnection, nanos, RetentionPolicy, StorageType, StreamConfig } from 'nats';
import { KilnConfig, nsName, nsSubject } from '../config';
import { watchConnection } from './connection-state';

/**
 * The options of every NATS connection of every Kiln process, the Nest transports included: reconnect
 * forever (the client's default gives up after 10 tries, about 20 s), quickly at first, with this
 * process's credentials. No async traces: the client would capture a stack (an Error) for every request
 * and publish, on the hot path of each API call, only to decorate a timeout's message.
 */
export function natsConnectionOptions(config: Pick<KilnConfig, 'natsUrl' | 'natsUser' | 'natsPassword'>, name: string): ConnectionOptions {
  return {
    servers: config.natsUrl.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: true,
    noAsyncTraces: true,
    ...(config.natsUser ? { user: config.natsUser, pass: config.natsPassword ?? '' } : {}),
  };
}

/** A connection with `natsConnectionOptions`, its state followed for `untilConnected` (see connection-state.ts). */
export async function connectNats(config: Pick<KilnConfig, 'natsUrl' | 'natsUser' | 'natsPassword'>, name: string): Promise<NatsConnection> {
  const nc = await connect(natsConnectionOptions(config, name));
  watchConnection(nc);
  return nc;
}

export interface StreamSpec {
  name: string;
  subjects: readonly string[];
}

/** Retention and replicas of the event streams, from the environment (applied when a stream is created). */
export interface StreamSettings {
  /** Oldest message kept, in ms; 0 = no age limit. */
  maxAgeMs: number;
  /** Size cap in bytes; -1 = none. */
  maxBytes: number;
  replicas: number;
}

/** `KILN_STREAM_MAX_AGE` (seconds, or `30d`, `12h`, `15m`, `90s`), `KILN_STREAM_MAX_BYTES`, `KILN_STREAM_REPLICAS`. */
export function readStreamSettings(env: NodeJS.ProcessEnv = process.env): StreamSettings {
  return {
    maxAgeMs: env.KILN_STREAM_MAX_AGE ? parseDurationMs(env.KILN_STREAM_MAX_AGE, 'KILN_STREAM_MAX_AGE') : 30 * 86_400_000,
    maxBytes: env.KILN_STREAM_MAX_BYTES ? positiveInt(env.KILN_STREAM_MAX_BYTES, 'KILN_STREAM_MAX_BYTES') : -1,
    replicas: env.KILN_STREAM_REPLICAS ? positiveInt(env.KILN_STREAM_REPLICAS, 'KILN_STREAM_REPLICAS') : 1,
  };
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `3600` (seconds), `90s`, `15m`, `12h`, `30d`, `500ms` → milliseconds. */
export function parseDurationMs(value: string, name: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/.exec(value);
  if (!match) throw new Error(`${name} must be seconds or a duration like 30d, 12h, 15m, 90s (got ${JSON.stringify(value)})`);
  return Math.round(Number(match[1]) * UNITS[match[2] ?? 's']);
}

function positiveInt(value: string, name: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new Error(`${name} must be a positive whole number (got ${JSON.stringify(value)})`);
  return Number(value);
}

/**
 * Creates an event stream (namespaced) with the configured retention and replicas. When it exists, the
 * operator owns its settings: a boot only adds subjects it lacks and raises replicas to the configured
 * count, never lowers or resets anything (limits, dedupe window, extra subjects stay as set).
 * Postgres stays the system of record; the stream keeps history for consumers that join late.
 */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec, settings: StreamSettings = readStreamSettings()): Promise<string> {
  const name = nsName(spec.name);
  const subjects = spec.subjects.map((s) => nsSubject(s));
  let existing: StreamConfig | undefined;
  try {
    existing = (await jsm.streams.info(name)).config;
  } catch (error) {
    if (!String(error).includes('stream not found')) throw error;
  }
  if (!existing) {
    try {
      await jsm.streams.add({
        name,
        subjects,
        retention: RetentionPolicy.Limits,
        storage: StorageType.File,
        duplicate_window: nanos(2 * 60 * 1000),
        max_age: nanos(settings.maxAgeMs),
        max_bytes: settings.maxBytes,
        num_replicas: settings.replicas,
      });
      return name;
    } catch (addError) {
      // Two processes may race to create it; the loser finds it there.
      if (!String(addError).includes('already in use')) throw addError;
      existing = (await jsm.streams.info(name)).config;
    }
  }
  const missing = subjects.filter((s) => !existing.subjects?.includes(s));
  const raiseReplicas = settings.replicas > (existing.num_replicas ?? 1);
  if (missing.length || raiseReplicas) {
    // nats.js merges this into the current config, so everything not named here is kept.
    await jsm.streams.update(name, {
      subjects: [...(existing.subjects ?? []), ...missing],
      ...(raiseReplicas ? { num_replicas: settings.replicas } : {}),
    });
  }
  return name;
}
