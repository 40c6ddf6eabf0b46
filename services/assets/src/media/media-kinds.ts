import { extensionOf, UPLOAD_KIND_RULES, UploadKind } from '@kiln/contracts';

/** The kinds whose files get derived files (ADR 0053): images, vector graphics, 3D objects. */
export const PREVIEW_KINDS = ['image', 'vector', 'object3d'] as const satisfies readonly UploadKind[];
export type PreviewKind = (typeof PREVIEW_KINDS)[number];

export const hasPreview = (kind: UploadKind): kind is PreviewKind => (PREVIEW_KINDS as readonly UploadKind[]).includes(kind);

/** The format a file of a kind holds, by its extension (its bytes were checked against it when it was registered, ADR 0050). */
export function formatOf(kind: PreviewKind, filename: string) {
  const formats = UPLOAD_KIND_RULES[kind].extensions?.[extensionOf(filename)];
  return formats?.[0] ?? null;
}
