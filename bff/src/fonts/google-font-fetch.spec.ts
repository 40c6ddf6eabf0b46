import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FontFetchFailed, GOOGLE_FONT_FETCH_MAX_BYTES, GoogleFontFetcher, isFontHostUrl } from './google-font-fetch';

const URL_OK = 'https://fonts.gstatic.com/s/abel/v18/abel.ttf';

describe('Google font files (ADR 0055): only the fonts host, bounded, cached', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kiln-font-cache-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes only https URLs of fonts.gstatic.com', () => {
    expect(isFontHostUrl(URL_OK)).toBe(true);
    for (const url of [
      'http://fonts.gstatic.com/s/a.ttf',
      'https://fonts.gstatic.com.evil.example/a.ttf',
      'https://user:pw@fonts.gstatic.com/a.ttf',
      'https://fonts.gstatic.com:8443/a.ttf',
      'file:///etc/passwd',
      'not a url',
    ])
      expect([url, isFontHostUrl(url)]).toEqual([url, false]);
  });

  it('refuses another host without a request, and a failed or too large answer', async () => {
    const fetchImpl = jest.fn(async () => new Response('x', { status: 200 }));
    const fetcher = new GoogleFontFetcher(dir, fetchImpl as unknown as typeof fetch, 1000);
    await expect(fetcher.get('https://example.com/a.ttf')).rejects.toBeInstanceOf(FontFetchFailed);
    expect(fetchImpl).not.toHaveBeenCalled();

    fetchImpl.mockImplementationOnce(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(fetcher.get(URL_OK)).rejects.toBeInstanceOf(FontFetchFailed);
    fetchImpl.mockImplementationOnce(async () => new Response('gone', { status: 404 }));
    await expect(fetcher.get(URL_OK)).rejects.toBeInstanceOf(FontFetchFailed);
    fetchImpl.mockImplementationOnce(async () => new Response(new Uint8Array(GOOGLE_FONT_FETCH_MAX_BYTES + 1), { status: 200 }));
    await expect(fetcher.get(URL_OK)).rejects.toBeInstanceOf(FontFetchFailed);
    // No redirect is followed.
    expect((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].redirect).toBe('error');
  });

  it('keeps a fetched file and serves it from the cache afterwards, without another request', async () => {
    const bytes = Buffer.from('OTTO fake font bytes');
    const fetchImpl = jest.fn(async () => new Response(new Uint8Array(bytes), { status: 200 }));
    const fetcher = new GoogleFontFetcher(dir, fetchImpl as unknown as typeof fetch, 1000);
    expect((await fetcher.get(URL_OK)).equals(bytes)).toBe(true);
    expect((await readFile(join(dir, GoogleFontFetcher.cacheKey(URL_OK)))).equals(bytes)).toBe(true);
    fetchImpl.mockImplementation(async () => {
      throw new TypeError('offline');
    });
    expect((await fetcher.get(URL_OK)).equals(bytes)).toBe(true);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
