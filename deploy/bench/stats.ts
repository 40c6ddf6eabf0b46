/**
 * Latency samples and their percentiles. Pure: no I/O, no clocks except in `measure`.
 * Percentiles are nearest-rank on the sorted samples (p99 of 500 samples = the 495th smallest).
 */
import { performance } from 'node:perf_hooks';

export interface Summary {
  name: string;
  n: number;
  p50: number;
  p99: number;
  min: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile of ascending-sorted values; `p` in (0, 100]. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('percentile of no samples');
  if (!(p > 0 && p <= 100)) throw new Error(`percentile ${p} is outside (0, 100]`);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export function summarize(name: string, samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  return { name, n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), min: sorted[0], max: sorted[sorted.length - 1], mean };
}

export interface MeasureOptions {
  warmup: number;
  samples: number;
}

/**
 * Runs `op` `warmup` times unmeasured, then `samples` times one after another (one in flight: a closed
 * loop with concurrency 1), and returns each duration in milliseconds. `op` gets the iteration index so it
 * can vary its input (a new name per rename).
 */
export async function measure(name: string, options: MeasureOptions, op: (i: number) => Promise<unknown>): Promise<Summary> {
  for (let i = 0; i < options.warmup; i++) await op(-1 - i);
  const samples: number[] = new Array(options.samples);
  for (let i = 0; i < options.samples; i++) {
    const start = performance.now();
    await op(i);
    samples[i] = performance.now() - start;
  }
  return summarize(name, samples);
}

/** Like `measure`, for operations that time themselves (the span ends at an event, not at the await). */
export async function measureTimed(name: string, options: MeasureOptions, op: (i: number) => Promise<number>): Promise<Summary> {
  for (let i = 0; i < options.warmup; i++) await op(-1 - i);
  const samples: number[] = new Array(options.samples);
  for (let i = 0; i < options.samples; i++) samples[i] = await op(i);
  return summarize(name, samples);
}

export interface NamedOperation {
  name: string;
  op: (i: number) => Promise<unknown>;
}

/**
 * Measures several operations taking turns, sample by sample (warm-ups too), so that what changes during
 * the run (a neighbour's load, caches, the JIT warming up) weighs on each of them alike: their ratios are
 * then fair even when the machine is not quiet. Still one operation in flight at a time.
 */
export async function measureInterleaved(operations: readonly NamedOperation[], options: MeasureOptions): Promise<Summary[]> {
  for (let i = 0; i < options.warmup; i++) for (const { op } of operations) await op(-1 - i);
  const samples = operations.map(() => new Array<number>(options.samples));
  for (let i = 0; i < options.samples; i++) {
    for (const [k, { op }] of operations.entries()) {
      const start = performance.now();
      await op(i);
      samples[k][i] = performance.now() - start;
    }
  }
  return operations.map(({ name }, k) => summarize(name, samples[k]));
}
