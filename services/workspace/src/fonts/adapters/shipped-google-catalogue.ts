import { Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FONT_CATEGORIES, FontCategory, FontLanguage, fontSlug, GOOGLE_FONTS_FILE_HOST, GoogleFontFamily, GoogleFontFile } from '@kiln/contracts';
import { fontVariantName } from '@kiln/domain';
import { GoogleCatalogue } from '../ports/google-catalogue.port';

interface ApiFamily {
  family: string;
  variants: string[];
  subsets: string[];
  lastModified: string;
  category: string;
}

interface MetadataFamily {
  family: string;
  defSubset?: string;
  variants: Record<string, Record<string, Record<string, { url: { truetype?: string } }>>>;
}

/** Names people read for the subsets whose id alone says too little; the rest are their id in title case. */
const LANGUAGE_NAMES: Record<string, string> = {
  'latin-ext': 'Latin Extended',
  'cyrillic-ext': 'Cyrillic Extended',
  'greek-ext': 'Greek Extended',
  'chinese-simplified': 'Chinese (Simplified)',
  'chinese-traditional': 'Chinese (Traditional)',
  'chinese-hongkong': 'Chinese (Hong Kong)',
  symbols2: 'Symbols 2',
};
const languageName = (id: string) => LANGUAGE_NAMES[id] ?? id.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`);

/**
 * The Google Fonts catalogue as the `google-font-metadata` package ships it (ADR 0055): its API answer
 * (families, variants, subsets, category; about 0.5 MB) for browsing and searching, read once; and its
 * per-subset file URLs (a 13 MB file), read the first time a family is added and kept as the truetype URLs
 * only. No network is needed for either. Refreshing from the Google Fonts API with a key is a follow-up.
 */
@Injectable()
export class ShippedGoogleCatalogue implements GoogleCatalogue {
  private readonly dataDir: string;
  private list: GoogleFontFamily[] | null = null;
  private subsets: FontLanguage[] | null = null;
  private urls: Map<string, { defSubset: string; files: { weight: number; italic: boolean; subset: string; url: string }[] }> | null = null;

  constructor(dataDir?: string) {
    this.dataDir = dataDir ?? join(dirname(require.resolve('google-font-metadata')), '..', 'data');
  }

  families(): readonly GoogleFontFamily[] {
    if (!this.list) {
      const raw = JSON.parse(readFileSync(join(this.dataDir, 'api-response.json'), 'utf8')) as ApiFamily[];
      this.list = raw.map((f) => ({
        family: f.family,
        slug: fontSlug(f.family),
        category: (FONT_CATEGORIES as readonly string[]).includes(f.category) ? (f.category as FontCategory) : 'display',
        variants: f.variants,
        subsets: f.subsets,
        lastModified: f.lastModified,
      }));
    }
    return this.list;
  }

  languages(): readonly FontLanguage[] {
    this.subsets ??= [...new Set(this.families().flatMap((f) => f.subsets))].sort().map((id) => ({ id, name: languageName(id) }));
    return this.subsets;
  }

  files(family: string, subset?: string): GoogleFontFile[] | null {
    const entry = this.fileIndex().get(family);
    if (!entry) return null;
    const chosen = subset ?? entry.defSubset;
    return entry.files.filter((f) => f.subset === chosen).map((f) => ({ family, variant: fontVariantName(f.weight, f.italic), subset: f.subset, url: f.url }));
  }

  private fileIndex() {
    if (!this.urls) {
      const raw = JSON.parse(readFileSync(join(this.dataDir, 'google-fonts-v1.json'), 'utf8')) as Record<string, MetadataFamily>;
      this.urls = new Map();
      for (const meta of Object.values(raw)) {
        const files: { weight: number; italic: boolean; subset: string; url: string }[] = [];
        for (const [weight, styles] of Object.entries(meta.variants ?? {}))
          for (const [style, subsets] of Object.entries(styles))
            for (const [subset, { url }] of Object.entries(subsets)) {
              // Only files on the fonts host (ADR 0055): anything else in the data is left out.
              if (url?.truetype && new URL(url.truetype).hostname === GOOGLE_FONTS_FILE_HOST)
                files.push({ weight: Number(weight), italic: style === 'italic', subset, url: url.truetype });
            }
        this.urls.set(meta.family, { defSubset: meta.defSubset ?? 'latin', files });
      }
    }
    return this.urls;
  }
}
