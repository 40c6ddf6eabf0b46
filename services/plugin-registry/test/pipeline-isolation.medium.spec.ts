import { PIPELINE_MESSAGES } from '@kiln/domain';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../deploy/test/support/eventually';
import { ISOLATION_KINDS, IsolationKind } from '../src/pipeline/isolation';
import { detectIsolation } from '../src/pipeline/isolation';
import { buildingPlugin } from './support/fixtures';
import {
  dependentPlugin,
  distLinkPlugin,
  fifoPlugin,
  fileLinkPlugin,
  lingeringPlugin,
  reachingPlugin,
  urlDependencyPlugin,
  whoamiPlugin,
} from './support/hostile-plugins';
import { PluginRegistryEnv, startPluginRegistry } from './support/plugin-registry-env';

/**
 * Issue 16: a plugin build is hostile. For each isolation this machine has (bubblewrap when installed, and
 * util-linux's unshare, forced by configuration), the pipeline must not follow what a build makes, must not
 * let it reach our servers, must end every process it starts, and must queue builds: one per person, at
 * most KILN_PIPELINE_MAX_BUILDS at once.
 */
const hex = () => randomBytes(8).toString('hex');
const userId = () => randomBytes(12).toString('hex');
const available = ISOLATION_KINDS.filter((kind) => detectIsolation(kind).isolation !== null);
const isRoot = process.getuid?.() === 0;

describe.each(available.map((kind) => [kind] as [IsolationKind]))('the pipeline isolated with %s', (kind) => {
  let env: PluginRegistryEnv;
  let canary: string;
  let listener: Server;
  beforeAll(async () => {
    // The service's module reads its configuration when it is loaded: a fresh load per mechanism.
    jest.resetModules();
    env = await startPluginRegistry({
      KILN_PIPELINE_ISOLATION: kind,
      // Bounds a hostile build; wide enough for npm's start on a machine busy with the other suites.
      KILN_PIPELINE_TIMEOUT_BUILD: '60s',
      KILN_PIPELINE_MAX_BUILDS: '2',
      KILN_PIPELINE_MAX_BYTES: String(2 * 1024 * 1024),
      KILN_PIPELINE_MAX_FILES: '50',
    });
    // A folder only its owner may read (the probe used a root-only folder): grab must never copy it.
    canary = mkdtempSync(join(tmpdir(), 'kiln-canary-'));
    writeFileSync(join(canary, 'secret.txt'), 'canary secret');
    listener = createServer((s) => s.end('hello')).listen(0, '127.0.0.1');
  }, 60_000);
  afterAll(async () => {
    listener?.close();
    if (canary) rmSync(canary, { recursive: true, force: true });
    await env?.stop();
  });

  const author = () => ({ userId: userId() });
  async function build(zip: Buffer, who = author()) {
    const plugin = await env.call('createPlugin', {
      actor: who,
      body: { name: `Hostile ${hex()}`, pluginId: `hostile-${hex()}`, description: '<p>Hostile</p>', type: 'library' },
    });
    await env.call('createVersion', { actor: who, body: { pluginId: plugin.id, version: '1.0.0' } });
    const { id: mediaId } = await env.upload(who, zip);
    await env.call('assignZip', { actor: who, body: { pluginId: plugin.id, version: '1.0.0', mediaId } });
    await env.call('publish', { actor: who, body: { pluginId: plugin.id, version: '1.0.0' } });
    return { plugin, who };
  }
  const where = (pluginId: string) => JSON.stringify({ pluginId, version: '1.0.0' }) as never;
  const finished = (b: { plugin: { id: string }; who: { userId: string } }, timeout = 60_000) =>
    eventually(async () => {
      const v = (await env.call('listVersions', { actor: b.who, body: { where: where(b.plugin.id) } })).data[0]!;
      expect(v.running).toBe(false);
      return v;
    }, timeout);
  /** Waits for the build's end and expects it done; if not, the failure shows its logs (which step, why). */
  const done = async (b: { plugin: { id: string }; who: { userId: string } }, timeout = 60_000) => {
    const v = await finished(b, timeout);
    expect({ status: v.status, logs: v.status === 'done' ? '' : await logText(b) }).toEqual({ status: 'done', logs: '' });
    return v;
  };
  const actions = (b: { plugin: { id: string }; who: { userId: string } }) =>
    env.call('listActions', { actor: b.who, body: { where: where(b.plugin.id) } }).then((r) => r.data);
  const logText = async (b: { plugin: { id: string }; who: { userId: string } }) =>
    (await env.call('listLogs', { actor: b.who, body: { where: where(b.plugin.id), limit: 100 } as never })).data.map((l) => l.message).join('\n');

  it('never follows a `dist` that is a link to a folder of ours: grab fails, nothing is copied or changed', async () => {
    const b = await build(await distLinkPlugin(canary));
    const v = await finished(b);
    expect(v.status).toBe('failed');
    expect((await actions(b)).map((a) => [a.action, a.status])).toEqual([
      ['unzip', 'success'],
      ['install', 'success'],
      ['build', 'success'],
      ['grab', 'failed'],
      ['deploy', 'stopped'],
    ]);
    await eventually(async () => expect(await logText(b)).toContain('Refused: "dist" is a symbolic link; built files are never followed.'));
    expect(statSync(canary).mode & 0o777).toBe(0o700);
    expect(existsSync(join(env.storageDir, 'plugins', `${encodeURIComponent(b.plugin.pluginId)}@1.0.0`))).toBe(false);
    expect(await env.fail('publicFile', { body: { pluginId: b.plugin.pluginId, version: '1.0.0', path: 'secret.txt' } })).toMatchObject({ statusCode: 404 });
  }, 90_000);

  it('refuses a link to a file and a named pipe inside dist', async () => {
    const linked = await build(await fileLinkPlugin(join(canary, 'secret.txt')));
    const piped = await build(await fifoPlugin());
    expect((await finished(linked)).status).toBe('failed');
    expect((await finished(piped)).status).toBe('failed');
    await eventually(async () =>
      expect(await logText(linked)).toContain('Refused: the built file "stolen.txt" is a symbolic link; only regular files are taken.'),
    );
    await eventually(async () => expect(await logText(piped)).toContain('Refused: the built file "pipe" is a named pipe; only regular files are taken.'));
  }, 90_000);

  it('a build reaches neither Postgres, NATS nor any other server of this machine', async () => {
    const port = (listener.address() as { port: number }).port;
    const b = await build(await reachingPlugin([5432, 4222, port]));
    await done(b);
    const line = await eventually(async () => {
      const text = await logText(b);
      expect(text).toMatch(/^reach /m);
      return text.split('\n').find((l) => l.startsWith('reach '))!;
    });
    expect(line).not.toMatch(/:open/);
    expect(line.split(' ')[1]!.split(',')).toHaveLength(3);
  }, 90_000);

  it("installs a registry dependency (npm alone has the network, the package's .npmrc is ignored) and refuses one from a URL", async () => {
    const good = await build(await dependentPlugin());
    const bad = await build(await urlDependencyPlugin('http://127.0.0.1:5432/evil.tgz'));
    await done(good);
    await eventually(async () => expect(await logText(good)).toContain('is-number says true'));
    expect(await logText(good)).toContain("Ignored the package's .npmrc");
    expect((await finished(bad)).status).toBe('failed');
    await eventually(async () =>
      expect(await logText(bad)).toContain(
        'Refused: the dependency "evil" (http://127.0.0.1:5432/evil.tgz) is not from the npm registry; only registry versions are installed.',
      ),
    );
  }, 120_000);

  it('a process a build leaves behind ends with it and cannot touch a later build of someone else', async () => {
    const marker = `kiln-linger-${hex()}`;
    const alive = join(tmpdir(), `${marker}.alive`);
    const first = await build(await lingeringPlugin(marker, alive));
    const second = await build(await whoamiPlugin(1500));
    await done(first);
    const pgrep = () => {
      try {
        return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim();
      } catch {
        return '';
      }
    };
    expect(pgrep()).toBe('');
    expect(existsSync(alive)).toBe(false);
    await done(second);
    const deployed = readFileSync(join(env.storageDir, 'plugins', `${encodeURIComponent(second.plugin.pluginId)}@1.0.0`, 'files', 'index.js'), 'utf8');
    expect(deployed).toBe('module.exports = 1;\n');
    expect(pgrep()).toBe('');
  }, 120_000);

  it('deployed files are for the service alone; the provenance records the isolation', async () => {
    const b = await build(await buildingPlugin());
    const v = await done(b);
    expect(v.provenance).toMatchObject({ sandboxed: true, isolation: kind });
    expect(statSync(join(env.storageDir, 'plugins')).mode & 0o077).toBe(0);
  }, 90_000);

  (isRoot ? it : it.skip)(
    'as root, each job runs as a user of its own, never root',
    async () => {
      const [a, b] = [await build(await whoamiPlugin(0)), await build(await whoamiPlugin(0))];
      const uids = [];
      for (const x of [a, b]) {
        await done(x);
        uids.push(await eventually(async () => Number(/^uid (\d+)$/m.exec(await logText(x))![1])));
      }
      expect(uids[0]).not.toBe(0);
      expect(uids[1]).not.toBe(0);
      expect(uids[0]).not.toBe(uids[1]);
    },
    90_000,
  );

  it('queues builds: one running per person, at most KILN_PIPELINE_MAX_BUILDS (2) at once, the rest say they wait', async () => {
    const busy = author();
    const others = [author(), author()];
    const zip = await whoamiPlugin(1500);
    const mine = await Promise.all([0, 1, 2, 3].map(() => build(zip, busy)));
    const theirs = await Promise.all(others.map((o) => build(zip, o)));
    const all = [...mine, ...theirs];
    for (const b of all) await done(b, 120_000);
    // Each job ran from its unzip's start to its deploy's end; no two of one person overlap, never three at once.
    const spans = await Promise.all(
      all.map(async (b) => {
        const acts = await actions(b);
        return {
          who: b.who.userId,
          from: Date.parse(acts.find((a) => a.action === 'unzip')!.runAt!),
          to: Date.parse(acts.find((a) => a.action === 'deploy')!.finnishAt!),
        };
      }),
    );
    for (const s of spans) expect(spans.filter((o) => o.who === s.who && o.from < s.to && s.from < o.to)).toHaveLength(1);
    // The most running at one moment: +1 at each start, -1 at each end (an end before a start at the same time).
    const edges = spans
      .flatMap(
        (s) =>
          [
            [s.from, 1],
            [s.to, -1],
          ] as const,
      )
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let now = 0;
    let most = 0;
    for (const [, step] of edges) most = Math.max(most, (now += step));
    expect(most).toBeLessThanOrEqual(2);
    const waited = await Promise.all(mine.map(async (b) => (await logText(b)).includes(PIPELINE_MESSAGES.waiting)));
    expect(waited.filter(Boolean).length).toBeGreaterThanOrEqual(3);
  }, 240_000);
});
