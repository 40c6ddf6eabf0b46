import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PipelineInfo, PluginLog, PluginLogLevel } from '@kiln/contracts';
import { PIPELINE_MESSAGES, PIPELINE_STEPS, PipelineStep, PluginVersionAggregate, ProvenanceState } from '@kiln/domain';
import { DB, newId } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { randomInt, randomUUID } from 'node:crypto';
import { chmodSync, constants, existsSync, mkdirSync } from 'node:fs';
import { chmod, chown, copyFile, lstat, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PgPluginsRepository } from '../plugins/adapters/pg-plugins.repository';
import { PluginRegistryDatabase, SCHEMA } from '../schema';
import { PIPELINE_CONFIG, PipelineConfig } from './pipeline-config';
import { detectIsolation, isRoot, Isolation } from './isolation';
import { nodeDir, runContained } from './run-contained';

/** Where an uploaded media file lies in the shared local-disk storage (the assets service writes it; ADR 0026). */
export const mediaPath = (storageDir: string, mediaId: string) => join(storageDir, 'media', mediaId);
/** Where a deployed version lies: `plugins/<pluginId>@<version>` (the id's '/' encoded). */
export const deployedPath = (storageDir: string, pluginId: string, version: string) =>
  join(storageDir, 'plugins', `${encodeURIComponent(pluginId)}@${version}`);

interface JobContext {
  versionId: string;
  jobId: string;
  authorId: string;
  pluginRecordId: string;
  packageId: string;
  version: string;
  mediaId: string;
  /** The job's folder (ours, 0711): `build/` (the job's own) and, from grab on, `out/`. */
  work: string;
  build: string;
  out: string;
  /** The job's own user when the service runs as root; null otherwise (its own namespaces still apply). */
  user: { uid: number; gid: number } | null;
  root?: string;
  zipSha256?: string;
  /** package.json as read at unzip, before any of the plugin's code ran. */
  pkg?: { build: string | null; dist: string; main: string | null; installScripts: boolean; dependencies: Record<string, string> };
  grab?: {
    files: { path: string; size: number; sha256: string }[];
    filesSha256: string;
    groupCount: number;
    nodeCount: number;
    icons: Record<string, string>;
    main: string | null;
  };
}

type Limits = { timeoutMs: number; maxOutputBytes: number; maxMemoryBytes: number };

const WORKER = join(__dirname, `step-worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
const MINIMAL_PATH = '/usr/local/bin:/usr/bin:/bin';
/** A dependency from the npm registry: a range or tag, or an `npm:` alias of one. Nothing with a path or URL. */
const REGISTRY_SPEC = /^(npm:(@[\w.-]+\/)?[\w.-]+(@[\w.\-+*^~<>=| ]*)?|[\w.\-+*^~<>=| ]*)$/;

/**
 * What npm needs from our environment to download through this machine's network: the certificates it
 * trusts and its proxy (a deployment's own settings, no secret of ours). Nothing else of ours is passed.
 */
function downloadEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of ['NODE_EXTRA_CA_CERTS', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  return env;
}

/** What the worker steps (our code) need to see, read-only: the worker, the modules it loads, nothing else. */
function workerMounts(): string[] {
  const mounts = [dirname(WORKER), nodeDir()];
  for (let dir = dirname(WORKER); ; dir = dirname(dir)) {
    const modules = join(dir, 'node_modules');
    if (existsSync(modules)) mounts.push(modules);
    if (dirname(dir) === dir) break;
  }
  if (WORKER.endsWith('.ts')) mounts.push(join(__dirname, '../../../../tsconfig.json'));
  return mounts;
}

/**
 * Runs version pipelines as jobs whose progress is events (ADR 0026): each step in a child process with
 * limits, in a sandbox of its own (ADR 0039), logs as events line by line. A committed job waits in a
 * queue kept in Postgres until a build slot is free: at most one running job per author, at most
 * `maxBuilds` per machine, the author with fewer waiting jobs first. A running job holds a lease renewed
 * while it runs; a job whose lease ran out (its instance stopped) is queued again once, then failed visibly.
 */
@Injectable()
export class PipelineRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('pipeline');
  readonly instance = randomUUID();
  private readonly running = new Map<string, Promise<void>>();
  private sweeper?: NodeJS.Timeout;
  private claimer?: NodeJS.Timeout;
  private claiming: Promise<void> | null = null;
  private claimAgain = false;
  private closing = false;
  private readonly shutdown = new AbortController();
  /** The sandbox every step runs in; null when none works here (every job then fails, saying why). */
  isolation: Isolation | null = null;
  private isolationTried: string[] = [];

  constructor(
    @Inject(DB) private readonly db: Kysely<PluginRegistryDatabase>,
    private readonly repo: PgPluginsRepository,
    @Inject(PIPELINE_CONFIG) readonly config: PipelineConfig,
  ) {}

  onApplicationBootstrap(): void {
    const found = detectIsolation(this.config.isolation, isRoot() ? this.jobUser() : null);
    this.isolation = found.isolation;
    this.isolationTried = found.tried;
    if (this.isolation)
      this.logger.log(
        `Plugin builds are isolated with ${this.isolation.description}; at most ${this.config.maxBuilds} at once on ${this.config.host}, one per person.`,
      );
    else
      this.logger.error(
        `Plugin builds cannot be isolated on this machine (${found.tried.join('; ')}): ` +
          "every build will fail until bubblewrap or util-linux's unshare works here.",
      );
    // Deployed files, private plugins' included, are for this service alone.
    mkdirSync(join(this.config.storageDir, 'plugins'), { recursive: true, mode: 0o700 });
    chmodSync(join(this.config.storageDir, 'plugins'), 0o700);
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), Math.max(1000, this.config.leaseMs / 2));
    this.claimer = setInterval(() => this.claim(), Math.min(1000, Math.max(200, this.config.leaseMs / 2)));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    clearInterval(this.claimer);
    this.shutdown.abort();
    // Running steps are killed; their jobs are left to their lease: another instance (or the next start) resumes them.
    await Promise.race([Promise.allSettled(this.running.values()), new Promise((r) => setTimeout(r, 2000))]);
  }

  /** What the plugin pages say about builds here. */
  info(): PipelineInfo {
    return { isolation: this.isolation?.kind ?? null, maxBuilds: this.config.maxBuilds };
  }

  /** Queues the job in the transaction that starts it (see the publish command). */
  queueValues() {
    return { queued_at: sql`clock_timestamp()`, started_at: null, run_host: null, lease_owner: null, lease_until: null };
  }

  /** A job was committed: take it if a slot is free, else say where it waits. */
  start(versionId: string, _jobId: string): void {
    if (this.closing) return;
    void this.claimNow().then(() => this.announceWait(versionId));
  }

  /** Claims queued jobs while this machine has free slots (one claimer at a time per instance). */
  private claim(): void {
    if (this.closing) return;
    void this.claimNow();
  }

  private claimNow(): Promise<void> {
    if (this.claiming) {
      this.claimAgain = true;
      return this.claiming;
    }
    this.claiming = (async () => {
      try {
        do {
          this.claimAgain = false;
          for (let job = await this.claimOne(); job; job = await this.claimOne()) this.run(job.id, job.jobId);
        } while (this.claimAgain && !this.closing);
      } catch (e) {
        if (!this.closing) this.logger.error(`claim: ${(e as Error).message}`);
      } finally {
        this.claiming = null;
      }
    })();
    return this.claiming;
  }

  /**
   * One queued job for a free slot of this machine, or null. Claims are serialised by a transaction lock so
   * two instances never both take the last slot; the fair order: authors with fewer jobs waiting ahead first.
   */
  private async claimOne(): Promise<{ id: string; jobId: string } | null> {
    if (this.closing) return null;
    const t = sql.id(SCHEMA, 'plugin_versions');
    // Most polls find nothing waiting: a read of the partial index, without the transaction and its lock.
    const waiting = await sql`SELECT 1 FROM ${t} WHERE job_id IS NOT NULL AND started_at IS NULL LIMIT 1`.execute(this.db);
    if (waiting.rows.length === 0) return null;
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('kiln.plugin-registry.build-slots'))`.execute(trx);
      const busy = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${t} WHERE job_id IS NOT NULL AND started_at IS NOT NULL AND run_host = ${this.config.host}`.execute(trx);
      if (busy.rows[0]!.n >= this.config.maxBuilds) return null;
      const claimed = await sql<{ id: string; job_id: string }>`
        UPDATE ${t}
        SET started_at = now(), run_host = ${this.config.host}, lease_owner = ${this.instance},
          lease_until = now() + ${`${this.config.leaseMs} milliseconds`}::interval
        WHERE id = (
          SELECT v.id FROM ${t} v
          WHERE v.job_id IS NOT NULL AND v.started_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM ${t} r WHERE r.job_id IS NOT NULL AND r.started_at IS NOT NULL AND r.state->>'authorId' = v.state->>'authorId')
          ORDER BY (
            SELECT count(*) FROM ${t} o
            WHERE o.job_id IS NOT NULL AND o.started_at IS NULL AND o.state->>'authorId' = v.state->>'authorId' AND o.queued_at < v.queued_at
          ), v.queued_at, v.id
          LIMIT 1)
        RETURNING id, job_id`.execute(trx);
      const row = claimed.rows[0];
      return row ? { id: row.id, jobId: row.job_id } : null;
    });
  }

  /** A job still waiting after the claim: a log line on its version says so (the version page shows it). */
  private async announceWait(versionId: string): Promise<void> {
    if (this.closing) return;
    try {
      const t = sql.id(SCHEMA, 'plugin_versions');
      const r = await sql<{ ahead: number; running: number; job_id: string | null; started: boolean }>`
        SELECT (SELECT count(*)::int FROM ${t} o WHERE o.job_id IS NOT NULL AND o.started_at IS NULL AND o.queued_at < v.queued_at) AS ahead,
               (SELECT count(*)::int FROM ${t} o
                WHERE o.job_id IS NOT NULL AND o.started_at IS NOT NULL AND o.state->>'authorId' = v.state->>'authorId') AS running,
               v.job_id, v.started_at IS NOT NULL AS started
        FROM ${t} v WHERE v.id = ${versionId}`.execute(this.db);
      const row = r.rows[0];
      if (!row || !row.job_id || row.started) return;
      const version = await this.repo.loadVersionById(versionId);
      if (!version) return;
      const s = version.snapshot();
      const why = row.running > 0 ? 'another build of yours is running' : 'every build slot is busy';
      const sink = new LogSink(this.repo, { versionId, authorId: s.authorId, pluginRecordId: s.pluginId, version: s.version }, 'unzip');
      sink.write(
        'info',
        `${PIPELINE_MESSAGES.waiting}: ${why}${row.ahead > 0 ? `; ${row.ahead} ${row.ahead === 1 ? 'build waits' : 'builds wait'} ahead of this one` : ''}.`,
      );
      await sink.flush();
    } catch (e) {
      this.logger.warn(`queue note for ${versionId}: ${(e as Error).message}`);
    }
  }

  /** Jobs whose lease ran out (their instance stopped): claim each (one instance wins), then requeue or fail it. */
  async sweep(): Promise<void> {
    if (this.closing) return;
    try {
      const claimed = await sql<{ id: string }>`
        UPDATE ${sql.id(SCHEMA, 'plugin_versions')} SET lease_owner = ${this.instance}, lease_until = now() + ${`${this.config.leaseMs} milliseconds`}::interval
        WHERE job_id IS NOT NULL AND started_at IS NOT NULL AND (lease_until IS NULL OR lease_until < now()) RETURNING id`.execute(this.db);
      for (const { id } of claimed.rows) {
        const version = await this.repo.loadVersionById(id);
        if (!version || !version.running) continue;
        const resumes = version.resumeInterruptedJob(randomUUID(), new Date());
        // Queued again in its old place (queued_at is kept): the next free slot runs it.
        if (resumes)
          await this.repo.saveQueued(
            version,
            { actorId: null, occurredAt: new Date() },
            { started_at: null, run_host: null, lease_owner: null, lease_until: null },
          );
        else await this.repo.save([version], { actorId: null, occurredAt: new Date() });
      }
      if (claimed.rows.length > 0) this.claim();
    } catch (e) {
      this.logger.error(`sweep: ${(e as Error).message}`);
    }
  }

  /** Runs a claimed job in the background; the slot is claimed again for another job when it ends. */
  private run(versionId: string, jobId: string): void {
    if (this.running.has(versionId)) return;
    const job = this.runJob(versionId, jobId)
      .catch((e) => {
        if (!this.closing) this.logger.error(`pipeline ${versionId}: ${(e as Error).stack ?? e}`);
      })
      .finally(() => {
        this.running.delete(versionId);
        this.claim();
      });
    this.running.set(versionId, job);
  }

  /** A user id of its own for one job (the service runs as root): no two jobs share one. */
  private jobUser(): { uid: number; gid: number } {
    const id = this.config.uidBase + randomInt(1, 1 << 24);
    return { uid: id, gid: id };
  }

  private async runJob(versionId: string, jobId: string): Promise<void> {
    const first = await this.repo.loadVersionById(versionId);
    if (!first || !first.ownsJob(jobId)) return;
    const s = first.snapshot();
    const heartbeat = setInterval(
      () => {
        void sql`UPDATE ${sql.id(SCHEMA, 'plugin_versions')} SET lease_until = now() + ${`${this.config.leaseMs} milliseconds`}::interval
          WHERE id = ${versionId} AND job_id = ${jobId}`
          .execute(this.db)
          .catch(() => undefined);
      },
      Math.max(200, this.config.leaseMs / 3),
    );
    const work = await mkdtemp(join(this.config.workDir, 'kiln-pipeline-'));
    const ctx: JobContext = {
      versionId,
      jobId,
      authorId: s.authorId,
      pluginRecordId: s.pluginId,
      packageId: s.packageId,
      version: s.version,
      mediaId: s.mediaId!,
      work,
      build: join(work, 'build'),
      out: join(work, 'out'),
      user: isRoot() ? this.jobUser() : null,
    };
    try {
      // Other users may pass through (each job's own folders are 0700 and its user's), never list it.
      await chmod(work, 0o711);
      await this.ownFolder(ctx, ctx.build);
      let failure: string | null = null;
      for (const step of PIPELINE_STEPS) {
        if (this.closing) return;
        if (!(await this.change(ctx, (v, now) => v.startAction(step, now)))) return;
        const logs = new LogSink(this.repo, ctx, step);
        let reason: string | null;
        try {
          reason = await this.step(step, ctx, logs);
        } catch (e) {
          reason = `Failed: ${(e as Error).message}`;
        }
        if (reason && reason !== logs.lastError) logs.write('error', reason);
        await logs.flush();
        if (this.closing && reason) return; // killed by our own shutdown: the next instance resumes it
        if (!(await this.change(ctx, (v, now) => v.finishAction(step, reason === null, now)))) return;
        if (reason) {
          failure = reason;
          break;
        }
      }
      const provenance: ProvenanceState | null = failure
        ? null
        : { zipSha256: ctx.zipSha256 ?? null, files: ctx.grab!.files, filesSha256: ctx.grab!.filesSha256, sandboxed: true, isolation: this.isolation!.kind };
      const finished = await this.change(ctx, (v, now) => v.finishPipeline(failure ? 'failed' : 'done', failure, provenance, now));
      if (finished) await this.afterFinish(finished);
    } finally {
      clearInterval(heartbeat);
      await rm(work, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** A folder only the job's user may enter. */
  private async ownFolder(ctx: JobContext, dir: string, mode = 0o700): Promise<void> {
    await mkdir(dir, { mode });
    await chmod(dir, mode);
    if (ctx.user) await chown(dir, ctx.user.uid, ctx.user.gid);
  }

  /** Hook for what a finished job changes elsewhere (nothing yet: counts follow publishing). */
  private async afterFinish(_version: PluginVersionAggregate): Promise<void> {}

  /** Loads, changes and saves the version while this job still owns it; null when it does not any more. */
  private async change(ctx: JobContext, apply: (v: PluginVersionAggregate, now: Date) => void): Promise<PluginVersionAggregate | null> {
    const version = await this.repo.loadVersionById(ctx.versionId);
    if (!version || !version.ownsJob(ctx.jobId)) return null;
    apply(version, new Date());
    await this.repo.save([version], { actorId: null, occurredAt: new Date() });
    return version;
  }

  private env(ctx: JobContext): Record<string, string> {
    // No variable of ours reaches a step: no database or NATS address, no credentials.
    return {
      PATH: `${nodeDir()}:${MINIMAL_PATH}`,
      HOME: join(ctx.build, 'home'),
      TMPDIR: '/tmp',
      LANG: 'C.UTF-8',
      npm_config_cache: join(ctx.build, 'npm-cache'),
      npm_config_update_notifier: 'false',
      npm_config_userconfig: join(ctx.build, 'home', '.npmrc'),
      CI: 'true',
    };
  }

  /** Runs one step; answers null on success or the reason it failed. */
  private async step(step: PipelineStep, ctx: JobContext, logs: LogSink): Promise<string | null> {
    const c = this.config;
    if (!this.isolation) return `${PIPELINE_MESSAGES.noIsolation} (${this.isolationTried.join('; ')})`;
    if (step === 'unzip') logs.write('info', `Every step runs isolated with ${this.isolation.description}`);
    const limits: Limits = { timeoutMs: c.timeoutsMs[step], maxOutputBytes: c.maxOutputBytes, maxMemoryBytes: c.maxMemoryBytes };
    if (step === 'unzip') {
      const source = mediaPath(c.storageDir, ctx.mediaId);
      if (!existsSync(source)) return 'The uploaded archive is missing from storage.';
      // The sandbox sees a copy in the job's folder, never the storage.
      const zip = join(ctx.build, 'upload.zip');
      await copyFile(source, zip, constants.COPYFILE_EXCL);
      if (ctx.user) await chown(zip, ctx.user.uid, ctx.user.gid);
      const result = await this.worker<Required<Pick<JobContext, 'root' | 'zipSha256' | 'pkg'>>>(
        'unzip',
        { zip, out: join(ctx.build, 'src'), maxFiles: c.maxFiles, maxBytes: c.maxBytes },
        ctx,
        logs,
        limits,
        {
          readable: [],
          writable: [ctx.build],
          user: ctx.user,
        },
      );
      if (typeof result === 'string') return result;
      Object.assign(ctx, { root: result.root, zipSha256: result.zipSha256, pkg: result.pkg });
      return null;
    }
    const pkg = ctx.pkg!;
    if (step === 'install') return this.install(ctx, logs, limits);
    if (step === 'build') {
      if (!pkg.build) return 'The package has no build script.';
      logs.write('info', `> ${pkg.build}`);
      return this.contained(ctx, logs, limits, 'sh', ['-c', pkg.build], false);
    }
    if (step === 'grab') {
      // A fresh folder made after every process of the build ended: nothing of the build is in it.
      await this.ownFolder(ctx, ctx.out, 0o755);
      const result = await this.worker<JobContext['grab']>(
        'grab',
        { root: ctx.root, dist: pkg.dist, main: pkg.main, out: ctx.out, maxFiles: c.maxFiles, maxBytes: c.maxBytes },
        ctx,
        logs,
        limits,
        { readable: [ctx.build], writable: [ctx.out], user: ctx.user },
      );
      if (typeof result === 'string') return result;
      ctx.grab = result;
      return null;
    }
    const g = ctx.grab!;
    const manifest = {
      pluginId: ctx.packageId,
      version: ctx.version,
      groupCount: g.groupCount,
      nodeCount: g.nodeCount,
      icons: g.icons,
      main: g.main,
      files: g.files,
      zipSha256: ctx.zipSha256,
      filesSha256: g.filesSha256,
      sandboxed: true,
      isolation: this.isolation.kind,
    };
    const plugins = join(c.storageDir, 'plugins');
    // Our own user without capabilities, seeing the collected files and the plugins folder alone.
    const result = await this.worker(
      'deploy',
      { from: join(ctx.out, 'files'), target: deployedPath(c.storageDir, ctx.packageId, ctx.version), manifest },
      ctx,
      logs,
      limits,
      { readable: [ctx.out], writable: [plugins], user: null },
    );
    return typeof result === 'string' ? result : null;
  }

  /**
   * Dependencies: downloaded by npm with scripts off (the one step with network: npm alone runs, the
   * package's own .npmrc is removed, every dependency must come from the registry); the package's install
   * scripts, when it asks for them (kiln.installScripts), run afterwards without network.
   */
  private async install(ctx: JobContext, logs: LogSink, limits: Limits): Promise<string | null> {
    const pkg = ctx.pkg!;
    for (const [name, spec] of Object.entries(pkg.dependencies)) {
      if (!REGISTRY_SPEC.test(spec)) return `Refused: the dependency "${name}" (${spec}) is not from the npm registry; only registry versions are installed.`;
    }
    const npmrc = join(ctx.root!, '.npmrc');
    if (
      await lstat(npmrc).then(
        () => true,
        () => false,
      )
    ) {
      await rm(npmrc, { force: true });
      logs.write('warning', "Ignored the package's .npmrc");
    }
    await this.ownFolder(ctx, join(ctx.build, 'home'));
    const count = Object.keys(pkg.dependencies).length;
    logs.write('info', `Installing ${count} ${count === 1 ? 'dependency' : 'dependencies'} from ${this.config.npmRegistry} (install scripts off)`);
    const args = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', `--registry=${this.config.npmRegistry}`];
    const fetched = await this.contained(ctx, logs, limits, 'npm', args, count > 0, count > 0 ? downloadEnv() : {});
    if (fetched || !pkg.installScripts) return fetched;
    logs.write('info', 'Running install scripts without network (kiln.installScripts)');
    return this.contained(ctx, logs, limits, 'npm', ['rebuild', '--no-audit', '--no-fund'], false);
  }

  /** The plugin's own code (npm, its scripts, the build): its sandbox sees the job's folder and Node alone. */
  private async contained(
    ctx: JobContext,
    logs: LogSink,
    limits: Limits,
    command: string,
    args: string[],
    network: boolean,
    extraEnv: Record<string, string> = {},
  ): Promise<string | null> {
    const r = await runContained({
      isolation: this.isolation!,
      command,
      args,
      cwd: ctx.root!,
      env: { ...this.env(ctx), ...extraEnv, ...(network ? {} : { NODE_OPTIONS: `--max-old-space-size=${Math.floor(limits.maxMemoryBytes / 1048576)}` }) },
      ...limits,
      writable: [ctx.build],
      readable: [nodeDir(), ...(extraEnv.NODE_EXTRA_CA_CERTS && existsSync(extraEnv.NODE_EXTRA_CA_CERTS) ? [extraEnv.NODE_EXTRA_CA_CERTS] : [])],
      network,
      user: ctx.user,
      onLine: (stream, line) => logs.write(stream === 'stderr' ? 'warning' : 'info', line),
      signal: this.shutdown.signal,
    });
    return r.ok ? null : r.reason;
  }

  /**
   * One of our own steps (unzip, grab, deploy) in a sandbox too: it handles what the plugin made. Answers
   * the step's result (`R`, what step-worker.ts printed), or why it failed.
   */
  private async worker<R>(
    step: 'unzip' | 'grab' | 'deploy',
    args: unknown,
    ctx: JobContext,
    logs: LogSink,
    limits: Limits,
    view: { readable: string[]; writable: string[]; user: JobContext['user'] },
  ): Promise<R | string> {
    let result: unknown = null;
    const register = WORKER.endsWith('.ts') ? ['-r', require.resolve('@swc-node/register')] : [];
    const r = await runContained({
      isolation: this.isolation!,
      command: process.execPath,
      args: [...register, WORKER, step, JSON.stringify(args)],
      cwd: view.writable[0]!,
      env: {
        PATH: MINIMAL_PATH,
        LANG: 'C.UTF-8',
        HOME: '/tmp',
        ...(register.length ? { SWC_NODE_PROJECT: join(__dirname, '../../../../tsconfig.json') } : {}),
      },
      ...limits,
      readable: [...workerMounts(), ...view.readable],
      writable: view.writable,
      network: false,
      user: view.user,
      signal: this.shutdown.signal,
      onLine: (stream, line) => {
        if (line.startsWith('@@RESULT ')) result = JSON.parse(line.slice(9));
        else logs.write(stream === 'stderr' ? 'error' : 'info', line);
      },
    });
    if (!r.ok) return logs.lastError ?? r.reason ?? 'Failed.';
    return result as R;
  }
}

/** Buffers a step's log lines and writes them as events in small batches (in order). */
class LogSink {
  private buffer: PluginLog[] = [];
  private timer?: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();
  lastError: string | null = null;

  constructor(
    private readonly repo: PgPluginsRepository,
    private readonly ctx: Pick<JobContext, 'versionId' | 'authorId' | 'pluginRecordId' | 'version'>,
    private readonly action: PipelineStep,
  ) {}

  write(level: PluginLogLevel, message: string): void {
    if (level === 'error') this.lastError = message;
    this.buffer.push({
      id: newId(),
      message,
      level,
      action: this.action,
      createdAt: new Date().toISOString(),
      pluginId: this.ctx.pluginRecordId,
      version: this.ctx.version,
      seq: 0,
    });
    if (this.buffer.length >= 50) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), 200);
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.buffer;
    this.buffer = [];
    this.chain = this.chain.then(() => this.repo.appendLogs(batch, this.ctx.authorId, this.ctx.versionId)).catch(() => undefined);
    return this.chain;
  }
}
