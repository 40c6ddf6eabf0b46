import {
  Font,
  FONT_MESSAGES,
  FONT_TEXTS,
  FontBatchResult,
  FontFamily,
  FontFamilyList,
  GOOGLE_FONTS_MAX_SELECTED,
  GoogleFontList,
  MEDIA_MESSAGES,
} from '@kiln/contracts';
import { TEAM_MESSAGES } from '@kiln/domain';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { Client, Pool } from 'pg';
import { rebuildProjection } from '@kiln/service-kit';
import { ProjectFontsOnFontEvents } from '../src/fonts/projections/project-fonts-on-font-events';
import * as samples from '../../../domain/src/assets/upload-samples.test-support';
import { Stack, startStack, throwawayStackOptions } from '../../../deploy/src/stack';
import { GoogleFontFetcher } from '../../../bff/src/fonts/google-font-fetch';
import { ShippedGoogleCatalogue } from '../src/fonts/adapters/shipped-google-catalogue';
import { fontFile } from './support/font-files';
import { Person, stackHttp } from './support/stack-http';

/**
 * Fonts (spec 001 §2-§9; ADR 0055) through the real services over the BFF's HTTP routes: files uploaded
 * with `POST /api/upload` (repo font), read by the assets service with fontkit, made fonts by the workspace,
 * grouped in families. The fonts are real OpenType files made here with opentype.js. The Google fonts
 * service is never reached: a fetch is given 1 ms (so it fails, as it does without network), and one file is
 * put in the BFF's cache beforehand to show an add that needs no network.
 */
let stack: Stack;
let cacheDir: string;

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), 'kiln-google-fonts-'));
  const options = throwawayStackOptions('fonts');
  stack = await startStack({
    ...options,
    env: { ...options.env, KILN_GOOGLE_FONTS_CACHE_DIR: cacheDir, KILN_GOOGLE_FONTS_FETCH_TIMEOUT_MS: '1' },
    log: () => undefined,
    childLog: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await rm(cacheDir, { recursive: true, force: true });
}, 60_000);

const { http, ok, signUp, upload: uploadTo } = stackHttp(() => stack.url, 'fonts');
const upload = (person: Person, files: [string, Buffer][]) => uploadTo(person, 'font', files);

const where = (scope: Record<string, unknown>) => encodeURIComponent(JSON.stringify(scope));
const families = (person: Person, scope: Record<string, unknown> = {}, term?: string) =>
  http('GET', `/api/workspace/font?where=${where({ ...scope, ...(term ? { family: { contains: term } } : {}) })}`, person.token);

async function aFont(person: Person, file: Buffer, name: string, scope: { teamId?: string; projectId?: string } = {}): Promise<Font> {
  const [mediaId] = await upload(person, [[name, file]]);
  const answer = await http('POST', '/api/workspace/font', person.token, { mediaId, ...scope });
  if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return Font.parse(answer.body);
}

let owner: Person, editor: Person, viewer: Person, stranger: Person;
let teamId: string;

beforeAll(async () => {
  [owner, editor, viewer, stranger] = await Promise.all(['owner', 'editor', 'viewer', 'stranger'].map(signUp));
  teamId = (await ok('POST', '/api/workspace/team/my', owner.token, { name: 'Font Team' })).id;
  await ok('POST', '/api/workspace/team-member/invite', owner.token, { teamId, email: editor.email, role: 'editor' });
  await ok('POST', '/api/workspace/team-member/invite', owner.token, { teamId, email: viewer.email, role: 'viewer' });
}, 120_000);

describe('adding fonts: read from the file, never from its name', () => {
  it('takes family, style, weight and category from the file even when the file name lies, and groups styles by family', async () => {
    const bold = fontFile({ family: 'Kiln Grotesk', style: 'Bold Italic', weight: 700, italic: true, familyClass: 8 << 8 });
    const regular = fontFile({ family: 'Kiln Grotesk', style: 'Regular', weight: 400, familyClass: 8 << 8 });
    const serif = fontFile({ family: 'Kiln Old Style', style: 'Regular', weight: 400, familyClass: (1 << 8) | 4 });
    // Several files in one upload, each named as something it is not.
    const mediaIds = await upload(owner, [
      ['Comic Sans Light.otf', bold],
      ['Times New Roman.ttf', regular],
      ['Helvetica Black.otf', serif],
    ]);
    const created = await Promise.all(mediaIds.map(async (mediaId) => Font.parse(await ok('POST', '/api/workspace/font', owner.token, { mediaId }))));
    expect(created[0]).toMatchObject({
      family: 'Kiln Grotesk',
      style: 'Bold Italic',
      weight: 700,
      italic: true,
      category: 'sans-serif',
      variants: ['700italic'],
      slug: 'kiln-grotesk',
      styleSlug: 'bold-italic',
      hidden: false,
      authorId: owner.id,
      teamId: null,
      media: { name: 'Comic Sans Light.otf', origin: 'upload', size: bold.length },
    });
    expect(created[2]).toMatchObject({ family: 'Kiln Old Style', category: 'serif', weight: 400 });

    const list = FontFamilyList.parse((await families(owner)).body);
    expect(list.data.map((f) => f.slug)).toEqual(['kiln-grotesk', 'kiln-old-style']);
    expect(list.total).toBe(2);
    expect(list.data[0].children.map((c) => [c.style, c.weight])).toEqual([
      ['Regular', 400],
      ['Bold Italic', 700],
    ]);
    // Family contains a term; nothing matching is an empty page.
    expect(FontFamilyList.parse((await families(owner, {}, 'old st')).body).data.map((f) => f.family)).toEqual(['Kiln Old Style']);
    expect(FontFamilyList.parse((await families(owner, {}, 'nothing like it')).body)).toEqual({ data: [], total: 0 });

    const family = FontFamily.parse(await ok('GET', '/api/workspace/font/family/kiln-grotesk', owner.token));
    expect(family.children).toHaveLength(2);
    expect((await http('GET', '/api/workspace/font/family/no-such-family', owner.token)).status).toBe(404);

    // The file, for the glyph viewer: its bytes, as a font, never sniffed.
    const file = await fetch(`${stack.url}/api/workspace/font/${created[0].id}/file`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('font/otf');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(bold)).toBe(true);
  });

  it('refuses a file that is not a font it can read, and media of someone else or of another kind', async () => {
    // A .ttf whose first bytes pass the upload's check, but which is no font a font library can read.
    const [broken] = await upload(owner, [['Broken.ttf', samples.ttf()]]);
    const refused = await http('POST', '/api/workspace/font', owner.token, { mediaId: broken });
    expect(refused).toMatchObject({ status: 400, body: { message: FONT_MESSAGES.notAFont } });

    const [theirs] = await upload(editor, [['Theirs.otf', fontFile({ family: 'Theirs' })]]);
    expect(await http('POST', '/api/workspace/font', owner.token, { mediaId: theirs })).toMatchObject({
      status: 404,
      body: { message: MEDIA_MESSAGES.notFound },
    });

    const image = await fetch(`${stack.url}/api/upload?repo=image&folder=2026_11`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(samples.png())]), 'a.png');
        return form;
      })(),
    });
    const [png] = (await image.json()) as { id: string }[];
    expect(await http('POST', '/api/workspace/font', owner.token, { mediaId: png.id })).toMatchObject({
      status: 400,
      body: { message: FONT_MESSAGES.notFontMedia },
    });
    // Nothing was added.
    expect(FontFamilyList.parse((await families(owner, {}, 'theirs')).body).total).toBe(0);
  });
});

describe('who may (spec 001 §6: only the author edits or deletes fonts)', () => {
  let editorsFont: Font;

  beforeAll(async () => {
    editorsFont = await aFont(editor, fontFile({ family: 'Team Face', style: 'Regular' }), 'team-face.otf', { teamId });
  });

  it('in a team: owners and editors add, viewers do not; members read; strangers are refused', async () => {
    const [mediaId] = await upload(viewer, [['v.otf', fontFile({ family: 'Viewer Face' })]]);
    expect(await http('POST', '/api/workspace/font', viewer.token, { mediaId, teamId })).toMatchObject({
      status: 403,
      body: { message: TEAM_MESSAGES.noAccess },
    });
    expect(editorsFont).toMatchObject({ teamId, authorId: editor.id, userRole: 'editor' });

    const seen = FontFamilyList.parse((await families(viewer, { teamId })).body);
    expect(seen.data.map((f) => f.slug)).toContain('team-face');
    expect((await families(stranger, { teamId })).status).toBe(403);
    // A team's font is not in anyone's personal list.
    expect(FontFamilyList.parse((await families(editor)).body).data.map((f) => f.slug)).not.toContain('team-face');

    const file = (person: Person) => fetch(`${stack.url}/api/workspace/font/${editorsFont.id}/file`, { headers: { authorization: `Bearer ${person.token}` } });
    expect((await file(viewer)).status).toBe(200);
    expect((await file(stranger)).status).toBe(404);
  });

  it('only the author hides, shows and removes: the owner and a viewer are refused, a stranger learns nothing', async () => {
    const byOwner = FontBatchResult.parse(await ok('PATCH', '/api/workspace/font/hide', owner.token, { fontIds: [editorsFont.id], hidden: true }));
    expect(byOwner).toEqual({ done: [], failed: [{ id: editorsFont.id, message: FONT_MESSAGES.onlyAuthor }] });
    const byStranger = FontBatchResult.parse(await ok('DELETE', '/api/workspace/font', stranger.token, { fontIds: [editorsFont.id] }));
    expect(byStranger.failed).toEqual([{ id: editorsFont.id, message: FONT_MESSAGES.notFound }]);

    const hidden = FontBatchResult.parse(await ok('PATCH', '/api/workspace/font/hide', editor.token, { fontIds: [editorsFont.id], hidden: true }));
    expect(hidden.done).toMatchObject([{ id: editorsFont.id, hidden: true }]);
    // Hidden: its author still sees it (to show it again); the others do not.
    expect(FontFamilyList.parse((await families(viewer, { teamId })).body).data.map((f) => f.slug)).not.toContain('team-face');
    expect(FontFamilyList.parse((await families(editor, { teamId })).body).data.find((f) => f.slug === 'team-face')?.hidden).toBe(true);
    await ok('PATCH', '/api/workspace/font/hide', editor.token, { fontIds: [editorsFont.id], hidden: false });
    expect(FontFamilyList.parse((await families(viewer, { teamId })).body).data.map((f) => f.slug)).toContain('team-face');

    const removed = FontBatchResult.parse(await ok('DELETE', '/api/workspace/font', editor.token, { fontIds: [editorsFont.id, '0'.repeat(24)] }));
    expect(removed.done.map((f) => f.id)).toEqual([editorsFont.id]);
    expect(removed.failed).toEqual([{ id: '0'.repeat(24), message: FONT_MESSAGES.notFound }]);
    expect(FontFamilyList.parse((await families(viewer, { teamId })).body).data.map((f) => f.slug)).not.toContain('team-face');
  });

  it('a system font (no author) is in every list and nobody hides, groups or removes it', async () => {
    const client = new Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const id = 'f'.repeat(24);
    const now = new Date();
    try {
      for (const table of ['fonts', 'font_view'])
        await client.query(
          `INSERT INTO workspace.${table} (id, family, style, weight, italic, category, variants, slug, style_slug, hidden, author_id, team_id, project_id,
             media_id, media, created_at, updated_at, version) VALUES ($1, 'Kiln System', 'Regular', 400, false, 'sans-serif', '{regular}', 'kiln-system',
             'regular', false, NULL, NULL, NULL, $2, $3, $4, $4, 1)`,
          [id, 'e'.repeat(24), JSON.stringify({ id: 'e'.repeat(24), name: 'system.otf', mimetype: 'font/otf', size: 1, origin: 'upload' }), now],
        );
    } finally {
      await client.end();
    }
    expect(FontFamilyList.parse((await families(stranger)).body).data.map((f) => f.slug)).toContain('kiln-system');
    expect(FontFamilyList.parse((await families(viewer, { teamId })).body).data.map((f) => f.slug)).toContain('kiln-system');
    for (const [method, path, body] of [
      ['PATCH', '/api/workspace/font/hide', { fontIds: [id], hidden: true }],
      ['DELETE', '/api/workspace/font', { fontIds: [id] }],
      ['PATCH', '/api/workspace/font/group', { fontGroup: { fontIds: [id], family: 'Mine now' } }],
    ] as const) {
      const answer = FontBatchResult.parse(await ok(method, path, owner.token, body));
      expect(answer).toEqual({ done: [], failed: [{ id, message: FONT_MESSAGES.systemFont }] });
    }
  });

  it('the author groups styles into one family of a new name', async () => {
    const a = await aFont(owner, fontFile({ family: 'Loose One' }), 'a.otf');
    const b = await aFont(owner, fontFile({ family: 'Loose Two', style: 'Bold', weight: 700 }), 'b.otf');
    const grouped = FontBatchResult.parse(
      await ok('PATCH', '/api/workspace/font/group', owner.token, { fontGroup: { fontIds: [a.id, b.id], family: 'Together' } }),
    );
    expect(grouped.done.map((f) => f.slug)).toEqual(['together', 'together']);
    const family = FontFamily.parse(await ok('GET', '/api/workspace/font/family/together', owner.token));
    expect(family.children.map((c) => c.weight)).toEqual([400, 700]);
  });
});

describe('Google Fonts (spec 001 §5, §7, §8)', () => {
  it('searches the whole shipped catalogue without network, by family, language and category, 20 a page', async () => {
    const page = GoogleFontList.parse(await ok('GET', '/api/workspace/font/google', owner.token));
    expect(page.data).toHaveLength(20);
    expect(page.total).toBeGreaterThan(1000);
    const roboto = GoogleFontList.parse(await ok('GET', '/api/workspace/font/google?term=roboto', owner.token));
    expect(roboto.data.map((f) => f.family)).toContain('Roboto');
    expect(roboto.data.every((f) => f.family.toLowerCase().includes('roboto'))).toBe(true);
    const greekSerif = GoogleFontList.parse(await ok('GET', '/api/workspace/font/google?subset=greek&category=serif&limit=100', owner.token));
    expect(greekSerif.data.length).toBeGreaterThan(0);
    expect(greekSerif.data.every((f) => f.subsets.includes('greek') && f.category === 'serif')).toBe(true);
    const languages = await ok<{ data: { id: string; name: string }[] }>('GET', '/api/workspace/font/language', owner.token);
    expect(languages.data).toEqual(
      expect.arrayContaining([
        { id: 'latin', name: 'Latin' },
        { id: 'latin-ext', name: 'Latin Extended' },
      ]),
    );
  });

  it("answers 'Failed to fetch the file.' when the fonts service cannot be reached, and adds nothing", async () => {
    const answer = await http('POST', '/api/workspace/font/google', owner.token, { families: ['Lobster'] });
    expect(answer).toMatchObject({ status: 502, body: { message: FONT_TEXTS.fetchFailed } });
    expect(FontFamilyList.parse((await families(owner, {}, 'lobster')).body).total).toBe(0);
  });

  it('adds a family whose file is in the cache, without network, as a font with origin google', async () => {
    const [file] = new ShippedGoogleCatalogue().files('Abel')!;
    await mkdir(cacheDir, { recursive: true });
    // What the fonts service would have sent (a real font; its name table says the family).
    await writeFile(join(cacheDir, GoogleFontFetcher.cacheKey(file.url)), fontFile({ family: 'Abel' }));
    const answer = await http('POST', '/api/workspace/font/google', owner.token, { families: ['Abel'] });
    expect(answer.status).toBe(201);
    expect(answer.body.fonts).toMatchObject([{ family: 'Abel', slug: 'abel', variants: ['regular'], media: { origin: 'google' }, authorId: owner.id }]);
    expect(FontFamilyList.parse((await families(owner, {}, 'abel')).body).total).toBe(1);
    // The two tabs: 'Google Fonts' lists it, 'Uploaded Fonts' does not.
    expect(FontFamilyList.parse((await families(owner, { origin: 'google' })).body).data.map((f) => f.slug)).toEqual(['abel']);
    expect(FontFamilyList.parse((await families(owner, { origin: 'upload' })).body).data.map((f) => f.slug)).not.toContain('abel');
  });

  it('refuses more than 5 at once, an unknown family, and a viewer of a team', async () => {
    const six = ['Abel', 'Lobster', 'Roboto', 'Lato', 'Inter', 'Oswald'];
    expect(six).toHaveLength(GOOGLE_FONTS_MAX_SELECTED + 1);
    expect(await http('POST', '/api/workspace/font/google', owner.token, { families: six })).toMatchObject({ status: 400 });
    expect(await http('POST', '/api/workspace/font/google', owner.token, { families: ['No Such Font Family'] })).toMatchObject({
      status: 404,
      body: { message: FONT_MESSAGES.unknownGoogleFont },
    });
    expect(await http('POST', '/api/workspace/font/google', viewer.token, { families: ['Abel'], teamId })).toMatchObject({ status: 403 });
  });
});

describe('the read model', () => {
  it('is rebuilt from the fonts state table to the same lists', async () => {
    const before = FontFamilyList.parse((await families(owner)).body);
    const ofTeam = FontFamilyList.parse((await families(viewer, { teamId })).body);
    expect(before.total).toBeGreaterThan(0);
    const db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: stack.databaseUrl, max: 1 }) }) });
    try {
      await db.withSchema('workspace').deleteFrom('font_view').execute();
      expect(FontFamilyList.parse((await families(owner)).body).total).toBe(0);
      await rebuildProjection(db, 'workspace', ProjectFontsOnFontEvents);
    } finally {
      await db.destroy();
    }
    expect(FontFamilyList.parse((await families(owner)).body)).toEqual(before);
    expect(FontFamilyList.parse((await families(viewer, { teamId })).body)).toEqual(ofTeam);
  });
});
