import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GOOGLE_CATALOGUE_MAX_AGE_MS, RefreshedGoogleCatalogue } from '../src/fonts/adapters/refreshed-google-catalogue';
import { ShippedGoogleCatalogue } from '../src/fonts/adapters/shipped-google-catalogue';

/**
 * The Google Fonts list refreshed with an API key (spec 001 §7, §9: fetched with a {key}, cached, refreshed after
 * 7 days; ADR 0055), against a fetch of our own: no network. Without a key nothing is fetched.
 */
const answer = (items: unknown[]) => new Response(JSON.stringify({ kind: 'webfonts#webfontList', items }), { status: 200 });
const ITEMS = [
  {
    family: 'Zeta Test',
    variants: ['regular', '700'],
    subsets: ['latin', 'greek'],
    category: 'serif',
    lastModified: '2026-01-01',
    files: { regular: 'http://fonts.gstatic.com/s/zeta/v1/regular.ttf', '700': 'https://evil.example/steal.ttf' },
  },
  { family: 'Alpha Test', variants: ['regular'], subsets: ['latin'], category: 'weird', files: { regular: 'https://fonts.gstatic.com/s/alpha/v1/a.ttf' } },
  { nonsense: true },
];

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kiln-google-list-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the Google Fonts list refreshed with a key', () => {
  const shipped = new ShippedGoogleCatalogue();

  it('without a key: the shipped catalogue, and nothing is fetched', async () => {
    const fetchImpl = jest.fn();
    const catalogue = new RefreshedGoogleCatalogue(shipped, { cacheFile: join(dir, 'list.json'), fetchImpl });
    await catalogue.refreshIfOld();
    expect(catalogue.families().length).toBe(shipped.families().length);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('with a key: fetches the list once, keeps it in its cache file, answers from it; file URLs only on the fonts host over https', async () => {
    let now = 1_000_000;
    const fetchImpl = jest.fn(async () => answer(ITEMS));
    const cacheFile = join(dir, 'list.json');
    const catalogue = new RefreshedGoogleCatalogue(shipped, {
      apiKey: 'secret-key',
      cacheFile,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      now: () => now,
    });
    // The first look starts the fetch and answers the shipped list meanwhile.
    expect(catalogue.families().length).toBe(shipped.families().length);
    await catalogue.refreshIfOld();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const url = new URL((fetchImpl.mock.calls[0] as unknown as [string])[0]);
    expect([url.hostname, url.searchParams.get('key')]).toEqual(['www.googleapis.com', 'secret-key']);
    expect(catalogue.families().map((f) => [f.family, f.slug, f.category])).toEqual([
      ['Alpha Test', 'alpha-test', 'display'],
      ['Zeta Test', 'zeta-test', 'serif'],
    ]);
    expect(catalogue.files('Zeta Test')).toEqual([
      { family: 'Zeta Test', variant: 'regular', subset: 'latin', url: 'https://fonts.gstatic.com/s/zeta/v1/regular.ttf' },
    ]);
    expect(catalogue.files('Zeta Test', 'cyrillic')).toEqual([]);
    // A family the list does not have is looked up in the shipped catalogue.
    expect(catalogue.files('Abel')?.[0]?.url).toMatch(/^https:\/\/fonts\.gstatic\.com\//);
    expect(JSON.parse(await readFile(cacheFile, 'utf8'))).toMatchObject({ fetchedAt: 1_000_000 });

    // Within 7 days nothing is fetched again, and a new start reads the cache file.
    now += GOOGLE_CATALOGUE_MAX_AGE_MS - 1;
    await catalogue.refreshIfOld();
    const restarted = new RefreshedGoogleCatalogue(shipped, {
      apiKey: 'secret-key',
      cacheFile,
      fetchImpl: fetchImpl as unknown as typeof fetch,
      now: () => now,
    });
    expect(restarted.families().map((f) => f.family)).toEqual(['Alpha Test', 'Zeta Test']);
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    // 7 days on, it is fetched again; a failure keeps the list it had.
    now += 2;
    fetchImpl.mockImplementation(async () => new Response('down', { status: 503 }));
    await catalogue.refreshIfOld();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(catalogue.families().map((f) => f.family)).toEqual(['Alpha Test', 'Zeta Test']);
  });
});
