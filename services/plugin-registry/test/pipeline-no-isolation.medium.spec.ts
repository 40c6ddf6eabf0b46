import { PIPELINE_MESSAGES } from '@kiln/domain';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../deploy/test/support/eventually';
import { detectIsolation, ISOLATION_KINDS } from '../src/pipeline/isolation';
import { zipOf } from './support/fixtures';
import { startPluginRegistry } from './support/plugin-registry-env';

/** Issue 16: where a mechanism is missing, forcing it shows that a build never runs without isolation. */
const hex = () => randomBytes(8).toString('hex');
const userId = () => randomBytes(12).toString('hex');

describe('without any isolation', () => {
  const missing = ISOLATION_KINDS.filter((kind) => detectIsolation(kind).isolation === null);
  (missing.length > 0 ? it : it.skip)(
    `a job forced onto a missing mechanism (${missing[0] ?? 'none missing here'}) fails saying so and never runs`,
    async () => {
      const env = await startPluginRegistry({ KILN_PIPELINE_ISOLATION: missing[0]! });
      try {
        const who = { userId: userId() };
        const marker = join(tmpdir(), `kiln-unisolated-${hex()}`);
        const plugin = await env.call('createPlugin', {
          actor: who,
          body: { name: `Bare ${hex()}`, pluginId: `bare-${hex()}`, description: '<p>Bare</p>', type: 'library' },
        });
        await env.call('createVersion', { actor: who, body: { pluginId: plugin.id, version: '1.0.0' } });
        const zip = await zipOf({ 'package.json': JSON.stringify({ name: 'x', version: '1.0.0', scripts: { build: `touch ${marker}` } }) });
        const { id: mediaId } = await env.upload(who, zip);
        await env.call('assignZip', { actor: who, body: { pluginId: plugin.id, version: '1.0.0', mediaId } });
        await env.call('publish', { actor: who, body: { pluginId: plugin.id, version: '1.0.0' } });
        const where = JSON.stringify({ pluginId: plugin.id, version: '1.0.0' }) as never;
        const v = await eventually(async () => {
          const x = (await env.call('listVersions', { actor: who, body: { where } })).data[0]!;
          expect(x.running).toBe(false);
          return x;
        }, 30_000);
        expect(v.status).toBe('failed');
        const logs = await eventually(async () => {
          const l = (await env.call('listLogs', { actor: who, body: { where } })).data.map((x) => x.message).join('\n');
          expect(l).toContain(PIPELINE_MESSAGES.noIsolation);
          return l;
        });
        expect(logs).toContain(PIPELINE_MESSAGES.noIsolation);
        expect(existsSync(marker)).toBe(false);
      } finally {
        await env.stop();
      }
    },
    90_000,
  );
});
