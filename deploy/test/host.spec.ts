import { hostedConfig, natsUserVariable } from '../src/host';
import { hostGroups, NPM_START_HOSTS, SERVICES } from '../src/stack';

/** How `npm start` hosts several services in one process (ADR 0073). */
describe('hosting services together', () => {
  it('each hosted service connects as its own NATS user', () => {
    const env = {
      NATS_URL: 'nats://n:4222',
      NATS_USER_PLUGIN_REGISTRY: 'plugin-registry',
      NATS_PASSWORD_PLUGIN_REGISTRY: 'p1',
      NATS_USER_ASSETS: 'assets',
      NATS_PASSWORD_ASSETS: 'p2',
    };
    expect(natsUserVariable('plugin-registry', 'USER')).toBe('NATS_USER_PLUGIN_REGISTRY');
    expect(hostedConfig('plugin-registry', env)).toMatchObject({ natsUrl: 'nats://n:4222', natsUser: 'plugin-registry', natsPassword: 'p1' });
    expect(hostedConfig('assets', env)).toMatchObject({ natsUser: 'assets', natsPassword: 'p2' });
    // Without a user of its own (a NATS without users), the environment's settings as they are.
    expect(hostedConfig('workspace', { ...env, NATS_USER: 'shared' })).toMatchObject({ natsUser: 'shared' });
  });

  it("npm start's hosts hold every service once, and the secrets key's two apart from the rest", () => {
    expect(NPM_START_HOSTS.flat().sort()).toEqual([...SERVICES].sort());
    const sealing = NPM_START_HOSTS.filter((group) => group.includes('commerce') || group.includes('integrations'));
    expect(sealing).toEqual([['commerce', 'integrations']]);
  });

  it('hosts only the stack’s own services, in groups of two or more', () => {
    expect(hostGroups(false, SERVICES)).toEqual([]);
    expect(hostGroups(true, SERVICES)).toEqual([[...SERVICES]]);
    expect(hostGroups(NPM_START_HOSTS, ['workspace', 'commerce', 'integrations'])).toEqual([['commerce', 'integrations']]);
  });
});
