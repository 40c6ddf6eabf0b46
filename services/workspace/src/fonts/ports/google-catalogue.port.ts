import { FontLanguage, GoogleFontFamily, GoogleFontFile } from '@kiln/contracts';

export const GOOGLE_CATALOGUE = Symbol('GoogleCatalogue');

/** The Google Fonts catalogue (ADR 0055): shipped with the service (`google-font-metadata`), searchable without network. */
export interface GoogleCatalogue {
  families(): readonly GoogleFontFamily[];
  languages(): readonly FontLanguage[];
  /** The files of a family in one subset (its default when absent), one per variant; null when the family is unknown. */
  files(family: string, subset?: string): GoogleFontFile[] | null;
}
