import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMERCE_STREAM, INTEGRATIONS_STREAM, PLUGIN_REGISTRY_STREAM, WORKSPACE_STREAM } from '@kiln/contracts';
import {
  NATS_SERVICES,
  NATS_USERS,
  natsAuthConfig,
  natsPermissions,
  passwordsFromEnvironment,
  passwordVariable,
  READER_CONSUMERS,
  SERVICE_GRANTS,
  SERVICE_STREAMS,
} from '../src/nats-auth';
import { SERVICES } from '../src/stack';

const root = path.resolve(__dirname, '..', '..');
const passwords = Object.fromEntries(NATS_USERS.map((u) => [u, `secret-${u}`])) as Record<(typeof NATS_USERS)[number], string>;

describe('natsPermissions', () => {
  it('gives the runner (admin) every right', () => {
    expect(natsPermissions('admin')).toBeUndefined();
  });

  it('lets only the BFF send rpc requests', () => {
    expect(natsPermissions('bff')?.publish).toContain('rpc.>');
    for (const service of NATS_SERVICES) {
      const rpcPublish = natsPermissions(service)!.publish.filter((s) => s.startsWith('rpc.'));
      // Its own start-up check, and only the requests to another service its grant names (ADR 0022).
      expect(rpcPublish).toEqual([`rpc.${service}.health`, ...(SERVICE_GRANTS[service]?.asks ?? [])]);
    }
  });

  it('lets a service subscribe only to its own requests, publish only to its own stream, and answer', () => {
    const p = natsPermissions('plugin-registry')!;
    expect(p.subscribe).toEqual(['rpc.plugin-registry.>', '_INBOX.>']);
    expect(p.publish.filter((s) => s.startsWith('evt.'))).toEqual(['evt.plugin-registry.>']);
    expect(p.publish.filter((s) => s.startsWith('$JS.') && s !== '$JS.API.INFO').every((s) => s.includes('.PLUGIN_REGISTRY_EVENTS'))).toBe(true);
    expect(p.publish).toContain('$JS.ACK.PLUGIN_REGISTRY_EVENTS.>');
    expect(p.allowResponses).toBe(true);
  });

  it('lets the BFF read every stream but not ack, create durables or delete', () => {
    const p = natsPermissions('bff')!;
    for (const stream of Object.values(SERVICE_STREAMS)) {
      expect(p.publish).toEqual(expect.arrayContaining([`$JS.API.CONSUMER.CREATE.${stream}.>`, `$JS.API.CONSUMER.MSG.NEXT.${stream}.>`]));
    }
    expect(p.publish.some((s) => s.startsWith('$JS.ACK') || s.includes('DURABLE') || s.includes('STREAM.DELETE') || s.startsWith('evt.'))).toBe(false);
    expect(p.subscribe).toEqual(['_INBOX.>', 'bff.>']);
    expect(p.allowResponses).toBe(false);
  });

  it('lets a reader (analytics, ADR 0068) use only its own durable consumers: no evt.*, no rpc.*, no stream change', () => {
    const p = natsPermissions('analytics', 'ns')!;
    expect(p.subscribe).toEqual(['_INBOX.>']);
    expect(p.allowResponses).toBe(false);
    expect(p.publish.every((s) => s.startsWith('$JS.'))).toBe(true);
    expect(p.publish.filter((s) => /^\$JS\.API\.STREAM\./.test(s)).every((s) => s.startsWith('$JS.API.STREAM.INFO.'))).toBe(true);
    for (const { stream, durable } of READER_CONSUMERS.analytics) {
      expect(p.publish).toEqual(
        expect.arrayContaining([
          `$JS.API.CONSUMER.CREATE.ns_${stream}.ns_${durable}.>`,
          `$JS.API.CONSUMER.MSG.NEXT.ns_${stream}.ns_${durable}`,
          `$JS.ACK.ns_${stream}.ns_${durable}.>`,
        ]),
      );
    }
    // Every consumer subject names one of its own consumers.
    const own = READER_CONSUMERS.analytics.map((c) => `ns_${c.durable}`);
    for (const s of p.publish.filter((s) => s.startsWith('$JS.API.CONSUMER.') || s.startsWith('$JS.ACK.'))) {
      expect(own.some((durable) => s.split('.').includes(durable))).toBe(true);
    }
  });

  it('prefixes subjects and stream names with the namespace, as the services name them', () => {
    const p = natsPermissions('workspace', 'ns')!;
    expect(p.subscribe).toEqual(['ns.rpc.workspace.>', '_INBOX.>']);
    expect(p.publish).toEqual(expect.arrayContaining(['ns.evt.workspace.>', 'ns.rpc.workspace.health', '$JS.ACK.ns_WORKSPACE_EVENTS.>']));
    expect(natsPermissions('bff', 'ns')!.publish).toEqual(expect.arrayContaining(['ns.rpc.>', 'ns.bff.>', '$JS.API.STREAM.INFO.ns_COMMERCE_EVENTS']));
    expect(natsPermissions('bff', 'ns')!.subscribe).toEqual(['_INBOX.>', 'ns.bff.>']);
  });
});

describe('natsAuthConfig', () => {
  const config = natsAuthConfig({ passwords });

  it('has one user per process, with its password', () => {
    for (const user of NATS_USERS) expect(config).toContain(`user: "${user}"\n      password: "secret-${user}"`);
    expect(config.match(/user: /g)).toHaveLength(NATS_USERS.length);
    expect(config.match(/allow_responses: true/g)).toHaveLength(NATS_SERVICES.length);
  });

  it('quotes every subject (a bare $JS would be read as a variable)', () => {
    expect(config).toContain('"$JS.API.INFO"');
    expect(config).not.toMatch(/[\s[,]\$JS/);
  });

  it('leaves $VARIABLE passwords bare, for nats-server to read from the environment', () => {
    const fromEnv = natsAuthConfig({ passwords: passwordsFromEnvironment() });
    expect(fromEnv).toContain('password: $NATS_PLUGIN_REGISTRY_PASSWORD');
    expect(passwordVariable('bff')).toBe('NATS_BFF_PASSWORD');
    expect(natsAuthConfig({ passwords: { ...passwords, bff: 'a"b' } })).toContain('password: "a\\"b"');
  });

  it('is what deploy/nats/kiln-users.conf holds (regenerate it when this fails)', () => {
    const committed = fs.readFileSync(path.join(root, 'deploy', 'nats', 'kiln-users.conf'), 'utf8');
    expect(committed).toBe(natsAuthConfig({ passwords: passwordsFromEnvironment() }));
  });
});

describe('the users match the services', () => {
  it('names every service the runner starts', () => {
    expect([...NATS_SERVICES]).toEqual([...SERVICES]);
  });

  const ownStreamInModule = NATS_SERVICES.filter((s) => !['workspace', 'commerce', 'plugin-registry', 'integrations'].includes(s));
  it.each(ownStreamInModule)("names %s's stream as its module does", (service) => {
    const module = fs.readFileSync(path.join(root, 'services', service, 'src', `${service}.module.ts`), 'utf8');
    expect(module).toContain(`name: '${SERVICE_STREAMS[service]}', subjects: ['evt.${service}.>']`);
  });

  it('names the plugin-registry stream as the contracts do', () => {
    expect(PLUGIN_REGISTRY_STREAM).toEqual({ name: SERVICE_STREAMS['plugin-registry'], subjects: ['evt.plugin-registry.>'] });
  });

  it('names the integrations stream as the contracts do', () => {
    expect(INTEGRATIONS_STREAM).toEqual({ name: SERVICE_STREAMS.integrations, subjects: ['evt.integrations.>'] });
  });

  it('names the commerce stream as the contracts do', () => {
    expect(COMMERCE_STREAM).toEqual({ name: SERVICE_STREAMS.commerce, subjects: ['evt.commerce.>'] });
  });

  it('names the workspace stream as the contracts do', () => {
    expect(WORKSPACE_STREAM).toEqual({ name: SERVICE_STREAMS.workspace, subjects: ['evt.workspace.>'] });
  });
});

describe('loadNatsPasswords', () => {
  it('makes random passwords once, then reuses them, in a file only this user reads', () => {
    const { loadNatsPasswords } = require('../src/nats') as typeof import('../src/nats');
    const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'kiln-nats-pw-'));
    try {
      const file = path.join(dir, 'nats-passwords.json');
      const first = loadNatsPasswords(file);
      expect(Object.keys(first).sort()).toEqual([...NATS_USERS].sort());
      expect(new Set(Object.values(first)).size).toBe(NATS_USERS.length);
      for (const pw of Object.values(first)) expect(pw).toMatch(/^[0-9a-f]{48}$/);
      expect(loadNatsPasswords(file)).toEqual(first);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
