import { TEXTURE_DEFAULTS, TEXTURE_MAP_SLOTS, TEXTURE_MESSAGES, TEXTURE_NUMBER_MAX, TEXTURE_ROTATION_MAX, TextureMapSlot } from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { assertMayCreateCommunityItem, cleanCommunityName, cleanTags, CommunityActor, CommunityFiles, keepFiles } from './community-item';
import { CommunityItemAggregate } from './community-item.aggregate';

export interface TextureVec2 {
  x: number;
  y: number;
}

/** The numbers of a texture's mapping (spec 001 §3, §5). */
export interface TextureNumbers {
  offset: TextureVec2;
  repeat: TextureVec2;
  center: TextureVec2;
  rotation: number;
  width: number;
  height: number;
}

export type TextureMaps = Record<TextureMapSlot, string | null>;

export interface TextureState extends TextureNumbers, TextureMaps {
  id: string;
  name: string;
  authorId: string;
  teamId: string | null;
  projectId: string | null;
  public: boolean;
  publishedAt: Date | null;
  tags: string[];
  previewId: string | null;
  files: CommunityFiles;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export type TextureEvent =
  | DomainEvent<'workspace.texture.created.v1', { texture: TextureState }>
  | DomainEvent<'workspace.texture.updated.v1', { texture: TextureState }>
  | DomainEvent<'workspace.texture.rejected.v1', { texture: TextureState; moderatorId: string; reason: string | null }>
  | DomainEvent<'workspace.texture.deleted.v1', { texture: TextureState }>;

/** The editable fields of a texture (what its editor sends). */
export type TextureFields = Partial<TextureNumbers> & Partial<TextureMaps> & { name?: string; tags?: string[]; public?: boolean; previewId?: string | null };

/**
 * The problems of a texture's numbers (spec 001 §5): repeat, width, height and rotation at least 0; rotation
 * at most 2π; every number finite and within ±TEXTURE_NUMBER_MAX (ours). Each with its field's path.
 */
export function textureNumberProblems(numbers: Partial<TextureNumbers>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const check = (path: string, value: number | undefined, nonNegative: boolean) => {
    if (value === undefined) return;
    if (!Number.isFinite(value) || Math.abs(value) > TEXTURE_NUMBER_MAX) problems.push({ path, message: TEXTURE_MESSAGES.tooLarge });
    else if (nonNegative && value < 0) problems.push({ path, message: TEXTURE_MESSAGES.notNegative });
  };
  check('offset.x', numbers.offset?.x, false);
  check('offset.y', numbers.offset?.y, false);
  check('center.x', numbers.center?.x, false);
  check('center.y', numbers.center?.y, false);
  check('repeat.x', numbers.repeat?.x, true);
  check('repeat.y', numbers.repeat?.y, true);
  check('width', numbers.width, true);
  check('height', numbers.height, true);
  check('rotation', numbers.rotation, true);
  if (numbers.rotation !== undefined && numbers.rotation > TEXTURE_ROTATION_MAX)
    problems.push({ path: 'rotation', message: TEXTURE_MESSAGES.rotationTooLarge });
  return problems;
}

function assertNumbers(numbers: Partial<TextureNumbers>): void {
  const problems = textureNumberProblems(numbers);
  if (problems.length) throw new DomainError('invalid', problems[0]!.message, problems);
}

/** The uploads a texture uses (its maps and preview), each checked by the service to be the caller's own upload of kind `texture`. */
export function textureMediaIds(state: Pick<TextureState, 'previewId' | TextureMapSlot>): string[] {
  return [state.previewId, ...TEXTURE_MAP_SLOTS.map((slot) => state[slot])].filter((id): id is string => !!id);
}

/**
 * A texture (spec 001 §3): material maps with a mapping, in the personal, team or project scope. Public
 * textures are community textures: within 24 hours of publishedAt only the author edits or deletes them and
 * a moderator may reject them (private again); past that, nobody changes them (ADR 0061). Pure.
 */
export class TextureAggregate extends CommunityItemAggregate<TextureState, TextureEvent> {
  private constructor(state: TextureState, isNew = false) {
    super('texture', state, isNew);
  }

  static create(input: {
    id: string;
    actor: CommunityActor;
    teamId?: string | null;
    projectId?: string | null;
    fields: TextureFields;
    /** What the uploads of `fields` are (the service checked each is the caller's own). */
    files?: CommunityFiles;
    now: Date;
  }): TextureAggregate {
    assertMayCreateCommunityItem(input.actor, input);
    const f = input.fields;
    const numbers: TextureNumbers = {
      offset: f.offset ?? { ...TEXTURE_DEFAULTS.offset },
      repeat: f.repeat ?? { ...TEXTURE_DEFAULTS.repeat },
      center: f.center ?? { ...TEXTURE_DEFAULTS.center },
      rotation: f.rotation ?? TEXTURE_DEFAULTS.rotation,
      width: f.width ?? TEXTURE_DEFAULTS.width,
      height: f.height ?? TEXTURE_DEFAULTS.height,
    };
    const name = cleanCommunityName('texture', f.name ?? '');
    const tags = cleanTags(f.tags ?? []);
    assertNumbers(numbers);
    const maps = Object.fromEntries(TEXTURE_MAP_SLOTS.map((slot) => [slot, f[slot] ?? null])) as TextureMaps;
    const texture = new TextureAggregate(
      {
        id: input.id,
        name,
        authorId: input.actor.userId,
        teamId: input.teamId ?? null,
        projectId: input.projectId ?? null,
        public: f.public ?? false,
        publishedAt: f.public ? input.now : null,
        tags,
        previewId: f.previewId ?? null,
        ...numbers,
        ...maps,
        files: {},
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    texture.state.files = keepFiles(textureMediaIds(texture.state), input.files ?? {});
    texture.record('created');
    return texture;
  }

  static restore(state: TextureState): TextureAggregate {
    return new TextureAggregate(cloneTexture(state));
  }

  /** The author edits (spec 001 §6); a public texture only within its 24 hours (403 after). Publishing sets publishedAt; withdrawing clears it. */
  update(fields: TextureFields, actor: CommunityActor, now: Date, files: CommunityFiles = {}): void {
    this.assertEditable(actor, now);
    const changes: Partial<TextureState> = {};
    if (fields.name !== undefined) changes.name = cleanCommunityName('texture', fields.name);
    if (fields.tags !== undefined) changes.tags = cleanTags(fields.tags);
    const numbers: Partial<TextureNumbers> = {};
    for (const key of ['offset', 'repeat', 'center', 'rotation', 'width', 'height'] as const) {
      if (fields[key] !== undefined) (numbers as Record<string, unknown>)[key] = fields[key];
    }
    assertNumbers(numbers);
    Object.assign(changes, numbers);
    for (const slot of TEXTURE_MAP_SLOTS) if (fields[slot] !== undefined) changes[slot] = fields[slot];
    if (fields.previewId !== undefined) changes.previewId = fields.previewId;
    this.applyUpdate(changes, fields.public, now, files);
  }

  protected clone(state: TextureState): TextureState {
    return cloneTexture(state);
  }

  protected mediaIds(state: TextureState): string[] {
    return textureMediaIds(state);
  }
}

function cloneTexture(state: TextureState): TextureState {
  return { ...state, files: { ...state.files }, tags: [...state.tags], offset: { ...state.offset }, repeat: { ...state.repeat }, center: { ...state.center } };
}
