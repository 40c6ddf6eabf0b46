/**
 * How long `npm start` waits before restarting a child that died. Pure, so the rule is unit-tested:
 * 1 s after the first death, doubling after each quick death, at most 30 s; a child that stayed up a
 * while (60 s) counts as healthy again, so its next death waits 1 s again.
 */
export const RESTART_BACKOFF = { initialMs: 1000, maxMs: 30_000, resetAfterMs: 60_000 } as const;

export interface BackoffRule {
  initialMs: number;
  maxMs: number;
  resetAfterMs: number;
}

/**
 * @param previousMs the delay used before the child's last restart, undefined when it never restarted
 * @param upMs how long the child ran before it died
 */
export function nextRestartDelay(previousMs: number | undefined, upMs: number, rule: BackoffRule = RESTART_BACKOFF): number {
  if (previousMs === undefined || upMs >= rule.resetAfterMs) return rule.initialMs;
  return Math.min(previousMs * 2, rule.maxMs);
}

/** `1s`, `30s`, `1.5s`: the delay as the runner prints it. */
export function formatDelay(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))}s`;
}
