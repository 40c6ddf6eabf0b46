import type { History } from '@kiln/contracts';
import { announceVersion, timelineShowing } from './history-versions';

const timeline = (...versions: number[]): History => ({
  data: versions.map((version) => ({
    type: 'material.changed',
    version,
    at: new Date(0).toISOString(),
    by: { id: 'u', fullName: 'U' },
    changes: {},
  })) as History['data'],
});

describe('a timeline asked again after a push', () => {
  it('asks until it shows the version the push announced (the projection may lag the push)', async () => {
    const answers = [timeline(1), timeline(1), timeline(1, 2)];
    const fetch = jest.fn(async () => answers.shift()!);
    announceVersion('material:a', 2);
    await expect(timelineShowing('material:a', fetch)).resolves.toEqual(timeline(1, 2));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('asks once when nothing newer was announced, and gives up after ten tries', async () => {
    const once = jest.fn(async () => timeline(1, 2, 3));
    await expect(timelineShowing('material:b', once)).resolves.toEqual(timeline(1, 2, 3));
    expect(once).toHaveBeenCalledTimes(1);

    announceVersion('service:c', 5);
    const stuck = jest.fn(async () => timeline(1));
    await expect(timelineShowing('service:c', stuck)).resolves.toEqual(timeline(1));
    expect(stuck).toHaveBeenCalledTimes(10);
  });
});
