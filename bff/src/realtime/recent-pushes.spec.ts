import { RecentPushes } from './recent-pushes';

describe('RecentPushes: whether a connecting page may have missed a push (ADR 0071)', () => {
  const KEEP = 60_000;
  let now: number;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('says yes for a push to one of the rooms at or after the page started, and no for other rooms or earlier pushes', () => {
    const recent = new RecentPushes(KEEP, clock);
    now += 5_000;
    recent.record(['user:a', 'model:1']);
    now += 5_000;
    expect(recent.pushedSince(['user:a'], now - 6_000)).toBe(true);
    expect(recent.pushedSince(['socket-id', 'model:1'], now - 5_000)).toBe(true);
    expect(recent.pushedSince(['user:a'], now - 4_000)).toBe(false);
    expect(recent.pushedSince(['user:b', 'team:x'], now - 9_000)).toBe(false);
  });

  it('says yes when the page started before this instance did, or longer ago than it keeps', () => {
    const recent = new RecentPushes(KEEP, clock);
    expect(recent.pushedSince(['user:a'], now - 1)).toBe(true);
    now += 2 * KEEP;
    expect(recent.pushedSince(['user:a'], now - KEEP - 1)).toBe(true);
    expect(recent.pushedSince(['user:a'], now - KEEP + 1)).toBe(false);
  });

  it('forgets rooms whose last push is older than it keeps', () => {
    const recent = new RecentPushes(KEEP, clock);
    recent.record(['user:a']);
    now += KEEP / 2;
    recent.record(['user:b']);
    now += KEEP + 1;
    recent.record(['user:c']);
    expect(recent.size).toBe(1);
    expect(recent.pushedSince(['user:c'], now)).toBe(true);
  });
});
