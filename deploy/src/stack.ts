/**
 * Starts the whole of Kiln on one machine: Postgres and NATS (found, or started), the services (each
 * alone, or several in a host process: `hostServices`, ADR 0073), the analytics consumer and the BFF as
 * child processes. Used by `npm start`, the browser tests' global setup and the benchmarks.
 */
import { randomBytes, randomInt } from 'node:crypto';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { nsSubject } from '../../services/kit/src/config';
import { buildRootOf, buildServer } from './build';
import {
  deleteNamespaceStreams,
  findNatsServer,
  loadNatsPasswords,
  NatsCredentials,
  natsAnswers,
  pingService,
  portInUse,
  StartedNats,
  startNatsServer,
  writeNatsAuthConfig,
} from './nats';
import { natsUserVariable } from './host';
import { NatsUser } from './nats-auth';
import { createDatabase, dropDatabase, EmbeddedPostgres, ensureDatabase, firstWorkingUrl, prepareAppRole, startEmbeddedPostgres } from './postgres';
import { describeExit, ExitInfo, ManagedChild } from './processes';
import { formatDelay, nextRestartDelay } from './restart-backoff';
import { secretsKey } from './secrets-key';
import {
  chooseNats,
  choosePostgres,
  DEFAULT_DATABASE,
  DEFAULT_NATS_PORT,
  DEFAULT_PG_PORT,
  localPostgresCandidates,
  randomNamespace,
  redactUrl,
  withDatabase,
} from './servers';

export const SERVICES = ['workspace', 'plugin-registry', 'assets', 'commerce', 'integrations'] as const;
export type ServiceName = (typeof SERVICES)[number];

/**
 * How `npm start` hosts the services (ADR 0073): two processes, split by what they may hold. Commerce and
 * integrations are the only ones given the key that seals store and webhook secrets (ADR 0060, 0067); the
 * others, among them assets (which opens people's uploaded files) and plugin-registry (which builds
 * people's plugins), run in a process that never has it.
 */
export const NPM_START_HOSTS: ReadonlyArray<readonly ServiceName[]> = [
  ['workspace', 'plugin-registry', 'assets'],
  ['commerce', 'integrations'],
];

/** Set when this file runs compiled (`dist/server/<hash>/deploy/src/stack.js`): the build it belongs to. */
const OWN_BUILD = buildRootOf(__dirname, 2);

/** The repository (also when running from `dist/server/<hash>/`). */
export const REPO_ROOT = OWN_BUILD ? path.resolve(OWN_BUILD, '..', '..', '..') : path.resolve(__dirname, '..', '..');

/**
 * Node flags of each child. A small young generation keeps a process's resident memory low (ADR 0016);
 * the processes on every request's path (the BFF, the workspace, commerce for the business lists) get
 * 4 MB semi-spaces instead of 1: a scavenge every few requests rather than every request cost them a
 * fifth of their CPU, for about 6 MiB each at idle (ADR 0036); so does integrations, whose webhook worker
 * spent 12 % of its time collecting garbage with 1 MB. The analytics consumer, which answers no
 * request, runs in V8's lite mode (no optimising compilers): ~15 MiB less at idle, for code ~4× slower,
 * which its few statements an event do not feel; the services keep their compilers (integrations and
 * plugin-registry have throughput goals of their own). `KILN_CHILD_NODE_FLAGS` adds flags to every
 * child (a profile: `--cpu-prof --cpu-prof-dir=…`). See ADR 0016 (2026-11-26).
 */
export function childNodeFlags(name: ServiceName | 'bff' | 'analytics' | 'host'): string[] {
  // A host (ADR 0073) holds the workspace and commerce: on the requests' path. Integrations sends webhooks at a
  // rate of its own (its goal in docs/benchmarks.md); `npm start` runs it in a host, with 4 MB, already.
  const hot = name === 'bff' || name === 'workspace' || name === 'commerce' || name === 'integrations' || name === 'host';
  return [
    `--max-semi-space-size=${hot ? 4 : 1}`,
    ...(name === 'analytics' ? ['--lite-mode'] : []),
    ...(process.env.KILN_CHILD_NODE_FLAGS ?? '').split(' ').filter(Boolean),
  ];
}

/** Where the children's compiled code is: this build, or one made now from the sources (tests, bench). */
async function serverBuildDir(log: (line: string) => void): Promise<string> {
  return OWN_BUILD ?? (await buildServer(REPO_ROOT, log)).dir;
}

export interface StackOptions {
  /** HTTP port of the BFF. Default: `PORT` or 8080. `0` picks a free port. */
  port?: number;
  /** Use this Postgres (the database is created when missing). Default: `DATABASE_URL`. */
  databaseUrl?: string;
  /** Use this NATS. Default: `NATS_URL`. */
  natsUrl?: string;
  /** Database name on a Postgres we pick ourselves (local or embedded). Default `kiln`. */
  database?: string;
  /** Create this database (it must not exist) on the chosen server, use it, and drop it at stop. */
  freshDatabase?: string;
  /** Prefix of NATS subjects and stream names. Default: `KILN_NAMESPACE`. */
  namespace?: string;
  /** Delete the namespace's JetStream streams at stop (test runs). */
  deleteStreamsOnStop?: boolean;
  /** Built web app the BFF serves. Default: `WEB_DIST` or `web/dist`. */
  webDist?: string;
  /**
   * Build the web app (`npm run build -w web`) while Postgres, NATS and the services start; the BFF
   * starts once it is built (`npm start`: the two overlap instead of adding up).
   */
  buildWeb?: boolean;
  /** Where an embedded Postgres and a started nats-server keep their data. Default `<repo>/.data`. */
  dataDir?: string;
  /** Start the embedded Postgres even when a local one answers. Default: `KILN_EMBEDDED_PG=1`. */
  forceEmbeddedPostgres?: boolean;
  /** Port of an embedded Postgres we start. Default: `KILN_EMBEDDED_PG_PORT` or 5432. */
  embeddedPostgresPort?: number;
  /** Port of a nats-server we look for or start. Default 4222. */
  natsPort?: number;
  services?: readonly ServiceName[];
  /**
   * Run the services in one process, a host (deploy/src/host.ts, ADR 0073), rather than one process each:
   * `true` hosts them all together, a list of groups hosts each group in a process of its own (services in
   * no group run alone). Each hosted service keeps its own connections and NATS user. `npm start` hosts
   * them (unless `KILN_HOST_SERVICES=off`); tests and the benchmarks run them apart. Default: false.
   */
  hostServices?: boolean | ReadonlyArray<readonly ServiceName[]>;
  /** Start the analytics consumer (ADR 0068) beside the services. Default: true, unless `KILN_ANALYTICS=off`. */
  analytics?: boolean;
  /** How long to wait for `GET /api/health` to answer 200. Default 60s. */
  healthTimeoutMs?: number;
  /** The runner's own messages. Default: console.log with a `[kiln]` prefix. */
  log?: (line: string) => void;
  /** Every line the children print, already prefixed (`[workspace] …`). Default: stdout. */
  childLog?: (line: string) => void;
  /** Colour the prefixes. Default: when stdout is a terminal. */
  color?: boolean;
  /** Stop everything on SIGINT/SIGTERM/SIGHUP, then exit the process (the `npm start` case). */
  handleSignals?: boolean;
  /** Called each time a child died unexpectedly, before it is restarted (the stack keeps running). */
  onCrash?: (info: ExitInfo) => void;
  /** Environment the children inherit. Default: process.env. */
  env?: NodeJS.ProcessEnv;
}

export interface Stack {
  url: string;
  port: number;
  /** What the services connect with: Kiln's own role of the database (ADR 0041), or DATABASE_URL's role as it is. */
  databaseUrl: string;
  /** The connection that made the database and that role (creates scratch databases in benchmarks). */
  adminDatabaseUrl: string;
  natsUrl: string;
  /** The runner's own NATS user (`admin`) when it started nats-server with users; else none needed. */
  natsCredentials?: NatsCredentials;
  namespace: string;
  /** Stops what was started: children first, then NATS / embedded Postgres. Safe to call twice. */
  stop(): Promise<void>;
  /** Settles once the stack was stopped (by stop() or a signal; a child that dies is restarted instead). */
  stopped: Promise<void>;
  /** The pid of each child now running, by name (`workspace`, …, `bff`). */
  pids(): Record<string, number | undefined>;
}

type Cleanup = { name: string; run: () => Promise<void> };

/** The product moderator of throwaway stacks (KILN_MODERATORS), for the browser tests. */
export const TEST_MODERATOR_EMAIL = 'moderator@kiln.test';

/**
 * Options for a stack that leaves nothing behind (tests, benchmarks): a free port, a fresh database
 * `kiln_<label>_<hex>` dropped at stop, a namespace of its own whose streams are deleted at stop, and
 * limits raised for one client sending a whole test's traffic.
 */
export function throwawayStackOptions(label: string) {
  return {
    port: 0,
    freshDatabase: `kiln_${label}_${randomBytes(4).toString('hex')}`,
    namespace: randomNamespace(() => randomInt(16) / 16),
    deleteStreamsOnStop: true,
    healthTimeoutMs: 90_000,
    color: false,
    // Tests and benchmarks sign up many people and send many changes from 127.0.0.1; tests of the
    // limits themselves pass their own `env`.
    // A product moderator the browser tests sign up as (ADR 0022).
    env: {
      ...process.env,
      KILN_LIMIT_REGISTER_PER_ADDRESS: '100000/hour',
      KILN_LIMIT_COMMANDS_PER_USER: '100000/minute',
      KILN_MODERATORS: process.env.KILN_MODERATORS ?? TEST_MODERATOR_EMAIL,
    },
  } satisfies StackOptions;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => console.log(`[kiln] ${line}`));
  const childLog = options.childLog ?? ((line: string) => process.stdout.write(`${line}\n`));
  const color = options.color ?? Boolean(process.stdout.isTTY);
  const dataDir = options.dataDir ?? path.join(REPO_ROOT, '.data');
  const namespace = options.namespace ?? env.KILN_NAMESPACE ?? '';
  const services = options.services ?? SERVICES;
  const healthTimeoutMs = options.healthTimeoutMs ?? 60_000;

  // What we started, to undo in reverse order; children are stopped before all of it.
  const servers: Cleanup[] = [];
  const afterChildren: Cleanup[] = [];
  const children: ManagedChild[] = [];
  const serverPids: number[] = [];

  let stopping: Promise<void> | undefined;
  // Restarts waiting for their back-off delay; cleared by stop() so nothing starts while stopping.
  const restartTimers = new Set<NodeJS.Timeout>();

  /** Watches one child; when it dies unexpectedly, says so and starts the same spec again after a delay. */
  const supervise = (child: ManagedChild, index: number, previousDelayMs: number | undefined): void => {
    const startedAt = Date.now();
    void child.exited.then((info) => {
      if (child.isStopping || stopping) return;
      const delayMs = nextRestartDelay(previousDelayMs, Date.now() - startedAt);
      log(`${describeExit(info)}; restarting in ${formatDelay(delayMs)}`);
      const last = child.output.toArray().slice(-20);
      if (last.length) log(`${child.spec.name}'s last lines:`);
      for (const line of last) log(`  ${line}`);
      options.onCrash?.(info);
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        if (stopping) return;
        const next = new ManagedChild(child.spec, index, childLog, color);
        children[index] = next;
        log(`${child.spec.name} restarted (pid ${next.pid ?? '?'})`);
        supervise(next, index, delayMs);
      }, delayMs);
      restartTimers.add(timer);
    });
  };

  let resolveStopped!: () => void;
  const stopped = new Promise<void>((r) => (resolveStopped = r));
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      for (const timer of restartTimers) clearTimeout(timer);
      restartTimers.clear();
      // The BFF first (no new requests), then the services together.
      const bff = children.filter((c) => c.spec.name === 'bff');
      const rest = children.filter((c) => c.spec.name !== 'bff');
      for (const group of [bff, rest]) {
        const infos = await Promise.all(group.filter((c) => c.running).map((c) => c.stop()));
        for (const info of infos) log(info.code === 0 || info.signal === 'SIGTERM' ? `${info.name} stopped` : describeExit(info));
      }
      for (const step of [...afterChildren.reverse(), ...servers.reverse()]) {
        try {
          await step.run();
        } catch (error) {
          log(`could not ${step.name}: ${(error as Error).message}`);
        }
      }
      process.removeListener('exit', killSync);
      removeSignalHandlers();
      resolveStopped();
    })();
    return stopping;
  };

  // Last resort when the process exits without stop() (process.exit, uncaught error): signal everything.
  const killSync = () => {
    for (const child of children) if (child.running) child.signal('SIGTERM');
    for (const pid of serverPids) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        /* gone */
      }
    }
  };
  process.on('exit', killSync);

  const removeSignalHandlers = options.handleSignals ? installSignalHandlers(stop, children, log) : () => undefined;

  const webBuild = options.buildWeb ? buildWebApp(childLog, color) : undefined;
  if (webBuild) afterChildren.push({ name: 'stop the web build', run: () => webBuild.stop() });

  try {
    // ---- Postgres
    let serverUrl: string;
    const database = options.database ?? DEFAULT_DATABASE;
    const explicitDb = options.databaseUrl ?? env.DATABASE_URL;
    const forceEmbedded = options.forceEmbeddedPostgres ?? env.KILN_EMBEDDED_PG === '1';
    const localUrl = explicitDb || forceEmbedded ? undefined : await firstWorkingUrl(localPostgresCandidates(env, safeUserName(), DEFAULT_PG_PORT, database));
    const embeddedPort = options.embeddedPostgresPort ?? numberFrom(env.KILN_EMBEDDED_PG_PORT) ?? DEFAULT_PG_PORT;
    const pgChoice = choosePostgres({ databaseUrl: forceEmbedded ? undefined : explicitDb, localUrl, embeddedPort });
    if (pgChoice.kind === 'embedded') {
      if (await portInUse('127.0.0.1', pgChoice.port)) {
        throw new Error(
          `Something listens on 127.0.0.1:${pgChoice.port} but refused our logins (users postgres, ${safeUserName()}). ` +
            'Set DATABASE_URL, or PGUSER/PGPASSWORD.',
        );
      }
      const pg: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: pgChoice.port, log });
      if (pg.pid) serverPids.push(pg.pid);
      servers.push({ name: 'stop embedded Postgres', run: () => pg.stop() });
      serverUrl = withDatabase(pg.url, database);
    } else {
      serverUrl = pgChoice.url;
      log(`using ${pgChoice.kind === 'env' ? 'DATABASE_URL' : 'the local Postgres'}: ${redactUrl(serverUrl)}`);
    }
    let adminDatabaseUrl: string;
    if (options.freshDatabase) {
      adminDatabaseUrl = await createDatabase(serverUrl, options.freshDatabase);
      const fresh = options.freshDatabase;
      afterChildren.push({
        name: `drop database ${fresh}`,
        run: async () => {
          await dropDatabase(adminDatabaseUrl); // and its role
          log(`dropped database ${fresh}`);
        },
      });
      log(`created database ${options.freshDatabase}`);
    } else {
      adminDatabaseUrl = serverUrl;
      await ensureDatabase(adminDatabaseUrl);
    }
    // The services connect as the database's own role, made with the admin connection (ADR 0041).
    const passwordFile = path.join(dataDir, 'secrets', 'postgres-app-password');
    const databaseUrl = (await prepareAppRole({ adminUrl: adminDatabaseUrl, passwordFile, log })).url;

    // ---- NATS
    const natsPort = options.natsPort ?? DEFAULT_NATS_PORT;
    const explicitNats = options.natsUrl ?? env.NATS_URL;
    const localAnswers = explicitNats ? false : await natsAnswers('127.0.0.1', natsPort);
    const natsChoice = chooseNats({
      natsUrl: explicitNats,
      localAnswers,
      port: natsPort,
      binary: explicitNats || localAnswers ? undefined : findNatsServer(env),
    });
    let natsUrl: string;
    // On a nats-server we start, each process has its own user (nats-auth.ts); elsewhere the environment's, if any.
    let natsCredentials: NatsCredentials | undefined = env.NATS_USER ? { user: env.NATS_USER, pass: env.NATS_PASSWORD ?? '' } : undefined;
    let natsPasswords: Record<NatsUser, string> | undefined;
    if (natsChoice.kind === 'missing') throw new Error(natsChoice.message);
    if (natsChoice.kind === 'start') {
      if (await portInUse('127.0.0.1', natsPort)) {
        throw new Error(`Something that is not NATS listens on 127.0.0.1:${natsPort}. Stop it or set NATS_URL.`);
      }
      natsPasswords = loadNatsPasswords(path.join(dataDir, 'nats-passwords.json'));
      const configFile = path.join(dataDir, 'nats-users.conf');
      writeNatsAuthConfig(configFile, namespace, natsPasswords);
      natsCredentials = { user: 'admin', pass: natsPasswords.admin };
      const nats: StartedNats = await startNatsServer({ binary: natsChoice.binary, storeDir: path.join(dataDir, 'nats'), port: natsPort, configFile, log });
      if (nats.pid) serverPids.push(nats.pid);
      servers.push({ name: 'stop nats-server', run: () => nats.stop() });
      natsUrl = nats.url;
    } else {
      natsUrl = natsChoice.url;
      log(`using ${natsChoice.kind === 'env' ? 'NATS_URL' : 'the local NATS'}: ${natsUrl}`);
    }
    if (options.deleteStreamsOnStop && namespace) {
      afterChildren.push({
        name: `delete the streams of namespace ${namespace}`,
        run: async () => {
          const deleted = await deleteNamespaceStreams(natsUrl, namespace, natsCredentials);
          if (deleted.length) log(`deleted streams ${deleted.join(', ')}`);
        },
      });
    }

    // ---- Children
    const requested = options.port ?? numberFrom(env.PORT) ?? 8080;
    const port = requested === 0 ? await freePort() : requested;
    if (await portInUse('127.0.0.1', port)) throw new Error(`Port ${port} is already in use. Set PORT to another port.`);
    const webDist = path.resolve(REPO_ROOT, options.webDist ?? env.WEB_DIST ?? path.join('web', 'dist'));
    // The secret that signs every RPC request (ADR 0040): the environment's, else a new one for this start,
    // given to the children only and never printed.
    const rpcKey = env.KILN_RPC_KEY || randomBytes(32).toString('hex');
    const storeSecretsKey = secretsKey(env, path.join(dataDir, 'secrets', 'secrets-key'));
    // Where people reach this stack (links in e-mails, ADR 0057): the deployment's own address, else this BFF's.
    const publicUrl = env.KILN_PUBLIC_URL || `http://localhost:${port}`;
    const common: NodeJS.ProcessEnv = {
      ...env,
      DATABASE_URL: databaseUrl,
      NATS_URL: natsUrl,
      KILN_NAMESPACE: namespace,
      KILN_RPC_KEY: rpcKey,
      KILN_PUBLIC_URL: publicUrl,
      // Two malloc arenas, not eight a core: V8's compiler and GC threads each kept an arena of freed memory
      // (ADR 0016, 2026-11-26). The environment's value wins.
      MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2',
    };
    if (!color) common.NO_COLOR = '1'; // Nest colours its logs even into a pipe
    const natsUserEnv = (user: NatsUser): NodeJS.ProcessEnv => (natsPasswords ? { NATS_USER: user, NATS_PASSWORD: natsPasswords[user] } : {});
    const hostedNatsUserEnv = (user: ServiceName): NodeJS.ProcessEnv =>
      natsPasswords ? { [natsUserVariable(user, 'USER')]: user, [natsUserVariable(user, 'PASSWORD')]: natsPasswords[user] } : {};
    const buildDir = await serverBuildDir(log);
    // Only commerce (and integrations, for the webhooks' secrets) holds the key that seals store secrets (ADR 0060).
    const secretsEnv = (names: readonly ServiceName[]): NodeJS.ProcessEnv =>
      names.some((name) => name === 'commerce' || name === 'integrations') ? { KILN_SECRETS_KEY: storeSecretsKey } : {};
    const hosts = hostGroups(options.hostServices ?? false, services);
    const hosted = new Set(hosts.flat());
    const specs = [
      ...hosts.map((group, i) => ({
        name: hosts.length === 1 ? 'host' : `host-${i + 1}`,
        args: [...childNodeFlags('host'), path.join(buildDir, 'deploy', 'src', 'host.js'), ...group],
        // Each hosted service connects as its own NATS user (host.ts reads NATS_USER_<SERVICE>).
        env: { ...common, ...Object.assign({}, ...group.map(hostedNatsUserEnv)), ...secretsEnv(group) },
        cwd: REPO_ROOT,
      })),
      ...services
        .filter((name) => !hosted.has(name))
        .map((name) => ({
          name,
          args: [...childNodeFlags(name), path.join(buildDir, 'services', name, 'src', 'main.js')],
          env: { ...common, ...natsUserEnv(name), ...secretsEnv([name]) },
          cwd: REPO_ROOT,
        })),
      // The analytics consumer (ADR 0068): a reader of the streams with its own NATS user; it answers no
      // request, so it gets no RPC key.
      ...((options.analytics ?? env.KILN_ANALYTICS !== 'off') === false
        ? []
        : [
            {
              name: 'analytics',
              args: [...childNodeFlags('analytics'), path.join(buildDir, 'services', 'analytics', 'src', 'main.js')],
              env: { ...common, KILN_RPC_KEY: undefined, ...natsUserEnv('analytics') },
              cwd: REPO_ROOT,
            },
          ]),
      {
        name: 'bff',
        args: [...childNodeFlags('bff'), path.join(buildDir, 'bff', 'src', 'main.js')],
        env: { ...common, ...natsUserEnv('bff'), PORT: String(port), WEB_DIST: webDist },
        cwd: REPO_ROOT,
      },
    ];
    const described = (name: string) => {
      const group = hosts[name === 'host' ? 0 : Number(name.slice('host-'.length)) - 1];
      return name.startsWith('host') && group ? `${name} (${group.join(', ')})` : name;
    };
    log(`starting ${specs.map((s) => described(s.name)).join(', ')}${namespace ? ` (namespace ${namespace})` : ''}`);
    for (const [i, spec] of specs.entries()) {
      // The BFF serves the web app: it starts once the build that runs meanwhile is done.
      if (spec.name === 'bff' && webBuild) {
        await webBuild.done;
        if (stopping) throw new Error('stopped while the web app was building');
      }
      children.push(new ManagedChild(spec, i, childLog, color));
    }

    const url = `http://localhost:${port}`;
    await waitHealthy({ url, children, hosts, natsUrl, natsCredentials, namespace, services, timeoutMs: healthTimeoutMs, log });
    log(`Kiln is running at ${url}`);

    // From now on a child that dies is restarted, with back-off; the others keep running.
    children.forEach((child, index) => supervise(child, index, undefined));

    const pids = () => Object.fromEntries(children.map((c) => [c.spec.name, c.running ? c.pid : undefined]));
    return { url, port, databaseUrl, adminDatabaseUrl, natsUrl, natsCredentials, namespace, stop, stopped, pids };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The groups of services to host together (ADR 0073): only services of this stack, in groups of two or more. */
export function hostGroups(option: boolean | ReadonlyArray<readonly ServiceName[]>, services: readonly ServiceName[]): ServiceName[][] {
  const groups = option === true ? [services] : option === false ? [] : option;
  return groups.map((group) => services.filter((name) => group.includes(name))).filter((group) => group.length > 1);
}

/** `npm run build -w web` with its output printed as `[web] …`; `done` rejects with its last lines when it fails. */
function buildWebApp(print: (line: string) => void, color: boolean): { done: Promise<void>; stop: () => Promise<void> } {
  const build = new ManagedChild(
    { name: 'web', args: [], env: process.env, cwd: REPO_ROOT, command: 'npm', commandArgs: ['run', 'build', '-w', 'web'] },
    6,
    print,
    color,
  );
  const done = build.exited.then((info) => {
    if (info.code !== 0) throw new Error(`the web app did not build (${describeExit(info)}):\n${indent(build.output.toArray().slice(-30))}`);
  });
  done.catch(() => undefined); // awaited (and reported) by startStack
  return { done, stop: async () => void (await build.stop()) };
}

async function waitHealthy(p: {
  url: string;
  children: ManagedChild[];
  hosts: ServiceName[][];
  natsUrl: string;
  natsCredentials?: NatsCredentials;
  namespace: string;
  services: readonly ServiceName[];
  timeoutMs: number;
  log: (line: string) => void;
}): Promise<void> {
  const deadline = Date.now() + p.timeoutMs;
  let last = 'no answer yet';
  for (;;) {
    const dead = p.children.find((c) => !c.running);
    if (dead) {
      const info = await dead.exited;
      throw new Error(`${describeExit(info)} while starting. Its last lines:\n${indent(dead.output.toArray().slice(-40))}`);
    }
    try {
      const res = await fetch(`${p.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `${res.status} ${(await res.text()).slice(0, 300)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }

  // Say which part is not healthy, with its output.
  const report: string[] = [`GET ${p.url}/api/health did not answer 200 within ${Math.round(p.timeoutMs / 1000)}s (last: ${last}).`];
  for (const name of p.services) {
    const subject = nsSubject(`rpc.${name}.health`, p.namespace);
    const answer = await pingService(p.natsUrl, subject, 2000, p.natsCredentials).catch((e: Error) => `no answer: ${e.message}`);
    const healthy = !answer.startsWith('no answer') && !/"err"|"error"/.test(answer);
    report.push(`${name}: ${healthy ? 'answers its health check' : `unhealthy (${subject} → ${answer.slice(0, 200)})`}`);
    if (!healthy) {
      const host = p.hosts.findIndex((group) => group.includes(name));
      const childName = host < 0 ? name : p.hosts.length === 1 ? 'host' : `host-${host + 1}`;
      const child = p.children.find((c) => c.spec.name === childName);
      if (child) report.push(indent(child.output.toArray().slice(-25)));
    }
  }
  const bff = p.children.find((c) => c.spec.name === 'bff');
  if (bff) report.push('bff, last lines:', indent(bff.output.toArray().slice(-25)));
  throw new Error(report.join('\n'));
}

function installSignalHandlers(stop: () => Promise<void>, children: ManagedChild[], log: (l: string) => void): () => void {
  let count = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    count += 1;
    if (count === 1) {
      log(`${signal}: stopping (Ctrl-C twice more to force)`);
      void stop().then(() => process.exit(signal === 'SIGINT' ? 130 : 0));
    } else if (count >= 3) {
      log('forcing: killing the children');
      for (const child of children) child.signal('SIGKILL');
      process.exit(1);
    }
    // The second one often is npm forwarding the same Ctrl-C: ignored.
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.on(signal, onSignal);
  return () => {
    // Once stopped by a signal, keep catching the repeats until process.exit.
    if (count === 0) for (const signal of signals) process.removeListener(signal, onSignal);
  };
}

function indent(lines: string[]): string {
  return lines.length ? lines.map((l) => `    ${l}`).join('\n') : '    (no output)';
}

function numberFrom(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

function safeUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return 'postgres';
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
