import { eventually } from './support/eventually';
import { randomBytes } from 'node:crypto';
import { Stack, startStack, throwawayStackOptions } from '../src/stack';

/**
 * `npm start` supervises its children: a service or the BFF killed with SIGKILL is restarted (with
 * back-off, said in the runner's output) while the others keep running, and the product serves again.
 */
let stack: Stack;
const lines: string[] = [];

beforeAll(async () => {
  stack = await startStack({
    ...throwawayStackOptions('sup'),
    log: (line) => lines.push(line),
    childLog: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

async function post(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${stack.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** The product works end to end: health 200, then a new user creates a model. */
async function serves(): Promise<void> {
  await eventually(async () => {
    const health = await fetch(`${stack.url}/api/health`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(200);
  }, 60_000);
  const email = `sup-${randomBytes(5).toString('hex')}@example.com`;
  const user = await post('/api/auth/register', { email, password: 'correct horse', fullName: 'Sup Visor' });
  expect(user).toMatchObject({ status: 201, body: { token: expect.any(String) } });
  const model = await post('/api/workspace/model', { name: 'After the crash' }, user.body.token);
  expect(model.status).toBe(201);
  expect(model.body.name).toBe('After the crash');
}

async function killAndExpectRestart(name: string): Promise<void> {
  const before = stack.pids();
  const pid = before[name];
  expect(pid).toEqual(expect.any(Number));
  process.kill(pid!, 'SIGKILL');

  const after = await eventually(async () => {
    const now = stack.pids();
    expect(now[name]).toEqual(expect.any(Number));
    expect(now[name]).not.toBe(pid);
    return now;
  }, 60_000);
  // The others kept running, untouched.
  for (const other of Object.keys(before)) if (other !== name) expect(after[other]).toBe(before[other]);
  expect(lines).toContain(`${name} was killed by SIGKILL; restarting in 1s`);
  await serves();
}

it('serves before anything is killed', async () => {
  await serves();
}, 60_000);

it('restarts the workspace service after kill -9, and the product serves again', async () => {
  await killAndExpectRestart('workspace');
}, 120_000);

it('restarts the BFF after kill -9, and the product serves again', async () => {
  await killAndExpectRestart('bff');
}, 120_000);

it('is still running (nothing stopped the stack)', async () => {
  let stopped = false;
  void stack.stopped.then(() => (stopped = true));
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(stopped).toBe(false);
});

it('restarts nothing once stopping: a child dying during stop() stays dead', async () => {
  const pids = Object.values(stack.pids()) as number[];
  process.kill(stack.pids().assets!, 'SIGKILL');
  await stack.stop();
  await new Promise((resolve) => setTimeout(resolve, 1500)); // past the 1 s back-off
  expect(Object.values(stack.pids()).filter(Boolean)).toEqual([]);
  for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  expect(lines.filter((line) => line.startsWith('assets restarted'))).toEqual([]);
}, 60_000);
