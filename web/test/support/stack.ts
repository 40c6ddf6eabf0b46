/**
 * The Kiln stack the browser tests run against: started once per `jest --selectProjects browser` run by
 * global-setup.ts, on a free port, with a fresh database (`kiln_browser_<hex>`) and a NATS namespace of its
 * own, both removed by global-teardown.ts. Tests read the address with `baseUrl()`.
 *
 * Set KILN_BASE_URL yourself to run the tests against a stack you started (`npm start`): nothing is
 * started or removed then.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deleteNamespaceStreams } from '../../../deploy/src/nats';
import { dropDatabase } from '../../../deploy/src/postgres';
import { REPO_ROOT, Stack, startStack, throwawayStackOptions } from '../../../deploy/src/stack';

/** Written by the setup, for test processes that do not share its environment. */
export const STACK_FILE = path.join(REPO_ROOT, 'test-results', 'browser-stack.json');
/** Everything the services and the BFF print during the run. */
export const STACK_LOG = path.join(REPO_ROOT, 'test-results', 'browser-stack.log');

export interface StackInfo {
  url: string;
  databaseUrl: string;
  natsUrl: string;
  namespace: string;
  /** False when the tests use a stack someone else started (KILN_BASE_URL was set). */
  owned: boolean;
}

const GLOBAL_KEY = '__KILN_BROWSER_STACK__';
type Holder = { [GLOBAL_KEY]?: Stack };

export async function startBrowserStack(): Promise<StackInfo> {
  if (process.env.KILN_BASE_URL) {
    const info: StackInfo = { url: process.env.KILN_BASE_URL, databaseUrl: '', natsUrl: '', namespace: '', owned: false };
    writeInfo(info);
    console.log(`\n[kiln] browser tests use the running stack at ${info.url}`);
    return info;
  }
  fs.mkdirSync(path.dirname(STACK_LOG), { recursive: true });
  const logFile = fs.openSync(STACK_LOG, 'w');
  const throwaway = throwawayStackOptions('browser');
  console.log(
    `\n[kiln] starting the stack for browser tests (database ${throwaway.freshDatabase}, namespace ${throwaway.namespace}, log ` +
      `${path.relative(process.cwd(), STACK_LOG)})`,
  );
  const stack = await startStack({
    ...throwaway,
    // Ctrl-C during the run: jest skips the teardown, so stop the stack (and drop its data) ourselves.
    handleSignals: true,
    childLog: (line) => fs.writeSync(logFile, `${line}\n`),
    log: (line) => {
      fs.writeSync(logFile, `[kiln] ${line}\n`);
      console.log(`[kiln] ${line}`);
    },
    onCrash: (exit) => console.error(`[kiln] ${exit.name} died and is being restarted; see ${STACK_LOG}`),
  });
  void stack.stopped.then(() => fs.closeSync(logFile));
  (globalThis as Holder)[GLOBAL_KEY] = stack;
  const info: StackInfo = { url: stack.url, databaseUrl: stack.databaseUrl, natsUrl: stack.natsUrl, namespace: stack.namespace, owned: true };
  process.env.KILN_BASE_URL = stack.url;
  writeInfo(info);
  return info;
}

export async function stopBrowserStack(): Promise<void> {
  const stack = (globalThis as Holder)[GLOBAL_KEY];
  if (stack) {
    delete (globalThis as Holder)[GLOBAL_KEY];
    await stack.stop(); // also drops the database and deletes the namespace's streams
  } else {
    // Teardown in another process than the setup: the children are not ours to stop, but the data is.
    const info = readInfo();
    if (info?.owned) {
      if (info.databaseUrl) await dropDatabase(info.databaseUrl).catch((e: Error) => console.error(`[kiln] drop database: ${e.message}`));
      if (info.namespace) await deleteNamespaceStreams(info.natsUrl, info.namespace).catch((e: Error) => console.error(`[kiln] delete streams: ${e.message}`));
    }
  }
  fs.rmSync(STACK_FILE, { force: true });
}

/** The base URL of the stack under test, e.g. `http://localhost:41237`. */
export function baseUrl(): string {
  const fromEnv = process.env.KILN_BASE_URL;
  if (fromEnv) return fromEnv;
  const info = readInfo();
  if (info) return info.url;
  throw new Error('No Kiln stack: run the browser tests through jest (globalSetup starts it) or set KILN_BASE_URL.');
}

function writeInfo(info: StackInfo): void {
  fs.mkdirSync(path.dirname(STACK_FILE), { recursive: true });
  fs.writeFileSync(STACK_FILE, JSON.stringify(info, null, 2));
}

function readInfo(): StackInfo | undefined {
  try {
    return JSON.parse(fs.readFileSync(STACK_FILE, 'utf8')) as StackInfo;
  } catch {
    return undefined;
  }
}
