import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GOOGLE_FONT_FILE_MAX_BYTES, GOOGLE_FONTS_FILE_HOST } from '@kiln/contracts';

/** The largest Google font file fetched (bytes): the contracts' bound, which the assets service applies again. */
export const GOOGLE_FONT_FETCH_MAX_BYTES = GOOGLE_FONT_FILE_MAX_BYTES;
/** How long one file may take to arrive (`KILN_GOOGLE_FONTS_FETCH_TIMEOUT_MS`, default 15 s). */
export const googleFontFetchTimeoutMs = (env: NodeJS.ProcessEnv = process.env): number => {
  const value = Number(env.KILN_GOOGLE_FONTS_FETCH_TIMEOUT_MS);
  return Number.isInteger(value) && value > 0 ? value : 15_000;
};

/** The file could not be had from the fonts host (no network, refused, too large, not there): 'Failed to fetch the file.' */
export class FontFetchFailed extends Error {}

/** Only `https://fonts.gstatic.com/...`: the URLs come from the shipped catalogue, and anything else is refused before a request is made. */
export function isFontHostUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname === GOOGLE_FONTS_FILE_HOST && !parsed.username && !parsed.password && !parsed.port;
  } catch {
    return false;
  }
}

/**
 * Fetches Google font files from the fonts host, keeping each in a disk cache by the hash of its URL
 * (`KILN_GOOGLE_FONTS_CACHE_DIR`, default `.data/cache/google-fonts`; ADR 0055): a file once fetched is
 * served from there, network or not. No redirects are followed; the size is bounded while it arrives.
 */
export class GoogleFontFetcher {
  constructor(
    readonly cacheDir = resolve(process.env.KILN_GOOGLE_FONTS_CACHE_DIR ?? '.data/cache/google-fonts'),
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = googleFontFetchTimeoutMs(),
  ) {}

  static cacheKey(url: string): string {
    return createHash('sha256').update(url).digest('hex');
  }

  async get(url: string): Promise<Buffer> {
    if (!isFontHostUrl(url)) throw new FontFetchFailed('not the fonts host');
    const path = join(this.cacheDir, GoogleFontFetcher.cacheKey(url));
    const cached = await readFile(path).catch(() => null);
    if (cached && cached.length > 0) return cached;
    const bytes = await this.fetch(url);
    await mkdir(this.cacheDir, { recursive: true });
    // Written aside and renamed, so a reader never sees half a file.
    const partial = `${path}.${process.pid}.part`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, path);
    return bytes;
  }

  private async fetch(url: string): Promise<Buffer> {
    let response: Response;
    try {
      response = await this.fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new FontFetchFailed(error instanceof Error ? error.message : String(error));
    }
    if (!response.ok || !response.body) throw new FontFetchFailed(`status ${response.status}`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > GOOGLE_FONT_FETCH_MAX_BYTES) throw new FontFetchFailed('too large');
    const parts: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > GOOGLE_FONT_FETCH_MAX_BYTES) throw new FontFetchFailed('too large');
        parts.push(Buffer.from(chunk));
      }
    } catch (error) {
      if (error instanceof FontFetchFailed) throw error;
      throw new FontFetchFailed(error instanceof Error ? error.message : String(error));
    }
    return Buffer.concat(parts);
  }
}
