import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import type { PipelineStep } from '@kiln/domain';

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
  /** The user install and build run as when the service runs as root (nobody by default). */
  uid: number;
  gid: number;
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

export function readPipelineConfig(env: NodeJS.ProcessEnv = process.env): PipelineConfig {
  const step = (name: string, fallback: number) => ms(env[`KILN_PIPELINE_TIMEOUT_${name.toUpperCase()}`] ?? env.KILN_PIPELINE_TIMEOUT, fallback);
  return {
    storageDir: resolve(env.KILN_STORAGE_DIR ?? '.data/storage'),
    workDir: resolve(env.KILN_PIPELINE_WORK_DIR ?? tmpdir()),
    timeoutsMs: { unzip: step('unzip', 60_000), install: step('install', 300_000), build: step('build', 300_000), grab: step('grab', 60_000), deploy: step('deploy', 60_000) },
    maxFiles: num(env.KILN_PIPELINE_MAX_FILES, 5000),
    maxBytes: num(env.KILN_PIPELINE_MAX_BYTES, 200 * 1024 * 1024),
    maxOutputBytes: num(env.KILN_PIPELINE_MAX_OUTPUT_BYTES, 1024 * 1024),
    maxMemoryBytes: num(env.KILN_PIPELINE_MAX_MEMORY_BYTES, 1024 * 1024 * 1024),
    leaseMs: ms(env.KILN_PIPELINE_LEASE, 30_000),
    uid: num(env.KILN_PIPELINE_UID, 65534),
    gid: num(env.KILN_PIPELINE_GID, 65534),
    developers: (env.KILN_PLUGIN_DEVELOPERS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
  };
}

export const PIPELINE_CONFIG = Symbol('pipeline config');
