import { DomainError } from '../shared/domain-error';
import { PluginAggregate } from './plugin.aggregate';
import { deriveSlug, isValidPluginIdFormat, PLUGIN_MESSAGES, pluginFormErrors, stripTags } from './plugin-rules';
import { assertNewVersionAccepted, bumpVersion, compareVersions } from './plugin-version';
import { PluginVersionAggregate } from './plugin-version.aggregate';
import { UNPUBLISH_WINDOW_MS, versionToolbar } from './version-toolbar';

const t0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const fails = (fn: () => unknown, kind: DomainError['kind'], message: string) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DomainError);
    expect(e).toMatchObject({ kind, message });
    return;
  }
  throw new Error('expected a DomainError');
};

describe('plugin form rules (spec 001 §5)', () => {
  it.each(['plugin-name', '@namespace/plugin-name', 'a', 'a1-b2', '@ns1/x'])('%s is a valid plugin id', (id) => expect(isValidPluginIdFormat(id)).toBe(true));
  it.each(['Plugin', 'a--b', '-a', 'a-', '@/a', '@ns/', 'ns/a', '@ns/a/b', 'a_b', 'a b', ''])('%j is an invalid format', (id) =>
    expect(isValidPluginIdFormat(id)).toBe(false),
  );

  it('derives the slug from the name: non-alphanumerics to hyphens, trimmed, lowercase', () => {
    expect(deriveSlug('  My Great Plugin!! ')).toBe('my-great-plugin');
    expect(deriveSlug('Gear__Box 3D')).toBe('gear-box-3d');
  });

  it('needs a description of at least 2 characters after stripping tags, with the required message', () => {
    expect(stripTags('<p><b>a</b></p>')).toBe('a');
    const base = { name: 'N', pluginId: 'n', slug: 'n', type: 'library' };
    expect(pluginFormErrors({ ...base, description: '<p>a</p>' })).toEqual([{ path: 'description', message: PLUGIN_MESSAGES.required }]);
    expect(pluginFormErrors({ ...base, description: '<p>ab</p>' })).toEqual([]);
  });

  it('reports every field: required, then format', () => {
    expect(pluginFormErrors({ name: ' ', pluginId: 'Bad Id', slug: '', type: '', description: '' })).toEqual([
      { path: 'name', message: 'This field is required' },
      { path: 'pluginId', message: 'Invalid format' },
      { path: 'slug', message: 'This field is required' },
      { path: 'type', message: 'This field is required' },
      { path: 'description', message: 'This field is required' },
    ]);
  });
});

const newPlugin = (overrides: Partial<Parameters<typeof PluginAggregate.create>[0]> = {}) =>
  PluginAggregate.create({
    id: 'p1',
    authorId: 'u1',
    now: t0,
    name: 'Gear Tools',
    pluginId: '@kiln/gear-tools',
    description: '<p>Gears</p>',
    type: 'library',
    ...overrides,
  });

describe('PluginAggregate', () => {
  it('is private by default with a derived slug and initials', () => {
    const p = newPlugin().snapshot();
    expect(p).toMatchObject({ private: true, slug: 'gear-tools', initials: 'GT', latestVersion: null, publishedAt: null });
  });

  it('keeps plugin id and slug fixed, and never goes back from public to private', () => {
    const p = newPlugin();
    fails(() => p.update({ slug: 'other' }, 'u1', t0), 'invalid', PLUGIN_MESSAGES.slugFixed);
    p.update({ slug: 'gear-tools', private: false }, 'u1', at(1));
    expect(p.snapshot().private).toBe(false);
    fails(() => p.update({ private: true }, 'u1', at(2)), 'invalid', "You can't turn public plugin into private");
  });

  it('hides private plugins from others (404) and lets only the author change a public one (403)', () => {
    const p = newPlugin();
    fails(() => p.update({ name: 'X' }, 'u2', t0), 'not-found', "Plugin doesn't exist");
    p.update({ private: false }, 'u1', t0);
    fails(() => p.update({ name: 'X' }, 'u2', t0), 'forbidden', PLUGIN_MESSAGES.ownerOnly);
  });

  it('cannot be deleted once published', () => {
    const p = newPlugin();
    p.publishedVersionsChanged(['1.0.0'], { groupCount: 2, nodeCount: 5 }, at(1));
    expect(p.snapshot()).toMatchObject({ latestVersion: '1.0.0', groupCount: 2, nodeCount: 5, publishedAt: at(1) });
    fails(() => p.delete('u1', at(2)), 'conflict', PLUGIN_MESSAGES.publishedUndeletable);
    p.publishedVersionsChanged([], null, at(3));
    p.delete('u1', at(4));
    expect(p.isDeleted).toBe(true);
  });
});

describe('versions (spec 001 §4)', () => {
  it('bumps major/minor/patch ignoring prerelease; the first version is 1.0.0', () => {
    expect(bumpVersion(null, 'patch')).toBe('1.0.0');
    expect(bumpVersion('1.2.3-beta.1', 'patch')).toBe('1.2.4');
    expect(bumpVersion('1.2.3-beta.1', 'minor')).toBe('1.3.0');
    expect(bumpVersion('1.2.3', 'major')).toBe('2.0.0');
  });

  it('orders prereleases before their release', () => {
    expect(compareVersions('1.0.0-alpha', '1.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.0-alpha.2', '1.0.0-alpha.10')).toBeLessThan(0);
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
  });

  it('refuses versions not higher than every version used before', () => {
    expect(assertNewVersionAccepted('1.0.1', ['1.0.0'])).toBe('1.0.1');
    fails(() => assertNewVersionAccepted('1.0.0', ['1.0.0']), 'invalid', 'Versions lower than the latest published or previously used are not accepted.');
    fails(() => assertNewVersionAccepted('0.9.0', ['1.0.0']), 'invalid', PLUGIN_MESSAGES.versionNotHigher);
    fails(() => assertNewVersionAccepted('1.0', []), 'invalid', PLUGIN_MESSAGES.versionFormat);
  });
});

const newVersion = (version = '1.0.0') =>
  PluginVersionAggregate.create({
    id: 'v1',
    actionIds: ['a1', 'a2', 'a3', 'a4', 'a5'],
    plugin: { id: 'p1', pluginId: 'x', authorId: 'u1' },
    version,
    usedVersions: [],
    now: t0,
  });
const built = () => {
  const v = newVersion();
  v.assignZip('m1', t0);
  v.startPipeline('job1', t0);
  for (const step of ['unzip', 'install', 'build', 'grab', 'deploy'] as const) {
    v.startAction(step, t0);
    v.finishAction(step, true, t0);
  }
  v.finishPipeline('done', null, { zipSha256: 'z', files: [], filesSha256: 'f', sandboxed: true }, t0);
  return v;
};

describe('PluginVersionAggregate: the status machine and the job', () => {
  it('runs the pipeline only with a zip, from pending or failed, once at a time', () => {
    const v = newVersion();
    fails(() => v.startPipeline('j', t0), 'conflict', PLUGIN_MESSAGES.noZip);
    v.assignZip('m1', t0);
    v.startPipeline('j', t0);
    expect(v.snapshot().actions.map((a) => a.status)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled', 'scheduled']);
    fails(() => v.assignZip('m2', t0), 'conflict', PLUGIN_MESSAGES.pipelineRunning);
  });

  it('a failed step stops the later ones and the version fails; a new zip makes it pending again', () => {
    const v = newVersion();
    v.assignZip('m1', t0);
    v.startPipeline('j', t0);
    v.startAction('unzip', t0);
    v.finishAction('unzip', true, at(1000));
    v.startAction('install', at(1000));
    v.finishAction('install', false, at(2000));
    v.finishPipeline('failed', 'npm failed', null, at(2000));
    expect(v.snapshot().actions.map((a) => a.status)).toEqual(['success', 'failed', 'stopped', 'stopped', 'stopped']);
    expect(v.snapshot().status).toBe('failed');
    v.assignZip('m2', at(3000));
    expect(v.snapshot()).toMatchObject({ status: 'pending', mediaId: 'm2', jobId: null });
  });

  it('after a restart resumes an interrupted job once, then fails it visibly', () => {
    const v = newVersion();
    v.assignZip('m1', t0);
    v.startPipeline('j1', t0);
    v.startAction('unzip', t0);
    expect(v.resumeInterruptedJob('j2', at(1))).toBe(true);
    expect(v.snapshot()).toMatchObject({ attempt: 2, jobId: 'j2' });
    v.startAction('unzip', at(2));
    expect(v.resumeInterruptedJob('j3', at(3))).toBe(false);
    expect(v.snapshot()).toMatchObject({ status: 'failed', jobId: null });
    expect(v.snapshot().actions[0]!.status).toBe('failed');
  });

  it('publish alpha from done for developers only; publish from alpha; unpublish within 24 h back to alpha', () => {
    const v = built();
    fails(() => v.publish(true, { isDeveloper: false }, t0), 'forbidden', PLUGIN_MESSAGES.developersOnly);
    fails(() => v.publish(false, { isDeveloper: true }, t0), 'conflict', PLUGIN_MESSAGES.notPublishable);
    v.publish(true, { isDeveloper: true }, t0);
    expect(v.snapshot().status).toBe('alpha');
    v.publish(false, { isDeveloper: true }, at(10));
    expect(v.snapshot()).toMatchObject({ status: 'published', publishedAt: at(10) });
    fails(() => v.delete(at(11)), 'conflict', PLUGIN_MESSAGES.publishedVersionUndeletable);
    fails(() => v.unpublish(at(10 + UNPUBLISH_WINDOW_MS + 1)), 'forbidden', PLUGIN_MESSAGES.unpublishWindow);
    v.unpublish(at(10 + UNPUBLISH_WINDOW_MS));
    expect(v.snapshot()).toMatchObject({ status: 'alpha', publishedAt: null });
  });

  it('0.0.0 cannot be deleted', () => {
    const v = PluginVersionAggregate.create({
      id: 'v0',
      actionIds: ['1', '2', '3', '4', '5'],
      plugin: { id: 'p', pluginId: 'x', authorId: 'u' },
      version: '0.0.0',
      usedVersions: [],
      now: t0,
    });
    fails(() => v.delete(t0), 'conflict', PLUGIN_MESSAGES.zeroVersionUndeletable);
  });
});

describe('the version toolbar (spec 001 §4)', () => {
  const author = { isAuthor: true, isDeveloper: true };
  const base = { version: '1.0.0', publishedAt: null, hasZip: true, running: false };
  it('upload only while pending or failed, hidden once published', () => {
    expect(versionToolbar({ ...base, status: 'pending' }, author, t0).upload).toEqual({ shown: true, enabled: true });
    expect(versionToolbar({ ...base, status: 'failed' }, author, t0).upload).toEqual({ shown: true, enabled: true });
    expect(versionToolbar({ ...base, status: 'done' }, author, t0).upload).toEqual({ shown: true, enabled: false });
    expect(versionToolbar({ ...base, status: 'published', publishedAt: t0 }, author, t0).upload.shown).toBe(false);
    expect(versionToolbar({ ...base, status: 'pending', running: true }, author, t0).upload.enabled).toBe(false);
  });
  it('publish alpha when done, for developers', () => {
    expect(versionToolbar({ ...base, status: 'done' }, author, t0).publishAlpha.shown).toBe(true);
    expect(versionToolbar({ ...base, status: 'done' }, { isAuthor: true, isDeveloper: false }, t0).publishAlpha.shown).toBe(false);
    expect(versionToolbar({ ...base, status: 'alpha' }, author, t0).publishAlpha.shown).toBe(false);
  });
  it('publish/unpublish when alpha or published; unpublish disabled after 24 h', () => {
    expect(versionToolbar({ ...base, status: 'done' }, author, t0).publishToggle.shown).toBe(false);
    expect(versionToolbar({ ...base, status: 'alpha' }, author, t0).publishToggle).toEqual({ shown: true, enabled: true, label: 'Publish' });
    const published = { ...base, status: 'published' as const, publishedAt: t0 };
    expect(versionToolbar(published, author, at(UNPUBLISH_WINDOW_MS)).publishToggle).toEqual({ shown: true, enabled: true, label: 'Unpublish' });
    expect(versionToolbar(published, author, at(UNPUBLISH_WINDOW_MS + 1)).publishToggle.enabled).toBe(false);
  });
  it('published versions and 0.0.0 cannot be deleted', () => {
    expect(versionToolbar({ ...base, status: 'published', publishedAt: t0 }, author, t0).delete.enabled).toBe(false);
    expect(versionToolbar({ ...base, version: '0.0.0', status: 'pending' }, author, t0).delete.enabled).toBe(false);
    expect(versionToolbar({ ...base, status: 'failed' }, author, t0).delete.enabled).toBe(true);
  });
});
