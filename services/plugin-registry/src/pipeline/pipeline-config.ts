import { availableParallelism, hostname, tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { PipelineStep } from '@kiln/domain';
import { ISOLATION_KINDS, IsolationPreference } from './isolation';

/** Limits and places of the build pipeline (ADR 0026); every value can be set in the environment. */
export interface PipelineConfig {
  /** Uploaded media (`media/<mediaId>`) and deployed plugins (`plugins/<pluginId>@<version>/`). */
  storageDir: string;
  /** Parent of each job's own temporary folder. */
  workDir: string;
  timeoutsMs: Record<PipelineStep, number>;
  maxFiles: number;
  maxBytes: number;
  maxOutputBytes: number;
  maxMemoryBytes: number;
  /** How long a job's lease holds without renewal; a job whose lease ran out is resumed or failed. */
  leaseMs: number;
  /** How steps are isolated: `auto` (bubblewrap, else unshare) or one forced; never none (ADR 0039). */
  isolation: IsolationPreference;
  /** When the service runs as root, each job runs as its own user: this number plus a random one below 2^24. */
  uidBase: number;
  /** Builds running at once on this machine (`host`); one person never has more than one. */
  maxBuilds: number;
  /** The machine the build slots are counted on (instances on one machine share them). */
  host: string;
  /** The registry dependencies are downloaded from (the package's own .npmrc is ignored). */
  npmRegistry: string;
  /** Developers (user ids) who may publish alpha versions; empty: every plugin author (ADR 0025). */
  developers: string[];
}

const ms = (value: string | undefined, fallback: number) => {
  if (!value) return fallback;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(value.trim());
  if (!m) throw new Error(`invalid duration ${value}`);
  return Number(m[1]) * (m[2] === 'ms' ? 1 : m[2] === 'm' ? 60_000 : 1000);
};
const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

function isolationPreference(value: string | undefined): IsolationPreference {
  const v = (value ?? 'auto').trim() || 'auto';
  if (v === 'auto' || (ISOLATION_KINDS as readonly string[]).includes(v)) return v as IsolationPreference;
  throw new Error(`KILN_PIPELINE_ISOLATION must be auto, ${ISOLATION_KINDS.join(' or ')} (got ${value})`);
}

export function readPipelineConfig(env: NodeJS.ProcessEnv = process.env): PipelineConfig {
  const step = (name: string, fallback: number) => ms(env[`KILN_PIPELINE_TIMEOUT_${name.toUpperCase()}`] ?? env.KILN_PIPELINE_TIMEOUT, fallback);
  return {
    storageDir: resolve(env.KILN_STORAGE_DIR ?? '.data/storage'),
    workDir: resolve(env.KILN_PIPELINE_WORK_DIR ?? tmpdir()),
    timeoutsMs: {
      unzip: step('unzip', 60_000),
      install: step('install', 300_000),
      build: step('build', 300_000),
      grab: step('grab', 60_000),
      deploy: step('deploy', 60_000),
    },
    maxFiles: num(env.KILN_PIPELINE_MAX_FILES, 5000),
    maxBytes: num(env.KILN_PIPELINE_MAX_BYTES, 200 * 1024 * 1024),
    maxOutputBytes: num(env.KILN_PIPELINE_MAX_OUTPUT_BYTES, 1024 * 1024),
    maxMemoryBytes: num(env.KILN_PIPELINE_MAX_MEMORY_BYTES, 1024 * 1024 * 1024),
    leaseMs: ms(env.KILN_PIPELINE_LEASE, 30_000),
    isolation: isolationPreference(env.KILN_PIPELINE_ISOLATION),
    uidBase: num(env.KILN_PIPELINE_UID_BASE, 1_900_000_000),
    maxBuilds: Math.max(1, num(env.KILN_PIPELINE_MAX_BUILDS, Math.floor(availableParallelism() / 2))),
    host: env.KILN_PIPELINE_HOST || hostname(),
    npmRegistry: env.KILN_PIPELINE_NPM_REGISTRY || 'https://registry.npmjs.org/',
    developers: (env.KILN_PLUGIN_DEVELOPERS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

export const PIPELINE_CONFIG = Symbol('pipeline config');
