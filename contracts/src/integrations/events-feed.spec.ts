import { EventSchemas } from '../events';
import { EventsQuery, eventArea } from './events-feed';

describe('GET /api/events contract (ADR 0066)', () => {
  it('gives every published event type a token area, but the account’s own events', () => {
    const without = Object.keys(EventSchemas).filter((type) => eventArea(type) === null);
    expect(without.every((type) => type.startsWith('workspace.user.'))).toBe(true);
    expect(eventArea('workspace.model.renamed.v1')).toBe('models');
    expect(eventArea('plugin-registry.version.published.v1')).toBe('plugins');
    expect(eventArea('workspace.font.created.v1')).toBe('assets');
    expect(eventArea('commerce.order.accepted.v1')).toBe('business');
  });

  it('reads the query as sent: a cursor of digits, types as a comma list, numbers in their bounds', () => {
    expect(EventsQuery.parse({ after: '42', types: 'a.b.v1, c.d.v1', limit: '500', wait: '0' })).toEqual({
      after: '42',
      types: ['a.b.v1', 'c.d.v1'],
      limit: 500,
      wait: 0,
    });
    for (const bad of [{ after: '-1' }, { after: '01' }, { limit: '501' }, { wait: '26' }, { types: 'A B' }, { other: '1' }]) {
      expect(EventsQuery.safeParse(bad).success).toBe(false);
    }
  });
});
