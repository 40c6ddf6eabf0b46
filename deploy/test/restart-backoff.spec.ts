import { formatDelay, nextRestartDelay, RESTART_BACKOFF } from '../src/restart-backoff';

describe('nextRestartDelay', () => {
  it('waits 1 s after a first death', () => {
    expect(nextRestartDelay(undefined, 5)).toBe(1000);
  });

  it('doubles after each quick death, up to 30 s', () => {
    const delays: number[] = [];
    let delay: number | undefined;
    for (let i = 0; i < 8; i++) {
      delay = nextRestartDelay(delay, 2000);
      delays.push(delay);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('starts again from 1 s once the child stayed up for a minute', () => {
    expect(nextRestartDelay(30_000, RESTART_BACKOFF.resetAfterMs - 1)).toBe(30_000);
    expect(nextRestartDelay(30_000, RESTART_BACKOFF.resetAfterMs)).toBe(1000);
    expect(nextRestartDelay(8000, 10 * 60_000)).toBe(1000);
  });

  it('follows another rule when given one', () => {
    const rule = { initialMs: 100, maxMs: 250, resetAfterMs: 1000 };
    expect(nextRestartDelay(undefined, 0, rule)).toBe(100);
    expect(nextRestartDelay(100, 0, rule)).toBe(200);
    expect(nextRestartDelay(200, 0, rule)).toBe(250);
  });
});

describe('formatDelay', () => {
  it('prints seconds', () => {
    expect(formatDelay(1000)).toBe('1s');
    expect(formatDelay(30_000)).toBe('30s');
    expect(formatDelay(1500)).toBe('1.5s');
  });
});
