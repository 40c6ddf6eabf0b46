import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { NATS_USERS, NatsUser, passwordVariable } from '../src/nats-auth';

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  volumes?: string[];
  command?: string[];
  healthcheck?: unknown;
};

const root = path.resolve(__dirname, '..', '..');
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const SERVICES = ['workspace', 'plugin-registry', 'assets', 'commerce', 'integrations'];

describe('docker-compose.yml', () => {
  it('names the whole stack', () => {
    expect(Object.keys(services).sort()).toEqual([
      'analytics',
      'assets',
      'bff',
      'commerce',
      'integrations',
      'nats',
      'plugin-registry',
      'postgres',
      'workspace',
    ]);
  });

  it('runs NATS with JetStream on a volume and Postgres 17 with a healthcheck', () => {
    expect(services.nats.image).toBe('nats:2');
    expect(services.nats.command?.slice(0, 3)).toEqual(['-js', '-sd', '/data']);
    expect(services.nats.volumes?.[0]).toMatch(/^nats-data:\/data$/);
    expect(services.postgres.image).toBe('postgres:17');
    expect(services.postgres.healthcheck).toBeDefined();
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['nats-data', 'postgres-data']));
  });

  it('gives NATS the users of deploy/nats/kiln-users.conf, each password from the environment', () => {
    const command = services.nats.command ?? [];
    expect(command[command.indexOf('-c') + 1]).toBe('/etc/nats/kiln-users.conf');
    expect(services.nats.volumes).toContain('./deploy/nats/kiln-users.conf:/etc/nats/kiln-users.conf:ro');
    expect(fs.existsSync(path.join(root, 'deploy', 'nats', 'kiln-users.conf'))).toBe(true);
    for (const user of NATS_USERS) {
      expect(services.nats.environment?.[passwordVariable(user)]).toMatch(new RegExp(`^\\$\\{${passwordVariable(user)}:\\?`));
    }
  });

  it.each([...SERVICES, 'analytics', 'bff'])('%s connects to NATS as its own user', (name) => {
    const env = services[name].environment ?? {};
    expect(env.NATS_USER).toBe(name);
    expect(env.NATS_PASSWORD).toBe(`\${${passwordVariable(name as NatsUser)}}`);
  });

  it.each(SERVICES)('%s gets DATABASE_URL and NATS_URL and waits for its servers', (name) => {
    const s = services[name];
    expect(s.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\/kiln$/);
    expect(s.environment?.NATS_URL).toBe('nats://nats:4222');
    expect(s.environment?.KILN_SERVICE).toBe(name);
    expect(s.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(s.depends_on?.nats).toBeDefined();
  });

  it.each([...SERVICES, 'bff'])('%s gets the RPC key, which must be set (ADR 0040)', (name) => {
    expect(services[name].environment?.KILN_RPC_KEY).toMatch(/^\$\{KILN_RPC_KEY:\?/);
  });

  it('serves the BFF on 8080, reaching the services through NATS only', () => {
    const bff = services.bff;
    expect(bff.environment?.NATS_URL).toBe('nats://nats:4222');
    expect(bff.environment?.KILN_SERVICE).toBe('bff');
    expect(bff.environment?.DATABASE_URL).toBeUndefined(); // the BFF never touches Postgres
    expect(bff.ports).toContain('8080:8080');
    expect(Object.keys(bff.depends_on ?? {})).toEqual(expect.arrayContaining(['nats', ...SERVICES]));
  });

  it('runs the analytics consumer (ADR 0068) with the database and NATS, and no RPC key (it answers no request)', () => {
    const analytics = services.analytics;
    expect(analytics.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\/kiln$/);
    expect(analytics.environment).toMatchObject({ NATS_URL: 'nats://nats:4222', KILN_SERVICE: 'analytics' });
    expect(analytics.environment?.KILN_RPC_KEY).toBeUndefined();
    expect(analytics.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(fs.readFileSync(path.join(root, 'deploy', 'Dockerfile'), 'utf8')).toContain('COPY services/analytics/package.json services/analytics/');
  });

  it('builds every app container from deploy/Dockerfile', () => {
    for (const name of [...SERVICES, 'analytics', 'bff']) {
      expect(services[name].build).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile' });
    }
    expect(fs.existsSync(path.join(root, 'deploy', 'Dockerfile'))).toBe(true);
  });

  it('gives commerce its mail settings and keeps its mail folder and SMTP outbox on a volume the node user owns (ADR 0059)', () => {
    const commerce = services.commerce;
    expect(commerce.environment).toMatchObject({ KILN_SMTP_URL: '${KILN_SMTP_URL:-}', KILN_MAIL_DIR: '/var/lib/kiln/mail' });
    expect(commerce.volumes).toContain('mail-data:/var/lib/kiln/mail');
    expect(Object.keys(compose.volumes)).toContain('mail-data');
    expect(fs.readFileSync(path.join(root, 'deploy', 'Dockerfile'), 'utf8')).toContain('chown node:node /var/lib/kiln/mail');
  });

  it('has an entrypoint that knows every app service', () => {
    const entry = fs.readFileSync(path.join(root, 'deploy', 'docker-entrypoint.sh'), 'utf8');
    for (const name of [...SERVICES, 'analytics', 'bff']) expect(entry).toContain(name);
  });
});
