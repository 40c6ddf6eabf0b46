import { pluginUploadFolder } from './plugin-api';
import { youtubeId } from './youtube';
import { emptyValues, iconFits, pluginResolver } from './plugin-form';
import { applyActionPush, applyLogPush } from './plugin-pushes';
import { pipelineProgress } from './StepCards';

describe('plugin screens: pure rules', () => {
  it('names the upload folder pluginId/version with dots as underscores (spec 001 §7)', () => {
    expect(pluginUploadFolder('@kiln/gear-tools', '1.2.3-beta.1')).toBe('@kiln/gear-tools/1_2_3-beta_1');
    expect(pluginUploadFolder('gears', '1.0.0')).toBe('gears/1_0_0');
  });

  it('finds YouTube video ids only in YouTube links with a well-formed id', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ?t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>')).toBeNull();
    expect(youtubeId('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeId('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubeId('javascript:alert(1)')).toBeNull();
  });

  it('counts consecutive successful steps in pipeline order (spec 001 §4)', () => {
    const s = (statuses: string[]) => ['unzip', 'install', 'build', 'grab', 'deploy'].map((action, i) => ({ action, status: statuses[i] })) as never;
    expect(pipelineProgress(s(['success', 'success', 'failed', 'stopped', 'stopped']))).toBe(2);
    expect(pipelineProgress(s(['success', 'pending', 'success', 'success', 'success']))).toBe(1);
    expect(pipelineProgress(s(['success', 'success', 'success', 'success', 'success']))).toBe(5);
  });

  it('takes PNG for md slots and SVG for sm slots (spec 001 §5)', () => {
    expect(iconFits({ name: 'a.png', type: 'image/png' }, 'png')).toBe(true);
    expect(iconFits({ name: 'a.svg', type: 'image/svg+xml' }, 'png')).toBe(false);
    expect(iconFits({ name: 'a.svg', type: 'image/svg+xml' }, 'svg')).toBe(true);
    expect(iconFits({ name: 'a.png', type: 'image/png' }, 'svg')).toBe(false);
  });

  it('resolves the form with the spec sentences and the uniqueness answer for the value in the field only', async () => {
    const checks: Record<string, { value: string; message: string | null }> = {};
    const resolve = pluginResolver(() => checks);
    const run = (values: object) =>
      resolve({ ...emptyValues(), ...values } as never, undefined, { fields: {}, shouldUseNativeValidation: false } as never) as Promise<{
        errors: Record<string, { message: string }>;
      }>;
    const empty = await run({});
    expect(Object.fromEntries(Object.entries(empty.errors).map(([k, v]) => [k, v.message]))).toEqual({
      name: 'This field is required',
      pluginId: 'This field is required',
      slug: 'This field is required',
      type: 'This field is required',
      description: 'This field is required',
    });
    const good = { name: 'Gears', pluginId: '@kiln/gears', slug: 'gears', type: 'library', description: '<p>Gears</p>' };
    expect((await run(good)).errors).toEqual({});
    expect((await run({ ...good, pluginId: '@Kiln/Gears' })).errors.pluginId!.message).toBe('Invalid format');
    expect((await run({ ...good, description: '<b>x</b>' })).errors.description!.message).toBe('This field is required');
    checks.pluginId = { value: '@kiln/gears', message: 'Plugin already exists' };
    checks.slug = { value: 'other', message: 'Slug already used' };
    const taken = await run(good);
    expect(taken.errors.pluginId!.message).toBe('Plugin already exists');
    // The slug's answer was for another value: no error for this one.
    expect(taken.errors.slug).toBeUndefined();
  });

  it('replaces an action in place unless the push is older, and puts a new log on top once', () => {
    const data = new Map<string, unknown>();
    const qc = { setQueryData: (key: unknown, fn: (old: unknown) => unknown) => data.set(JSON.stringify(key), fn(data.get(JSON.stringify(key)))) } as never;
    const key = JSON.stringify(['plugins', 'actions', 'p1', '1.0.0']);
    const action = (status: string, updatedAt: string) => ({ id: 'a1', action: 'unzip', status, updatedAt, pluginId: 'p1', version: '1.0.0' }) as never;
    data.set(key, { data: [action('running', '2026-01-01T00:00:01Z')], total: 1 });
    applyActionPush(qc, action('success', '2026-01-01T00:00:02Z'));
    applyActionPush(qc, action('running', '2026-01-01T00:00:01Z'));
    expect((data.get(key) as { data: { status: string }[] }).data.map((a) => a.status)).toEqual(['success']);
    const logKey = JSON.stringify(['plugins', 'logs', 'p1', '1.0.0']);
    data.set(logKey, { data: [{ id: 'l1' }], total: 1 });
    const log = { id: 'l2', pluginId: 'p1', version: '1.0.0' } as never;
    applyLogPush(qc, log);
    applyLogPush(qc, log);
    expect((data.get(logKey) as { data: { id: string }[] }).data.map((l) => l.id)).toEqual(['l2', 'l1']);
  });
});
