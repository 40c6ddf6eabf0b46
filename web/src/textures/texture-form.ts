import type { CreateTextureInput, Texture } from '@kiln/contracts';
import { COMMON_MESSAGES, TEXTURE_DEFAULTS, TEXTURE_MAP_SLOTS, type TextureMapSlot } from '@kiln/contracts/constants';
import { communityNameProblem, tagAddProblem, tagsProblem, textureNumberProblems } from '@kiln/domain';
import type { SphereTransform } from './texture-sphere-parts';

/** The number inputs of the editor (spec 001 §3, §5), each a path as the service names its errors. */
export const NUMBER_FIELDS = ['offset.x', 'offset.y', 'repeat.x', 'repeat.y', 'center.x', 'center.y', 'rotation', 'width', 'height'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** A map slot in the editor: the uploaded image's media id (or none), what shows it, and its upload. */
export interface MapState {
  mediaId: string | null;
  /** The address the sphere and the thumbnail load: a chosen file's data URL, or a saved map's file. */
  url: string | null;
  /** The file's name, said beside the slot. */
  fileName: string;
  state: 'idle' | 'uploading' | 'failed';
  /** Bytes sent of `size`, while uploading. */
  loaded: number;
  size: number;
  message?: string;
}

export interface TextureDraft {
  name: string;
  tags: string[];
  public: boolean;
  /** As typed: an input may be empty or half typed ('0.') while it is edited. */
  numbers: Record<NumberField, string>;
  maps: Record<TextureMapSlot, MapState>;
}

const emptyMap = (): MapState => ({ mediaId: null, url: null, fileName: '', state: 'idle', loaded: 0, size: 0 });

const numberOf = (texture: Pick<Texture, 'offset' | 'repeat' | 'center' | 'rotation' | 'width' | 'height'>, field: NumberField): number => {
  const [key, axis] = field.split('.') as [keyof typeof TEXTURE_DEFAULTS, 'x' | 'y' | undefined];
  const value = texture[key as 'offset'];
  return axis ? value[axis] : (value as unknown as number);
};

/** A new texture's draft: the spec's defaults (repeat 1,1; center 0,0; offset 0,0; spec 001 §5). */
export function newDraft(): TextureDraft {
  return {
    name: '',
    tags: [],
    public: false,
    numbers: Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(numberOf(TEXTURE_DEFAULTS, f))])) as Record<NumberField, string>,
    maps: Object.fromEntries(TEXTURE_MAP_SLOTS.map((slot) => [slot, emptyMap()])) as Record<TextureMapSlot, MapState>,
  };
}

/** A saved texture's draft; `fileUrl` gives the address of a saved map's image. */
export function draftOf(texture: Texture, fileUrl: (mediaId: string) => string): TextureDraft {
  const maps = newDraft().maps;
  for (const slot of TEXTURE_MAP_SLOTS) {
    const mediaId = texture[slot];
    if (!mediaId) continue;
    const file = texture.maps.find((m) => m.id === mediaId);
    maps[slot] = { ...emptyMap(), mediaId, url: fileUrl(mediaId), fileName: file?.name ?? '', size: file?.size ?? 0 };
  }
  return {
    name: texture.name,
    tags: [...texture.tags],
    public: texture.public,
    numbers: Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(numberOf(texture, f))])) as Record<NumberField, string>,
    maps,
  };
}

/** A typed number, or NaN when it is not one ('' included). */
export function parseNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The numbers as the sphere uses them while typing: what is not a number yet keeps the default. */
export function transformOf(numbers: Record<NumberField, string>): SphereTransform {
  const get = (field: NumberField) => {
    const value = parseNumber(numbers[field]);
    return Number.isFinite(value) ? value : numberOf(TEXTURE_DEFAULTS, field);
  };
  return {
    offset: { x: get('offset.x'), y: get('offset.y') },
    repeat: { x: get('repeat.x'), y: get('repeat.y') },
    center: { x: get('center.x'), y: get('center.y') },
    rotation: get('rotation'),
  };
}

/** The body of POST /api/workspace/texture and PATCH /api/workspace/texture/{id} (numbers checked before). */
export function bodyOf(draft: TextureDraft, previewId: string | null): Omit<CreateTextureInput, 'teamId' | 'projectId'> {
  const n = (field: NumberField) => parseNumber(draft.numbers[field]);
  return {
    name: draft.name.trim(),
    tags: draft.tags,
    public: draft.public,
    previewId,
    offset: { x: n('offset.x'), y: n('offset.y') },
    repeat: { x: n('repeat.x'), y: n('repeat.y') },
    center: { x: n('center.x'), y: n('center.y') },
    rotation: n('rotation'),
    width: n('width'),
    height: n('height'),
    ...(Object.fromEntries(TEXTURE_MAP_SLOTS.map((slot) => [slot, draft.maps[slot].mediaId])) as Record<TextureMapSlot, string | null>),
  };
}

/** An input that holds no number (empty, or not one): the editor's own check, before the rules. */
export const NOT_A_NUMBER = COMMON_MESSAGES.enterNumber;

/**
 * The editor's errors by field path before it sends anything: a number field that holds no number, then the texture
 * rules of spec 001 §5 with their sentences — the domain's (ADR 0061), which the service checks again.
 */
export function draftErrors(draft: TextureDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of NUMBER_FIELDS) if (!Number.isFinite(parseNumber(draft.numbers[field]))) errors[field] = NOT_A_NUMBER;
  const name = communityNameProblem('texture', draft.name);
  if (name) errors.name = name;
  const tags = tagsProblem(draft.tags);
  if (tags) errors.tags = tags;
  const { offset, repeat, center, rotation, width, height } = bodyOf(draft, null);
  for (const problem of textureNumberProblems({ offset, repeat, center, rotation, width, height })) errors[problem.path] ??= problem.message;
  return errors;
}

/** A tag the tags field refuses (spec 001 §5: no case-insensitive duplicates, 'Duplicate tags are not allowed'). */
export const tagRefusal = (tags: readonly string[], tag: string): string | undefined => tagAddProblem(tags, tag) ?? undefined;
