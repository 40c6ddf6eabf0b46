/**
 * The upload notification's texts (spec 001 §4 "Upload progress", §8), defined once for every library that
 * uploads (images, vector graphics, 3D objects, fonts; ADR 0056). Plain values, no zod: exported from
 * `@kiln/contracts/constants` for the web app.
 */
export const UPLOAD_TEXTS = {
  uploading: 'Uploading',
  /** '{done}/{total} file(s) uploading' */
  uploadingCount: (done: number, total: number) => `${done}/${total} file(s) uploading`,
  success: 'Upload Success',
  /** '{m}/{n} file(s) successfully uploaded' */
  successCount: (succeeded: number, total: number) => `${succeeded}/${total} file(s) successfully uploaded`,
  failed: 'Upload Failed',
  /** '{n} file(s) failed to upload' */
  failedCount: (failed: number) => `${failed} file(s) failed to upload`,
} as const;

/** The folder an upload of a library goes to: `year_month` (spec 001 §7), e.g. `2026_11`, from the date given. */
export function uploadFolderOf(date: Date): string {
  return `${date.getFullYear()}_${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** A file over its kind's limit, said by the server (413, as MEDIA_MESSAGES.tooLarge) and by the web app before sending. */
export const fileTooLarge = (limit: number): string => `The file is larger than the limit of ${Math.floor(limit / (1024 * 1024)) || 1} MB.`;
