import { PLUGIN_MESSAGES } from '@kiln/domain';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '../../../deploy/test/support/eventually';
import { buildingPlugin, failingPlugin, loopingPlugin, slowPlugin, snoopingPlugin, storeMedia, zipBomb, zipSlip } from './support/fixtures';
import { PluginRegistryEnv, startPluginRegistry } from './support/plugin-registry-env';

/**
 * The plugin registry over NATS with real Postgres, JetStream and child processes: plugin and version rules,
 * who sees what, and the build pipeline on small fixture plugins (builds; build fails; zip-slip; zip bomb;
 * infinite loop; no network or data inside the build; a restart in the middle of a job).
 */
const hex = () => randomBytes(12).toString('hex');
const actorOf = () => ({ userId: hex() });

describe('plugin-registry service', () => {
  let env: PluginRegistryEnv;
  const author = actorOf();
  const stranger = actorOf();
  beforeAll(async () => {
    env = await startPluginRegistry({ KILN_PIPELINE_TIMEOUT_BUILD: '4s', KILN_PIPELINE_MAX_BYTES: String(2 * 1024 * 1024), KILN_PIPELINE_MAX_FILES: '50' });
  }, 60_000);
  afterAll(async () => {
    await env?.stop();
  });

  let n = 0;
  const createPlugin = (over: Record<string, unknown> = {}, actor = author) => {
    n += 1;
    return env.call('createPlugin', {
      actor,
      body: {
        name: `Gear Tools ${n} ${hex().slice(0, 6)}`,
        pluginId: `@kiln/gear-${hex().slice(0, 8)}`,
        description: '<p>Gears</p>',
        type: 'library',
        ...over,
      },
    });
  };
  const versionOf = async (pluginId: string, version: string) =>
    (await env.call('listVersions', { actor: author, body: { where: JSON.stringify({ pluginId, version }) as never } })).data[0]!;
  const actions = (pluginId: string, version: string) =>
    env.call('listActions', { actor: author, body: { where: JSON.stringify({ pluginId, version }) as never } }).then((r) => r.data);
  const logs = (pluginId: string, version: string) =>
    env.call('listLogs', { actor: author, body: { where: JSON.stringify({ pluginId, version }) as never } }).then((r) => r.data);

  /** A plugin with version 1.0.0 and this zip attached, its pipeline started. */
  async function runPipeline(zip: Buffer) {
    const plugin = await createPlugin();
    await env.call('createVersion', { actor: author, body: { pluginId: plugin.id, version: '1.0.0' } });
    const { id: mediaId } = await env.upload(author, zip);
    await env.call('assignZip', { actor: author, body: { pluginId: plugin.id, version: '1.0.0', mediaId } });
    const started = await env.call('publish', { actor: author, body: { pluginId: plugin.id, version: '1.0.0' } });
    expect(started.running).toBe(true);
    return { plugin, zip };
  }
  const finished = (pluginId: string, timeout = 30_000) =>
    eventually(async () => {
      const v = await versionOf(pluginId, '1.0.0');
      expect(v.running).toBe(false);
      return v;
    }, timeout);

  describe('plugins (spec 001 §5)', () => {
    it("creates a private plugin with a derived slug; id and slug are unique with the spec's sentences", async () => {
      const p = await createPlugin({ name: 'My Great Plugin', pluginId: `great-${hex().slice(0, 6)}` });
      expect(p).toMatchObject({ private: true, slug: 'my-great-plugin', latestVersion: null, authorId: author.userId });
      expect(
        await env.fail('createPlugin', { actor: author, body: { name: 'Other', pluginId: p.pluginId, description: '<p>xx</p>', type: 'library' } }),
      ).toMatchObject({ statusCode: 409, message: 'Plugin already exists' });
      expect(
        await env.fail('createPlugin', {
          actor: author,
          body: { name: 'My great plugin', pluginId: `x-${hex().slice(0, 6)}`, description: '<p>xx</p>', type: 'library' },
        }),
      ).toMatchObject({ statusCode: 409, message: 'Slug already used' });
      expect(await env.call('validatePlugin', { actor: author, body: { term: p.pluginId } })).toEqual({ available: false, message: 'Plugin already exists' });
      expect(await env.call('validateSlug', { actor: author, body: { slug: 'my-great-plugin' } })).toEqual({ available: false, message: 'Slug already used' });
      expect(await env.call('validateSlug', { actor: author, body: { slug: 'Bad Slug' } })).toEqual({ available: false, message: 'Invalid format' });
      expect(await env.call('validatePlugin', { actor: author, body: { term: `free-${hex().slice(0, 6)}` } })).toEqual({ available: true, message: null });
    });

    it("refuses the form's errors with 400 and the spec's sentences", async () => {
      expect(
        await env.fail('createPlugin', { actor: author, body: { name: 'X', pluginId: 'Bad Id', description: '<p>xx</p>', type: 'library' } }),
      ).toMatchObject({ statusCode: 400, message: 'Invalid format' });
      expect(
        await env.fail('createPlugin', { actor: author, body: { name: 'X', pluginId: `ok-${hex().slice(0, 6)}`, description: '<b>x</b>', type: 'library' } }),
      ).toMatchObject({ statusCode: 400, message: 'This field is required' });
    });

    it('private plugins are invisible to others; public ones never go back to private; only the author edits', async () => {
      const p = await createPlugin();
      expect(await env.fail('getPlugin', { actor: stranger, body: { id: p.id } })).toMatchObject({ statusCode: 404, message: "Plugin doesn't exist" });
      expect((await env.call('listMyPlugins', { actor: stranger, body: {} })).data.find((x) => x.id === p.id)).toBeUndefined();
      const made = await env.call('updatePlugin', { actor: author, body: { id: p.id, changes: { private: false } } });
      expect(made.private).toBe(false);
      expect(await env.call('getPlugin', { actor: stranger, body: { id: p.id } })).toMatchObject({ id: p.id });
      expect(await env.fail('updatePlugin', { actor: author, body: { id: p.id, changes: { private: true } } })).toMatchObject({
        statusCode: 400,
        message: "You can't turn public plugin into private",
      });
      expect(await env.fail('updatePlugin', { actor: stranger, body: { id: p.id, changes: { name: 'Mine' } } })).toMatchObject({ statusCode: 403 });
      expect(await env.fail('updatePlugin', { actor: author, body: { id: p.id, changes: { slug: 'another' } } })).toMatchObject({
        statusCode: 400,
        message: PLUGIN_MESSAGES.slugFixed,
      });
      const filtered = await env.call('listMyPlugins', { actor: author, body: { where: JSON.stringify({ private: false }) as never } });
      expect(filtered.data.every((x) => !x.private)).toBe(true);
      expect(filtered.data.some((x) => x.id === p.id)).toBe(true);
    });

    it('versions: higher than every version used before (deleted ones too); 0.0.0 undeletable', async () => {
      const p = await createPlugin();
      await env.call('createVersion', { actor: author, body: { pluginId: p.id, version: '1.0.0' } });
      expect(await env.fail('createVersion', { actor: author, body: { pluginId: p.id, version: '0.9.0' } })).toMatchObject({
        statusCode: 400,
        message: 'Versions lower than the latest published or previously used are not accepted.',
      });
      await env.call('createVersion', { actor: author, body: { pluginId: p.id, version: '1.1.0' } });
      await env.call('deleteVersion', { actor: author, body: { pluginId: p.id, version: '1.1.0' } });
      expect(await env.fail('createVersion', { actor: author, body: { pluginId: p.id, version: '1.1.0' } })).toMatchObject({ statusCode: 400 });
      expect(await env.fail('createVersion', { actor: stranger, body: { pluginId: p.id, version: '2.0.0' } })).toMatchObject({ statusCode: 404 });
      const other = await createPlugin();
      await env.call('createVersion', { actor: author, body: { pluginId: other.id, version: '0.0.0' } });
      expect(await env.fail('deleteVersion', { actor: author, body: { pluginId: other.id, version: '0.0.0' } })).toMatchObject({
        statusCode: 409,
        message: 'Version 0.0.0 cannot be deleted.',
      });
    });

    it('assign-zip-file takes zips only, uploaded by the caller (ADR 0033)', async () => {
      const p = await createPlugin();
      await env.call('createVersion', { actor: author, body: { pluginId: p.id, version: '1.0.0' } });
      const ref = { pluginId: p.id, version: '1.0.0' };
      // Not a zip: refused at upload, its file removed; so is a .zip name on other bytes.
      expect(await env.uploadRefusal(author, Buffer.from('not a zip at all'))).toMatchObject({ statusCode: 400, message: PLUGIN_MESSAGES.zipOnly });
      expect(await env.uploadRefusal(author, Buffer.from('PK\x03\x04'), { filename: 'plugin.tar' })).toMatchObject({
        statusCode: 400,
        message: PLUGIN_MESSAGES.zipOnly,
      });
      expect(readdirSync(join(env.storageDir, 'media')).filter((f) => f.endsWith('.upload'))).toEqual([]);
      // Someone else's upload, a made-up id, or a file uploaded for another repo.
      const strangers = await env.upload(stranger, await buildingPlugin());
      expect(await env.fail('assignZip', { actor: author, body: { ...ref, mediaId: strangers.id } })).toMatchObject({
        statusCode: 404,
        message: "Media doesn't exist",
      });
      expect(await env.fail('assignZip', { actor: author, body: { ...ref, mediaId: hex() } })).toMatchObject({
        statusCode: 404,
        message: "Media doesn't exist",
      });
      const plain = await env.upload(author, Buffer.from('PK\x03\x04 anything'), { repo: 'media', filename: 'notes.zip' });
      expect(await env.fail('assignZip', { actor: author, body: { ...ref, mediaId: plain.id } })).toMatchObject({
        statusCode: 400,
        message: PLUGIN_MESSAGES.zipOnly,
      });
      expect(await env.fail('publish', { actor: author, body: ref })).toMatchObject({ statusCode: 409, message: PLUGIN_MESSAGES.noZip });
      // The uploader's own zip is attached.
      const own = await env.upload(author, await buildingPlugin());
      expect((await env.call('assignZip', { actor: author, body: { ...ref, mediaId: own.id } })).mediaId).toBe(own.id);
    });
  });

  describe('the pipeline', () => {
    it('builds a plugin: five green steps, logs as events, provenance hashes, immutable deploy; then alpha, publish, the public API, unpublish', async () => {
      const { plugin, zip } = await runPipeline(await buildingPlugin());
      const v = await finished(plugin.id);
      const steps = await actions(plugin.id, '1.0.0');
      expect({ status: v.status, steps: steps.map((a) => [a.action, a.status]) }).toEqual({
        status: 'done',
        steps: [
          ['unzip', 'success'],
          ['install', 'success'],
          ['build', 'success'],
          ['grab', 'success'],
          ['deploy', 'success'],
        ],
      });
      expect(steps.every((a) => a.duration !== null && a.finnishAt !== null)).toBe(true);
      expect(v.provenance).toMatchObject({ zipSha256: createHash('sha256').update(zip).digest('hex'), sandboxed: true });
      expect(v.provenance!.files.map((f) => f.path)).toEqual(['index.js', 'kiln-plugin.json']);
      const lines = await eventually(async () => {
        const l = await logs(plugin.id, '1.0.0');
        expect(l.map((x) => x.message)).toContain('built 2 files');
        return l;
      });
      expect(lines[0]!.seq).toBeGreaterThan(lines[lines.length - 1]!.seq); // newest first

      // Deployed under pluginId@version, read-only.
      const dir = join(env.storageDir, 'plugins', `${encodeURIComponent(plugin.pluginId)}@1.0.0`);
      expect(statSync(join(dir, 'files', 'index.js')).mode & 0o222).toBe(0);

      // Not public yet; alpha; publish; the plugin follows.
      expect(await env.fail('publish', { actor: author, body: { pluginId: plugin.id, version: '1.0.0' } })).toMatchObject({ statusCode: 409 });
      expect((await env.call('publish', { actor: author, body: { pluginId: plugin.id, version: '1.0.0', options: { isAlpha: true } } })).status).toBe('alpha');
      expect((await env.call('publish', { actor: author, body: { pluginId: plugin.id, version: '1.0.0' } })).status).toBe('published');
      await env.call('updatePlugin', { actor: author, body: { id: plugin.id, changes: { private: false } } });
      expect(await env.call('getPlugin', { actor: author, body: { id: plugin.id } })).toMatchObject({ latestVersion: '1.0.0', groupCount: 2, nodeCount: 3 });
      expect(await env.fail('deletePlugin', { actor: author, body: { id: plugin.id } })).toMatchObject({
        statusCode: 409,
        message: 'A published plugin cannot be deleted.',
      });
      expect(await env.fail('deleteVersion', { actor: author, body: { pluginId: plugin.id, version: '1.0.0' } })).toMatchObject({
        statusCode: 409,
        message: 'A published version cannot be deleted.',
      });

      const listed = await env.call('publicPlugins', { body: { limit: 100 } });
      expect(listed.data.map((p) => p.pluginId)).toContain(plugin.pluginId);
      expect((await env.call('publicVersions', { body: { pluginId: plugin.pluginId } })).data.map((x) => x.version)).toEqual(['1.0.0']);
      const manifest = await env.call('publicManifest', { body: { pluginId: plugin.pluginId, version: '1.0.0' } });
      expect(manifest).toMatchObject({ pluginId: plugin.pluginId, version: '1.0.0', groupCount: 2, nodeCount: 3, main: 'index.js' });
      const file = await env.call('publicFile', { body: { pluginId: plugin.pluginId, version: '1.0.0', path: 'index.js' } });
      expect(Buffer.from(file.contentBase64, 'base64').toString()).toContain('hello');
      expect(file.sha256).toBe(
        createHash('sha256')
          .update(readFileSync(join(dir, 'files', 'index.js')))
          .digest('hex'),
      );
      expect(await env.fail('publicFile', { body: { pluginId: plugin.pluginId, version: '1.0.0', path: '../manifest.json' } })).toMatchObject({
        statusCode: 404,
      });

      expect((await env.call('unpublish', { actor: author, body: { pluginId: plugin.id, version: '1.0.0' } })).status).toBe('alpha');
      expect(await env.call('getPlugin', { actor: author, body: { id: plugin.id } })).toMatchObject({ latestVersion: null, publishedAt: null });

      // Rebuilt from the write-side state, the three read models equal the live ones (logs included).
      const { rebuildProjection } = require('@kiln/service-kit') as typeof import('@kiln/service-kit');
      const { pluginRegistryProjections } =
        require('../src/plugins/projections/plugins.projections') as typeof import('../src/plugins/projections/plugins.projections');
      const views = async () => {
        const q = env.db().withSchema('plugin_registry');
        return [
          await q.selectFrom('plugin_view').selectAll().orderBy('id').execute(),
          await q.selectFrom('plugin_version_view').selectAll().orderBy('id').execute(),
          await q.selectFrom('plugin_log_view').selectAll().orderBy('id').execute(),
        ];
      };
      await eventually(async () => expect((await views())[2].length).toBeGreaterThanOrEqual(lines.length));
      const live = await views();
      for (const projection of pluginRegistryProjections) await rebuildProjection(env.db(), 'plugin_registry', projection);
      expect(await views()).toEqual(live);
    }, 60_000);

    it('a failing build fails the version visibly with its error log; later steps are stopped', async () => {
      const { plugin } = await runPipeline(await failingPlugin());
      const v = await finished(plugin.id);
      expect(v.status).toBe('failed');
      expect((await actions(plugin.id, '1.0.0')).map((a) => a.status)).toEqual(['success', 'success', 'failed', 'stopped', 'stopped']);
      const l = await eventually(async () => {
        const l = await logs(plugin.id, '1.0.0');
        expect(l.some((x) => x.message.includes('boom: the build broke'))).toBe(true);
        return l;
      });
      expect(l.some((x) => x.level === 'error' && x.action === 'build' && x.message === 'Exited with code 2.')).toBe(true);
    }, 60_000);

    it('refuses a zip-slip entry and a symbolic link at unzip', async () => {
      const { plugin } = await runPipeline(await zipSlip());
      expect((await finished(plugin.id)).status).toBe('failed');
      expect((await actions(plugin.id, '1.0.0'))[0]!.status).toBe('failed');
      await eventually(async () =>
        expect((await logs(plugin.id, '1.0.0')).map((l) => l.message).join('\n')).toMatch(/outside the archive|invalid relative path/),
      );
    }, 60_000);

    it('refuses a zip bomb by the bytes it inflates to', async () => {
      const { plugin } = await runPipeline(await zipBomb());
      expect((await finished(plugin.id)).status).toBe('failed');
      await eventually(async () =>
        expect((await logs(plugin.id, '1.0.0')).map((l) => l.message)).toContain(`Refused: the archive unpacks to more than ${2 * 1024 * 1024} bytes.`),
      );
    }, 60_000);

    it('kills a build that loops forever at its time limit', async () => {
      const started = Date.now();
      const { plugin } = await runPipeline(await loopingPlugin());
      expect((await finished(plugin.id)).status).toBe('failed');
      expect(Date.now() - started).toBeLessThan(20_000);
      await eventually(async () => expect((await logs(plugin.id, '1.0.0')).map((l) => l.message)).toContain('Stopped: the step took longer than 4 s.'));
    }, 60_000);

    it('builds without network, without our environment and without our data folders', async () => {
      const secret = join(env.storageDir, 'media', 'secret.txt');
      storeMedia(env.storageDir, 'secret.txt', Buffer.from('secret'));
      const { plugin } = await runPipeline(await snoopingPlugin(secret));
      expect((await finished(plugin.id)).status).toBe('done');
      await eventually(async () => expect((await logs(plugin.id, '1.0.0')).map((l) => l.message)).toContain('no-secret,env-clean,no-net'));
    }, 60_000);

    it('a restart in the middle of a job resumes it (attempt 2) and it finishes; never left running', async () => {
      const { plugin } = await runPipeline(await slowPlugin(2500));
      await eventually(async () => expect((await actions(plugin.id, '1.0.0')).find((a) => a.action === 'build')!.status).toBe('running'), 20_000);
      await env.stopService();
      await env.startService();
      const v = await finished(plugin.id, 40_000);
      expect(v.status).toBe('done');
      const attempts = await env
        .db()
        .withSchema('plugin_registry')
        .selectFrom('plugin_versions')
        .select('state')
        .where('id', '=', v.id)
        .executeTakeFirstOrThrow();
      expect((attempts.state as { attempt: number }).attempt).toBe(2);
    }, 90_000);
  });
});
