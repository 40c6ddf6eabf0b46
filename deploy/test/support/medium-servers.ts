/**
 * Global setup of the medium tier: where Postgres and NATS come from.
 * 1. DATABASE_URL / NATS_URL when both are set;
 * 2. otherwise, when a Docker engine answers, throwaway testcontainers (postgres:17, nats:2 -js);
 * 3. otherwise the servers running locally (127.0.0.1:5432 and :4222), which is the case on our machines.
 * Tests isolate themselves on shared servers with a fresh database and a KILN_NAMESPACE each.
 * It also sets KILN_RPC_KEY for the run when unset.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';

type Stoppable = { stop(): Promise<unknown> };
const KEY = '__KILN_TEST_CONTAINERS__';

function dockerMayAnswer(): boolean {
  return !!process.env.DOCKER_HOST || existsSync('/var/run/docker.sock');
}

export default async function setup(): Promise<void> {
  // The secret the services, the BFF and the tests playing the BFF sign and check RPC requests with
  // (ADR 0040): one for the run, in this process's environment, so the test workers and every process a
  // test starts (stacks, `npm start`) inherit it.
  process.env.KILN_RPC_KEY ||= randomBytes(32).toString('hex');
  if (process.env.DATABASE_URL && process.env.NATS_URL) return;
  if (!dockerMayAnswer()) return;
  // Loaded only here: testcontainers is heavy and useless without an engine.
  const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    return;
  }
  const postgres = await new GenericContainer('postgres:17')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const nats = await new GenericContainer('nats:2')
    .withCommand(['-js'])
    .withExposedPorts(4222)
    .withWaitStrategy(Wait.forLogMessage(/Server is ready/))
    .start();
  process.env.DATABASE_URL = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
  process.env.NATS_URL = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
  (globalThis as Record<string, unknown>)[KEY] = [postgres, nats];
  console.log(`\n[kiln] medium tests use testcontainers: ${process.env.DATABASE_URL}, ${process.env.NATS_URL}`);
}

export async function teardown(): Promise<void> {
  const containers = ((globalThis as Record<string, unknown>)[KEY] ?? []) as Stoppable[];
  await Promise.all(containers.map((c) => c.stop()));
}
