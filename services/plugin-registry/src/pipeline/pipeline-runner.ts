import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { PluginLog, PluginLogLevel } from '@kiln/contracts';
import { PIPELINE_STEPS, PipelineStep, PluginVersionAggregate, ProvenanceState } from '@kiln/domain';
import { DB, newId } from '@kiln/service-kit';
import { Kysely, sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PgPluginsRepository } from '../adapters/pg-plugins.repository';
import { SCHEMA } from '../schema';
import { PIPELINE_CONFIG, PipelineConfig } from './pipeline-config';
import { nodeDir, runContained, sandboxAvailable } from './run-contained';

/** Where an uploaded media file lies in the shared local-disk storage (the assets service writes it; ADR 0026). */
export const mediaPath = (storageDir: string, mediaId: string) => join(storageDir, 'media', mediaId);
/** Where a deployed version lies: `plugins/<pluginId>@<version>` (the id's '/' encoded). */
export const deployedPath = (storageDir: string, pluginId: string, version: string) => join(storageDir, 'plugins', `${encodeURIComponent(pluginId)}@${version}`);

interface JobContext {
  versionId: string;
  jobId: string;
  authorId: string;
  pluginRecordId: string;
  packageId: string;
  version: string;
  mediaId: string;
  work: string;
  root?: string;
  zipSha256?: string;
  grab?: { dist: string; files: { path: string; size: number; sha256: string }[]; filesSha256: string; groupCount: number; nodeCount: number; icons: Record<string, string>; main: string | null };
  sandboxed: boolean;
}

const WORKER = join(__dirname, `step-worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);
const MINIMAL_PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * Runs version pipelines as jobs whose progress is events (ADR 0026): each step in a child process with
 * limits, logs as events line by line, a lease renewed while the job runs. A job whose lease ran out
 * (its instance stopped) is taken over by a sweep: resumed once from the first step, then failed visibly.
 */
@Injectable()
export class PipelineRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('pipeline');
  readonly instance = randomUUID();
  private readonly running = new Map<string, Promise<void>>();
  private sweeper?: NodeJS.Timeout;
  private closing = false;
  private readonly shutdown = new AbortController();

  constructor(
    @Inject(DB) private readonly db: Kysely<any>,
    private readonly repo: PgPluginsRepository,
    @Inject(PIPELINE_CONFIG) readonly config: PipelineConfig,
  ) {}

  onApplicationBootstrap(): void {
    void this.sweep();
    this.sweeper = setInterval(() => void this.sweep(), Math.max(1000, this.config.leaseMs / 2));
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.sweeper);
    this.shutdown.abort();
    // Running steps are killed; their jobs are left to their lease: another instance (or the next start) resumes them.
    await Promise.race([Promise.allSettled(this.running.values()), new Promise((r) => setTimeout(r, 2000))]);
  }

  /** Sets the lease in the transaction that starts a job (see the publish command). */
  leaseValues() {
    return { lease_owner: this.instance, lease_until: sql`now() + ${`${this.config.leaseMs} milliseconds`}::interval` };
  }

  /** Starts a job that was just committed, in the background. */
  start(versionId: string, jobId: string): void {
    if (this.closing || this.running.has(versionId)) return;
    const job = this.run(versionId, jobId)
      .catch((e) => {
        if (!this.closing) this.logger.error(`pipeline ${versionId}: ${(e as Error).stack ?? e}`);
      })
      .finally(() => this.running.delete(versionId));
    this.running.set(versionId, job);
  }

  /** Jobs whose lease ran out: claim each (one instance wins), then resume or fail it. */
  async sweep(): Promise<void> {
    if (this.closing) return;
    try {
      const claimed = await sql<{ id: string }>`
        UPDATE ${sql.id(SCHEMA, 'plugin_versions')} SET lease_owner = ${this.instance}, lease_until = now() + ${`${this.config.leaseMs} milliseconds`}::interval
        WHERE job_id IS NOT NULL AND (lease_until IS NULL OR lease_until < now()) RETURNING id`.execute(this.db);
      for (const { id } of claimed.rows) {
        const version = await this.repo.loadVersionById(id);
        if (!version || !version.running) continue;
        const jobId = randomUUID();
        const resumes = version.resumeInterruptedJob(jobId, new Date());
        await this.repo.save([version], { actorId: null, occurredAt: new Date() });
        await this.afterFinish(version);
        if (resumes) this.start(id, jobId);
      }
    } catch (e) {
      this.logger.error(`sweep: ${(e as Error).message}`);
    }
  }

  private async run(versionId: string, jobId: string): Promise<void> {
    const first = await this.repo.loadVersionById(versionId);
    if (!first || !first.ownsJob(jobId)) return;
    const s = first.snapshot();
    const heartbeat = setInterval(() => {
      void sql`UPDATE ${sql.id(SCHEMA, 'plugin_versions')} SET lease_until = now() + ${`${this.config.leaseMs} milliseconds`}::interval WHERE id = ${versionId} AND job_id = ${jobId}`.execute(this.db).catch(() => undefined);
    }, Math.max(200, this.config.leaseMs / 3));
    const ctx: JobContext = { versionId, jobId, authorId: s.authorId, pluginRecordId: s.pluginId, packageId: s.packageId, version: s.version, mediaId: s.mediaId!, work: await mkdtemp(join(this.config.workDir, 'kiln-pipeline-')), sandboxed: false };
    try {
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
      const provenance: ProvenanceState | null = failure ? null : { zipSha256: ctx.zipSha256 ?? null, files: ctx.grab!.files, filesSha256: ctx.grab!.filesSha256, sandboxed: ctx.sandboxed };
      const finished = await this.change(ctx, (v, now) => v.finishPipeline(failure ? 'failed' : 'done', failure, provenance, now));
      if (finished) await this.afterFinish(finished);
    } finally {
      clearInterval(heartbeat);
      await rm(ctx.work, { recursive: true, force: true }).catch(() => undefined);
    }
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
    return { PATH: `${nodeDir()}:${MINIMAL_PATH}`, HOME: join(ctx.work, 'home'), LANG: 'C.UTF-8', npm_config_cache: join(ctx.work, 'npm-cache'), npm_config_update_notifier: 'false', CI: 'true' };
  }

  /** Runs one step; answers null on success or the reason it failed. */
  private async step(step: PipelineStep, ctx: JobContext, logs: LogSink): Promise<string | null> {
    const c = this.config;
    const limits = { timeoutMs: c.timeoutsMs[step], maxOutputBytes: c.maxOutputBytes, maxMemoryBytes: c.maxMemoryBytes };
    if (step === 'unzip') {
      const zip = mediaPath(c.storageDir, ctx.mediaId);
      if (!existsSync(zip)) return 'The uploaded archive is missing from storage.';
      const result = await this.worker('unzip', { zip, out: join(ctx.work, 'src'), maxFiles: c.maxFiles, maxBytes: c.maxBytes }, ctx, logs, limits);
      if (typeof result === 'string') return result;
      Object.assign(ctx, { root: result.root, zipSha256: result.zipSha256 });
      await chownTree(ctx.work, c.uid, c.gid);
      return null;
    }
    if (step === 'install') {
      const pkg = JSON.parse(await readFile(join(ctx.root!, 'package.json'), 'utf8'));
      const scripts = pkg.kiln?.installScripts === true;
      logs.write('info', scripts ? 'Installing dependencies (install scripts on: kiln.installScripts)' : 'Installing dependencies (install scripts off)');
      const args = ['install', '--no-audit', '--no-fund', '--no-package-lock', ...(scripts ? [] : ['--ignore-scripts'])];
      const r = await this.contained(ctx, logs, limits, 'npm', args, true);
      return r;
    }
    if (step === 'build') {
      const pkg = JSON.parse(await readFile(join(ctx.root!, 'package.json'), 'utf8'));
      if (typeof pkg.scripts?.build !== 'string') return 'The package has no build script.';
      logs.write('info', `> ${pkg.scripts.build}`);
      ctx.sandboxed = sandboxAvailable();
      if (!ctx.sandboxed) logs.write('warning', 'No namespace sandbox (bubblewrap) on this machine: the build runs as its own user without network isolation.');
      return this.contained(ctx, logs, limits, 'sh', ['-c', pkg.scripts.build], false);
    }
    if (step === 'grab') {
      const result = await this.worker('grab', { root: ctx.root, maxFiles: c.maxFiles, maxBytes: c.maxBytes }, ctx, logs, limits);
      if (typeof result === 'string') return result;
      ctx.grab = result;
      return null;
    }
    const g = ctx.grab!;
    const manifest = { pluginId: ctx.packageId, version: ctx.version, groupCount: g.groupCount, nodeCount: g.nodeCount, icons: g.icons, main: g.main, files: g.files, zipSha256: ctx.zipSha256, filesSha256: g.filesSha256, sandboxed: ctx.sandboxed };
    const result = await this.worker('deploy', { dist: g.dist, target: deployedPath(c.storageDir, ctx.packageId, ctx.version), manifest }, ctx, logs, limits);
    return typeof result === 'string' ? result : null;
  }

  /** An untrusted command (npm install, the build script): own user, minimal env, sandbox, limits. */
  private async contained(ctx: JobContext, logs: LogSink, limits: { timeoutMs: number; maxOutputBytes: number; maxMemoryBytes: number }, command: string, args: string[], network: boolean): Promise<string | null> {
    const r = await runContained({
      command,
      args,
      cwd: ctx.root!,
      env: { ...this.env(ctx), ...(network ? {} : { NODE_OPTIONS: `--max-old-space-size=${Math.floor(limits.maxMemoryBytes / 1048576)}` }) },
      ...limits,
      user: { uid: this.config.uid, gid: this.config.gid },
      sandbox: { writable: [ctx.work], readable: [nodeDir()], network },
      onLine: (stream, line) => logs.write(stream === 'stderr' ? 'warning' : 'info', line),
      signal: this.shutdown.signal,
    });
    return r.ok ? null : r.reason;
  }

  /** One of our own steps, in a child process (it reads the untrusted archive, not the service). */
  private async worker(step: 'unzip' | 'grab' | 'deploy', args: unknown, ctx: JobContext, logs: LogSink, limits: { timeoutMs: number; maxOutputBytes: number; maxMemoryBytes: number }): Promise<any> {
    let result: unknown = null;
    const register = WORKER.endsWith('.ts') ? ['-r', require.resolve('@swc-node/register')] : [];
    const r = await runContained({
      command: process.execPath,
      args: [...register, WORKER, step, JSON.stringify(args)],
      cwd: ctx.work,
      env: { PATH: MINIMAL_PATH, LANG: 'C.UTF-8', ...(register.length ? { SWC_NODE_PROJECT: join(__dirname, '../../../../tsconfig.json') } : {}) },
      ...limits,
      sandbox: null,
      signal: this.shutdown.signal,
      onLine: (stream, line) => {
        if (line.startsWith('@@RESULT ')) result = JSON.parse(line.slice(9));
        else logs.write(stream === 'stderr' ? 'error' : 'info', line);
      },
    });
    if (!r.ok) return logs.lastError ?? r.reason ?? 'Failed.';
    return result;
  }
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  if (process.getuid?.() !== 0) return;
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const abs = join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(abs, uid, gid);
    else await chown(abs, uid, gid);
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
    private readonly ctx: JobContext,
    private readonly action: PipelineStep,
  ) {}

  write(level: PluginLogLevel, message: string): void {
    if (level === 'error') this.lastError = message;
    this.buffer.push({ id: newId(), message, level, action: this.action, createdAt: new Date().toISOString(), pluginId: this.ctx.pluginRecordId, version: this.ctx.version, seq: 0 });
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
