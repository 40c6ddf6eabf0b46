import { connect, JetStreamManager, NatsConnection, nanos, RetentionPolicy, StorageType } from 'nats';
import { nsName, nsSubject } from '../config';

export async function connectNats(natsUrl: string, name: string): Promise<NatsConnection> {
  return connect({ servers: natsUrl.split(','), name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
}

export interface StreamSpec {
  name: string;
  subjects: readonly string[];
}

/**
 * Creates or updates an event stream (namespaced). Events are kept: Postgres stays the system of record,
 * but consumers that join late (analytics, integrations) can still read history from the stream.
 */
export async function ensureStream(jsm: JetStreamManager, spec: StreamSpec): Promise<string> {
  const name = nsName(spec.name);
  const config = {
    name,
    subjects: spec.subjects.map((s) => nsSubject(s)),
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    duplicate_window: nanos(2 * 60 * 1000),
  };
  try {
    await jsm.streams.info(name);
    await jsm.streams.update(name, config);
  } catch (error) {
    if (!String(error).includes('stream not found')) throw error;
    try {
      await jsm.streams.add(config);
    } catch (addError) {
      // Two processes may race to create it; the loser finds it there.
      if (!String(addError).includes('already in use')) throw addError;
    }
  }
  return name;
}
