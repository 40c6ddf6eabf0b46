import { NPM_START_HOSTS, Stack, startStack, throwawayStackOptions } from '../src/stack';
import { killAndExpectRestart, serves } from './support/supervision';

/**
 * `npm start` hosts the services in two processes (ADR 0073): a host killed with SIGKILL takes all its services
 * down at once; the runner restarts it with back-off like a lone service, the other processes keep running, and
 * the product serves again (the BFF's health asks every service, and a sign-up and a model need the workspace).
 */
let stack: Stack;
const lines: string[] = [];

beforeAll(async () => {
  stack = await startStack({
    ...throwawayStackOptions('suph'),
    hostServices: NPM_START_HOSTS,
    log: (line) => lines.push(line),
    childLog: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
}, 60_000);

it('restarts a host killed with -9, with all its services, and the product serves again', async () => {
  await serves(stack);
  await killAndExpectRestart(stack, lines, `host-${NPM_START_HOSTS.findIndex((group) => group.includes('workspace')) + 1}`);
}, 120_000);
