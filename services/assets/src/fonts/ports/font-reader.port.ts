export const FONT_READER = Symbol('FontReader');

/** What a font file says of itself (its name table, OS/2 and post tables), before any rule applies. */
export interface FontFileFacts {
  family: string;
  style: string;
  weight: number;
  italic: boolean;
  /** OS/2 sFamilyClass (IBM class in the high byte), when the file has an OS/2 table. */
  familyClass: number | null;
  /** OS/2 PANOSE, 10 bytes, when present. */
  panose: number[] | null;
  fixedPitch: boolean;
  glyphCount: number;
}

/** Reads a font file with a font library (ADR 0055); null when the bytes are not a single font it can read. */
export interface FontReader {
  read(bytes: Buffer): FontFileFacts | null;
}
