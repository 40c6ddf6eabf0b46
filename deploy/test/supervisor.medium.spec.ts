import { Stack, startStack, throwawayStackOptions } from '../src/stack';
import { killAndExpectRestart, serves } from './support/supervision';

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

it('serves before anything is killed', async () => {
  await serves(stack);
}, 60_000);

it('restarts the workspace service after kill -9, and the product serves again', async () => {
  await killAndExpectRestart(stack, lines, 'workspace');
}, 120_000);

it('restarts the BFF after kill -9, and the product serves again', async () => {
  await killAndExpectRestart(stack, lines, 'bff');
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
