/**
 * The table `npm run bench` prints: baselines, how the composite baselines are made, and each Kiln
 * metric against its composite baseline and against each part. Pure, so it is unit-tested.
 */
import { Summary } from './stats';

export interface Composite {
  name: string;
  /** Names of the baselines summed (p50 = sum of their p50s, p99 = sum of their p99s). */
  parts: string[];
}

export interface Comparison {
  metric: Summary;
  /** Name of a composite; the metric is also compared with each of its parts. */
  against: string;
  /** What the metric measures, printed under the table. */
  meaning: string;
}

export interface ReportInput {
  baselines: Summary[];
  composites: Composite[];
  comparisons: Comparison[];
}

export function composite(c: Composite, baselines: readonly Summary[]): Summary {
  const parts = c.parts.map((name) => {
    const found = baselines.find((b) => b.name === name);
    if (!found) throw new Error(`composite ${c.name}: no baseline named ${name}`);
    return found;
  });
  const sum = (f: (s: Summary) => number) => parts.reduce((acc, s) => acc + f(s), 0);
  return {
    name: c.name,
    n: Math.min(...parts.map((p) => p.n)),
    p50: sum((s) => s.p50),
    p99: sum((s) => s.p99),
    min: sum((s) => s.min),
    max: sum((s) => s.max),
    mean: sum((s) => s.mean),
  };
}

export const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
export const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(1)}×` : '—');

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)];
}

export function renderReport(input: ReportInput): string {
  const out: string[] = [];
  out.push('Baselines (bare, same machine, same run, one request in flight):', '');
  out.push(
    ...table(
      ['baseline', 'N', 'p50 ms', 'p99 ms'],
      input.baselines.map((b) => [b.name, String(b.n), ms(b.p50), ms(b.p99)]),
    ),
  );
  out.push('', "Composite baselines (p50 = sum of the parts' p50s; p99 = sum of the parts' p99s):", '');
  const composites = input.composites.map((c) => composite(c, input.baselines));
  for (const [i, c] of input.composites.entries()) {
    out.push(`- ${c.name} = ${c.parts.join(' + ')}  →  p50 ${ms(composites[i].p50)} ms, p99 ${ms(composites[i].p99)} ms`);
  }
  out.push('', 'Kiln (full path) against its baselines:', '');
  const rows: string[][] = [];
  for (const cmp of input.comparisons) {
    const c = input.composites.find((x) => x.name === cmp.against);
    if (!c) throw new Error(`comparison ${cmp.metric.name}: no composite named ${cmp.against}`);
    const against = [composites[input.composites.indexOf(c)], ...c.parts.map((p) => input.baselines.find((b) => b.name === p)!)];
    for (const [j, base] of against.entries()) {
      const m = cmp.metric;
      rows.push([
        j === 0 ? m.name : '',
        j === 0 ? String(m.n) : '',
        j === 0 ? ms(m.p50) : '',
        j === 0 ? ms(m.p99) : '',
        j === 0 ? base.name : `  vs ${base.name}`,
        ratio(m.p50, base.p50),
        ratio(m.p99, base.p99),
      ]);
    }
  }
  out.push(...table(['metric', 'N', 'p50 ms', 'p99 ms', 'baseline', 'ratio p50', 'ratio p99'], rows));
  out.push('', 'What the metrics measure:');
  for (const cmp of input.comparisons) out.push(`- ${cmp.metric.name}: ${cmp.meaning}`);
  return out.join('\n');
}
