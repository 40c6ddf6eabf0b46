import {
  ASSET_ITEM_MESSAGES,
  ASSET_ITEM_NAME_MAX_LENGTH,
  AssetItemKind,
  assetContentType,
  COMMON_MESSAGES,
  UPLOAD_KIND_RULES,
} from '@kiln/contracts/constants';
import type { MediaPreview } from '@kiln/contracts';
import { DomainError } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { TeamAction, teamAllows, TeamRole } from './policy';

/** Who acts on an item: the caller, with their active role in the item's team (looked up by the service). */
export interface AssetItemActor {
  userId: string;
  teamRole?: TeamRole | null;
}

export interface AssetItemState {
  id: string;
  kind: AssetItemKind;
  name: string;
  mediaId: string;
  media: { name: string; mimetype: string; size: number };
  authorId: string;
  teamId: string | null;
  projectId: string | null;
  /** What the assets service derived from the media (ADR 0053), as it last said. */
  preview: MediaPreview;
  createdAt: Date;
  updatedAt: Date;
  /** Optimistic concurrency: bumped by every change. */
  version: number;
}

export type AssetItemEvent =
  | DomainEvent<'workspace.asset-item.created.v1', { item: AssetItemState }>
  | DomainEvent<'workspace.asset-item.renamed.v1', { item: AssetItemState; previousName: string }>
  | DomainEvent<'workspace.asset-item.preview-changed.v1', { item: AssetItemState }>
  | DomainEvent<'workspace.asset-item.deleted.v1', { item: AssetItemState }>;

/** What the service learnt of the media from the assets service (which answers only its uploader's own). */
export interface AssetItemMediaFacts {
  id: string;
  /** The repo it was uploaded for (`image`, `vector`, `object3d`, ...). */
  type: string;
  name: string;
  mimetype: string;
  size: number;
  preview: MediaPreview;
}

/**
 * An item's name split at its last dot: "chair.v2.stl" is "chair.v2" and ".stl". A leading dot alone
 * (".env") is no extension.
 */
export function assetNameParts(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? { base: name.slice(0, dot), extension: name.slice(dot) } : { base: name, extension: '' };
}

/** The rename dialog's field (spec 001 §5): the name without extension is required ('This field is required'). */
export function assetItemNameProblems(typed: string): string[] {
  return typed.trim().length === 0 ? [COMMON_MESSAGES.required] : [];
}

/**
 * The name after a rename (spec 001 §5): the typed name without extension, trimmed, and the item's own
 * extension kept. A typed name that already ends in that extension does not get it twice.
 */
export function renamedAssetItem(currentName: string, typed: string): string {
  const { extension } = assetNameParts(currentName);
  let base = typed.trim();
  if (extension && base.toLowerCase().endsWith(extension.toLowerCase())) base = base.slice(0, -extension.length).trim();
  return `${base}${extension}`;
}

/** A plain object with its keys in order, so two previews compare by their values. */
function sortedKeys(value: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}

function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid', message, [{ path, message }]);
}

/**
 * An image, vector graphic or 3D object (spec 001 §2, §3) in a personal, team or project scope: one
 * uploaded media, named after its file. Personal: only its author sees and changes it. Team or project:
 * every member reads, owners and editors add, rename and delete (spec 001 §6; the policy table); anyone
 * else is told it does not exist (ADR 0052). Pure: ids and clocks come in as parameters.
 */
export class AssetItemAggregate {
  private events: AssetItemEvent[] = [];
  private deleted = false;
  readonly loadedVersion: number;

  private constructor(
    private state: AssetItemState,
    isNew = false,
  ) {
    this.loadedVersion = isNew ? 0 : state.version;
  }

  /**
   * Whether the caller may add an item to a scope: the personal scope is theirs; a team's or project's
   * needs the team's `assetItem.create` (403 otherwise, the sentence of the team's refusals).
   */
  static assertMayCreate(actor: AssetItemActor, scope: { teamId?: string | null; projectId?: string | null }): void {
    if (scope.projectId && !scope.teamId) throw invalid('teamId', ASSET_ITEM_MESSAGES.projectNeedsTeam);
    if (scope.teamId && !teamAllows(actor.teamRole ?? null, 'assetItem.create')) throw new DomainError('forbidden', ASSET_ITEM_MESSAGES.noChange);
  }

  static create(input: {
    id: string;
    kind: AssetItemKind;
    media: AssetItemMediaFacts;
    actor: AssetItemActor;
    teamId?: string | null;
    projectId?: string | null;
    now: Date;
  }): AssetItemAggregate {
    AssetItemAggregate.assertMayCreate(input.actor, input);
    // The library takes the uploads of its own kind only (ADR 0050 checked the bytes when they came in).
    if (input.media.type !== input.kind) throw invalid('mediaId', ASSET_ITEM_MESSAGES.wrongKind(UPLOAD_KIND_RULES[input.kind].label));
    const name = input.media.name.trim() || input.media.name;
    const item = new AssetItemAggregate(
      {
        id: input.id,
        kind: input.kind,
        name: name.slice(0, ASSET_ITEM_NAME_MAX_LENGTH),
        mediaId: input.media.id,
        // The type by the extension the bytes were checked against, not the one the browser sent.
        media: { name: input.media.name, mimetype: assetContentType(input.media.name), size: input.media.size },
        authorId: input.actor.userId,
        teamId: input.teamId ?? null,
        projectId: input.projectId ?? null,
        preview: input.media.preview,
        createdAt: input.now,
        updatedAt: input.now,
        version: 1,
      },
      true,
    );
    item.record('workspace.asset-item.created.v1', { item: item.snapshot() });
    return item;
  }

  static restore(state: AssetItemState): AssetItemAggregate {
    return new AssetItemAggregate({ ...state });
  }

  /** Whether the caller may do `action` to this item: its author in the personal scope, the team's policy otherwise. */
  allows(actor: AssetItemActor, action: TeamAction): boolean {
    if (!this.state.teamId) return actor.userId === this.state.authorId;
    return teamAllows(actor.teamRole ?? null, action);
  }

  /** 404 for whoever may not even read it (a stranger must not learn it exists); 403 for a reader who may not `action`. */
  assertAllowed(actor: AssetItemActor, action: TeamAction): void {
    if (!this.allows(actor, 'assetItem.read')) throw new DomainError('not-found', ASSET_ITEM_MESSAGES.notFound[this.state.kind]);
    if (!this.allows(actor, action)) throw new DomainError('forbidden', ASSET_ITEM_MESSAGES.noChange);
  }

  /** `typed` is the name without extension (spec 001 §5): required, trimmed; the extension is kept. */
  rename(typed: string, actor: AssetItemActor, now: Date): void {
    this.assertAllowed(actor, 'assetItem.change');
    const problems = assetItemNameProblems(typed);
    if (problems.length) throw invalid('name', problems[0]);
    const next = renamedAssetItem(this.state.name, typed);
    // "chair.stl" renamed to ".stl": nothing is left before the extension.
    if (!next.slice(0, next.length - assetNameParts(this.state.name).extension.length).trim()) throw invalid('name', COMMON_MESSAGES.required);
    if (next.length > ASSET_ITEM_NAME_MAX_LENGTH) throw invalid('name', ASSET_ITEM_MESSAGES.nameTooLong);
    if (next === this.state.name) return;
    const previousName = this.state.name;
    this.touch({ name: next }, now);
    this.record('workspace.asset-item.renamed.v1', { item: this.snapshot(), previousName });
  }

  /**
   * The media's processing said something new (ADR 0052, 0053): the item shows it. A `pending` never
   * replaces a result (a late or repeated answer), and the same preview changes nothing.
   */
  followPreview(preview: MediaPreview): void {
    if (preview.status === 'pending' && this.state.preview.status !== 'pending') return;
    if (JSON.stringify(sortedKeys(preview)) === JSON.stringify(sortedKeys(this.state.preview))) return;
    // Not a change of the item by anyone: its updatedAt (the lists' "last updated" and their order) stays.
    this.state = { ...this.state, preview: { ...preview }, version: this.state.version + 1 };
    this.record('workspace.asset-item.preview-changed.v1', { item: this.snapshot() });
  }

  delete(actor: AssetItemActor, now: Date): void {
    this.assertAllowed(actor, 'assetItem.delete');
    this.deleted = true;
    this.touch({}, now);
    this.record('workspace.asset-item.deleted.v1', { item: this.snapshot() });
  }

  get isDeleted(): boolean {
    return this.deleted;
  }

  snapshot(): AssetItemState {
    return { ...this.state, media: { ...this.state.media }, preview: { ...this.state.preview } };
  }

  pullEvents(): AssetItemEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private touch(changes: Partial<AssetItemState>, now: Date): void {
    this.state = { ...this.state, ...changes, updatedAt: now, version: this.state.version + 1 };
  }

  private record<E extends AssetItemEvent>(type: E['type'], data: E['data']): void {
    this.events.push({ type, aggregateType: 'asset-item', aggregateId: this.state.id, data } as AssetItemEvent);
  }
}
