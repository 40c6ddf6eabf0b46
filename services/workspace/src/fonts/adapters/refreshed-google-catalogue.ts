import { Logger } from '@nestjs/common';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { FONT_CATEGORIES, FontCategory, FontLanguage, fontSlug, GOOGLE_FONTS_FILE_HOST, GoogleFontFamily, GoogleFontFile } from '@kiln/contracts';
import { GoogleCatalogue } from '../ports/google-catalogue.port';
import { ShippedGoogleCatalogue } from './shipped-google-catalogue';

/** The Google Fonts developer API's list (spec 001 §7: "fetched directly from a public fonts service with a {key}"). */
export const GOOGLE_FONTS_API = 'https://www.googleapis.com/webfonts/v1/webfonts';
/** The list is refreshed after 7 days (spec 001 §9 "Google font cache 7 days"). */
export const GOOGLE_CATALOGUE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const MAX_LIST_BYTES = 16 * 1024 * 1024;
const TIMEOUT_MS = 20_000;

interface ApiItem {
  family: string;
  variants: string[];
  subsets: string[];
  category: string;
  lastModified?: string;
  files: Record<string, string>;
}

/** What the cache file keeps: when it was fetched and the API's items (families with their file URLs). */
interface CachedList {
  fetchedAt: number;
  items: ApiItem[];
}

const isFontFileUrl = (url: unknown): url is string => {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url.replace(/^http:/, 'https:'));
    return parsed.protocol === 'https:' && parsed.hostname === GOOGLE_FONTS_FILE_HOST;
  } catch {
    return false;
  }
};

/** Only the well-formed items of an answer, each with its file URLs on the fonts host (https); anything else is left out. */
function itemsOf(body: unknown): ApiItem[] {
  const items = (body as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: Partial<ApiItem>) => {
    if (!item || typeof item.family !== 'string' || !Array.isArray(item.variants) || !Array.isArray(item.subsets) || !item.files) return [];
    const files = Object.fromEntries(
      Object.entries(item.files)
        .filter(([, url]) => isFontFileUrl(url))
        .map(([variant, url]) => [variant, (url as string).replace(/^http:/, 'https:')]),
    );
    return [
      {
        family: item.family.slice(0, 200),
        variants: item.variants.filter((v): v is string => typeof v === 'string'),
        subsets: item.subsets.filter((s): s is string => typeof s === 'string'),
        category: String(item.category ?? ''),
        lastModified: typeof item.lastModified === 'string' ? item.lastModified : '',
        files,
      },
    ];
  });
}

export interface RefreshOptions {
  apiKey?: string;
  /** Where the fetched list is kept between starts. */
  cacheFile: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
}

/**
 * The Google Fonts catalogue refreshed from the developer API when `KILN_GOOGLE_FONTS_API_KEY` is set (ADR 0055):
 * the list is fetched (from www.googleapis.com only, the key in the query), kept in a cache file, and fetched again
 * once it is 7 days old; until then, and whenever the API cannot be had, the shipped catalogue answers. Without a
 * key nothing is ever fetched. The API's files are whole fonts (one per variant, on fonts.gstatic.com), so a
 * language subset only chooses which families are offered.
 */
export class RefreshedGoogleCatalogue implements GoogleCatalogue {
  private readonly logger = new Logger('google-fonts');
  private list: { families: GoogleFontFamily[]; files: Map<string, ApiItem>; fetchedAt: number } | null = null;
  private refreshing: Promise<void> | null = null;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(
    private readonly shipped: GoogleCatalogue,
    private readonly options: RefreshOptions,
  ) {
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.now = options.now ?? Date.now;
    if (options.apiKey) this.loadCache();
  }

  /** From the environment: refreshing only with a key. */
  static fromEnv(env: NodeJS.ProcessEnv = process.env): GoogleCatalogue {
    const shipped = new ShippedGoogleCatalogue();
    const apiKey = env.KILN_GOOGLE_FONTS_API_KEY?.trim();
    if (!apiKey) return shipped;
    return new RefreshedGoogleCatalogue(shipped, {
      apiKey,
      cacheFile: resolve(env.KILN_GOOGLE_FONTS_CATALOGUE_CACHE ?? '.data/cache/google-fonts-catalogue.json'),
    });
  }

  families(): readonly GoogleFontFamily[] {
    void this.refreshIfOld();
    return this.list?.families ?? this.shipped.families();
  }

  languages(): readonly FontLanguage[] {
    if (!this.list) return this.shipped.languages();
    const names = new Map(this.shipped.languages().map((l) => [l.id, l.name]));
    return [...new Set(this.list.families.flatMap((f) => f.subsets))].sort().map((id) => ({ id, name: names.get(id) ?? id }));
  }

  files(family: string, subset?: string): GoogleFontFile[] | null {
    const item = this.list?.files.get(family);
    if (!item) return this.shipped.files(family, subset);
    if (subset && !item.subsets.includes(subset)) return [];
    return Object.entries(item.files).map(([variant, url]) => ({ family, variant, subset: subset ?? item.subsets[0] ?? 'latin', url }));
  }

  /** Fetches the list again when it is missing or 7 days old; one fetch at a time; a failure keeps what there was. */
  refreshIfOld(): Promise<void> {
    if (!this.options.apiKey) return Promise.resolve();
    if (this.list && this.now() - this.list.fetchedAt < GOOGLE_CATALOGUE_MAX_AGE_MS) return Promise.resolve();
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  private async refresh(): Promise<void> {
    try {
      const url = `${GOOGLE_FONTS_API}?key=${encodeURIComponent(this.options.apiKey!)}`;
      const response = await this.fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const text = await response.text();
      if (text.length > MAX_LIST_BYTES) throw new Error('too large');
      const items = itemsOf(JSON.parse(text));
      if (items.length === 0) throw new Error('no families');
      const cached: CachedList = { fetchedAt: this.now(), items };
      this.use(cached);
      mkdirSync(dirname(this.options.cacheFile), { recursive: true });
      const partial = `${this.options.cacheFile}.${process.pid}.part`;
      writeFileSync(partial, JSON.stringify(cached), { mode: 0o600 });
      renameSync(partial, this.options.cacheFile);
    } catch (error) {
      // Never the key in a log line: only why.
      this.logger.warn(
        `the Google Fonts list could not be refreshed (${error instanceof Error ? error.message.replaceAll(this.options.apiKey!, '…') : 'error'})`,
      );
      // Tried now: the next try waits as long as a fresh list would, unless there is none at all.
      if (this.list) this.list = { ...this.list, fetchedAt: this.now() };
    }
  }

  private loadCache(): void {
    try {
      if (!statSync(this.options.cacheFile).isFile()) return;
      const cached = JSON.parse(readFileSync(this.options.cacheFile, 'utf8')) as Partial<CachedList>;
      if (typeof cached.fetchedAt !== 'number') return;
      this.use({ fetchedAt: cached.fetchedAt, items: itemsOf(cached) });
    } catch {
      // No cache yet, or a damaged one: fetched when first asked.
    }
  }

  private use(cached: CachedList): void {
    if (cached.items.length === 0) return;
    this.list = {
      fetchedAt: cached.fetchedAt,
      files: new Map(cached.items.map((item) => [item.family, item])),
      families: cached.items
        .map((item) => ({
          family: item.family,
          slug: fontSlug(item.family),
          category: (FONT_CATEGORIES as readonly string[]).includes(item.category) ? (item.category as FontCategory) : 'display',
          variants: item.variants,
          subsets: item.subsets,
          lastModified: item.lastModified ?? '',
        }))
        .sort((a, b) => a.family.localeCompare(b.family)),
    };
  }
}
