import { randomBytes } from 'node:crypto';
import type { Stack } from '../../src/stack';
import { eventually } from './eventually';

/**
 * What the supervision tests share (supervisor*.medium.spec.ts): the product works end to end, and a child killed
 * with SIGKILL is restarted with back-off while the other processes keep running.
 */

async function post(stack: Stack, path: string, body: unknown, token?: string): Promise<{ status: number; body: any }> {
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
export async function serves(stack: Stack): Promise<void> {
  await eventually(async () => {
    const health = await fetch(`${stack.url}/api/health`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(200);
  }, 60_000);
  const email = `sup-${randomBytes(5).toString('hex')}@example.com`;
  const user = await post(stack, '/api/auth/register', { email, password: 'correct horse', fullName: 'Sup Visor' });
  expect(user).toMatchObject({ status: 201, body: { token: expect.any(String) } });
  const model = await post(stack, '/api/workspace/model', { name: 'After the crash' }, user.body.token);
  expect(model.status).toBe(201);
  expect(model.body.name).toBe('After the crash');
}

/** Kills the child `name` with SIGKILL: it comes back (said in `lines`, the runner's output), the others untouched. */
export async function killAndExpectRestart(stack: Stack, lines: string[], name: string): Promise<void> {
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
  for (const other of Object.keys(before)) if (other !== name) expect(after[other]).toBe(before[other]);
  expect(lines).toContain(`${name} was killed by SIGKILL; restarting in 1s`);
  await serves(stack);
}
