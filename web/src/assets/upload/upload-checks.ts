import { UPLOAD_CONTENT_MESSAGES, UPLOAD_KIND_RULES, extensionOf, fileTooLarge, type UploadKind } from '@kiln/contracts/constants';

/** How the files came: the Add button (its file input) or a drop on the dropzone; images have a smaller limit by the button (spec 001 §5). */
export type UploadVia = 'button' | 'dropzone';

/** The largest file a kind takes by that way (bytes). */
export function uploadLimitOf(kind: UploadKind, via: UploadVia): number {
  const rule = UPLOAD_KIND_RULES[kind];
  return via === 'button' ? (rule.addButtonMaxBytes ?? rule.maxBytes) : rule.maxBytes;
}

/** Why a file is refused before a byte is sent: its extension is not the kind's, or it is over the limit. */
export interface UploadRefusal {
  reason: 'extension' | 'size';
  message: string;
}

/**
 * The checks the web app makes before sending (ADR 0056), with the server's own rules and sentences
 * (`UPLOAD_KIND_RULES`, ADR 0050): the server checks the same again, and the content by its bytes.
 */
export function checkUpload(kind: UploadKind, file: { name: string; size: number }, via: UploadVia): UploadRefusal | null {
  const rule = UPLOAD_KIND_RULES[kind];
  if (rule.extensions && !Object.hasOwn(rule.extensions, extensionOf(file.name))) {
    return { reason: 'extension', message: UPLOAD_CONTENT_MESSAGES.notAllowed(rule.label, Object.keys(rule.extensions)) };
  }
  const limit = uploadLimitOf(kind, via);
  if (file.size > limit) return { reason: 'size', message: fileTooLarge(limit) };
  return null;
}
