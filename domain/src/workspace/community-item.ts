import {
  COMMUNITY_MESSAGES,
  COMMUNITY_NAME_MAX_LENGTH,
  COMMUNITY_TAGS_MAX,
  COMMUNITY_WINDOW_MS,
  ENVIRONMENT_MAP_MESSAGES,
  REJECTION_NOTIFICATION,
  TAG_BADGE_MAX_CHARS,
  TAG_BADGES_TOTAL_CHARS,
  TAG_MAX_LENGTH,
  TEXTURE_MESSAGES,
} from '@kiln/contracts/constants';
import { DomainError } from '../shared/domain-error';
import { MODEL_NAME_MESSAGES } from './model-name';
import type { NotificationDraft } from './notifications';
import { teamAllows, TeamRole } from './policy';

/**
 * The rules textures and scenes share (spec 001 §1, §4, §5, §6, §9; ADR 0061): who reads and changes them,
 * the 24-hour window of a public item, names and tags. Pure: the clock comes in as `now`.
 */

/** Who acts: the caller, with their active role in the item's team (looked up by the service). */
export interface CommunityActor {
  userId: string;
  teamRole?: TeamRole | null;
  /** One of the moderators (the same people who moderate products; services/kit `readModerators`). */
  moderator?: boolean;
}

/** What the rules read of a texture or a scene. */
export interface CommunityItemFacts {
  authorId: string;
  teamId: string | null;
  public: boolean;
  publishedAt: Date | null;
}

export type CommunityKind = 'texture' | 'environment-map';

/** What an upload an item uses is (learnt by the service from the assets service when it was set). */
// A type alias (not an interface), so a record of them is plain JSON to the adapters' jsonb columns.
export type CommunityFile = {
  name: string;
  mimetype: string;
  size: number;
};
export type CommunityFiles = Record<string, CommunityFile>;

/** The files of the uploads an item uses now: those of `ids`, from what it had and what it was just given. */
export function keepFiles(ids: readonly string[], ...sources: CommunityFiles[]): CommunityFiles {
  const kept: CommunityFiles = {};
  for (const id of ids) {
    const file = sources.map((s) => s[id]).find((f) => f !== undefined);
    if (file) kept[id] = { ...file };
  }
  return kept;
}

const NOT_FOUND: Record<CommunityKind, string> = { texture: TEXTURE_MESSAGES.notFound, 'environment-map': ENVIRONMENT_MAP_MESSAGES.notFound };

/** When the window of a public item ends: 24 hours after publishedAt; null when it is not public. */
export function communityWindowEnd(item: Pick<CommunityItemFacts, 'public' | 'publishedAt'>): Date | null {
  return item.public && item.publishedAt ? new Date(item.publishedAt.getTime() + COMMUNITY_WINDOW_MS) : null;
}

/** 'Recently published' (spec 001 §4): public, and at most 24 hours since publishedAt. */
export function isRecentlyPublished(item: Pick<CommunityItemFacts, 'public' | 'publishedAt'>, now: Date): boolean {
  const end = communityWindowEnd(item);
  return end !== null && now.getTime() <= end.getTime();
}

/** Public and more than 24 hours since publishing: the editors' form is disabled and the service refuses changes (spec 001 §4). */
export function isCommunityLocked(item: Pick<CommunityItemFacts, 'public' | 'publishedAt'>, now: Date): boolean {
  const end = communityWindowEnd(item);
  return end !== null && now.getTime() > end.getTime();
}

/** Who reads an item: a public one, everyone; a personal one, its author; a team's (or project's), every active member. */
export function communityItemReadable(item: Pick<CommunityItemFacts, 'authorId' | 'teamId' | 'public'>, actor: CommunityActor): boolean {
  if (item.public) return true;
  if (!item.teamId) return item.authorId === actor.userId;
  return teamAllows(actor.teamRole ?? null, 'communityItem.read');
}

/** Whether the caller may edit or delete it now (the web app's controls): its author, while they read it, and not past the window. */
export function communityItemEditable(item: CommunityItemFacts, actor: CommunityActor, now: Date): boolean {
  return communityItemReadable(item, actor) && item.authorId === actor.userId && !isCommunityLocked(item, now);
}

/** 404 for whoever may not read it; 403 for a reader who is not its author, and for everyone past the 24-hour window. */
export function assertCommunityItemEditable(kind: CommunityKind, item: CommunityItemFacts, actor: CommunityActor, now: Date): void {
  if (!communityItemReadable(item, actor)) throw new DomainError('not-found', NOT_FOUND[kind]);
  if (item.authorId !== actor.userId) throw new DomainError('forbidden', COMMUNITY_MESSAGES.onlyAuthor);
  if (isCommunityLocked(item, now)) throw new DomainError('forbidden', COMMUNITY_MESSAGES.windowClosed);
}

/** Whether a moderator may reject it now: public and within its 24 hours. */
export function communityItemRejectable(item: CommunityItemFacts, actor: CommunityActor, now: Date): boolean {
  return actor.moderator === true && isRecentlyPublished(item, now);
}

/** 403 for whoever is not a moderator; 409 outside the window or for an item that is not public. */
export function assertCommunityItemRejectable(kind: CommunityKind, item: CommunityItemFacts, actor: CommunityActor, now: Date): void {
  if (!actor.moderator) {
    if (!communityItemReadable(item, actor)) throw new DomainError('not-found', NOT_FOUND[kind]);
    throw new DomainError('forbidden', COMMUNITY_MESSAGES.notModerator);
  }
  if (!isRecentlyPublished(item, now)) {
    if (!item.public) throw new DomainError('not-found', NOT_FOUND[kind]);
    throw new DomainError('conflict', COMMUNITY_MESSAGES.notRejectable);
  }
}

/** Whether the caller may create in a scope: personal, anyone; a team's or project's, owners and editors. */
export function assertMayCreateCommunityItem(actor: CommunityActor, scope: { teamId?: string | null; projectId?: string | null }): void {
  if (scope.projectId && !scope.teamId) throw invalid('teamId', COMMUNITY_MESSAGES.projectNeedsTeam);
  if (scope.teamId && !teamAllows(actor.teamRole ?? null, 'communityItem.create')) throw new DomainError('forbidden', COMMUNITY_MESSAGES.noCreate);
}

export function invalid(path: string, message: string): DomainError {
  return new DomainError('invalid', message, [{ path, message }]);
}

/** The spec's name rules (spec 001 §5), by kind: required, and at least 3 characters once trimmed. */
const NAME_MESSAGES: Record<CommunityKind, { required: string; tooShort: string }> = {
  texture: { required: TEXTURE_MESSAGES.nameRequired, tooShort: TEXTURE_MESSAGES.nameTooShort },
  // The spec's sentence for scenes is the models' (spec 000 §5, spec 001 §5), written once in model-name.ts.
  'environment-map': { required: ENVIRONMENT_MAP_MESSAGES.nameRequired, tooShort: MODEL_NAME_MESSAGES.tooShort },
};
export const COMMUNITY_NAME_MIN_LENGTH = 3;

/** The problem of a typed name, or null: 'Texture name is required' / 'Scene name is required'; under 3 characters, the kind's sentence. */
export function communityNameProblem(kind: CommunityKind, typed: string): string | null {
  const name = typed.trim();
  if (!name) return NAME_MESSAGES[kind].required;
  if (name.length < COMMUNITY_NAME_MIN_LENGTH) return NAME_MESSAGES[kind].tooShort;
  if (name.length > COMMUNITY_NAME_MAX_LENGTH) return COMMUNITY_MESSAGES.nameTooLong;
  return null;
}

/** The name as kept: trimmed; 400 with the spec's sentence otherwise. */
export function cleanCommunityName(kind: CommunityKind, typed: string): string {
  const problem = communityNameProblem(kind, typed);
  if (problem) throw invalid('name', problem);
  return typed.trim();
}

/** The problem of a list of tags, or null: empty, too long, too many, or a case-insensitive duplicate ('Duplicate tags are not allowed'). */
export function tagsProblem(tags: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag) return COMMUNITY_MESSAGES.tagEmpty;
    if (tag.length > TAG_MAX_LENGTH) return COMMUNITY_MESSAGES.tagTooLong;
    const key = tag.toLocaleLowerCase();
    if (seen.has(key)) return COMMUNITY_MESSAGES.duplicateTags;
    seen.add(key);
  }
  if (tags.length > COMMUNITY_TAGS_MAX) return COMMUNITY_MESSAGES.tooManyTags;
  return null;
}

/** Whether a new tag may join the list (the editor's tag input): not empty and no case-insensitive duplicate. */
export function tagAddProblem(tags: readonly string[], typed: string): string | null {
  return tagsProblem([...tags, typed]);
}

/** The tags as kept: trimmed; 400 with the sentence otherwise. */
export function cleanTags(tags: readonly string[]): string[] {
  const problem = tagsProblem(tags);
  if (problem) throw invalid('tags', problem);
  return tags.map((t) => t.trim());
}

/**
 * The badges of a card (spec 001 §9): each tag cut at 15 characters plus an ellipsis; tags are shown while
 * fewer than about 10 characters are shown in total (at least one), the rest collapse into '+N'.
 */
export function tagBadges(tags: readonly string[]): { shown: string[]; more: string | null } {
  const shown: string[] = [];
  let total = 0;
  for (const tag of tags) {
    if (shown.length > 0 && total >= TAG_BADGES_TOTAL_CHARS) break;
    const label = tag.length > TAG_BADGE_MAX_CHARS ? `${tag.slice(0, TAG_BADGE_MAX_CHARS)}…` : tag;
    shown.push(label);
    total += Math.min(tag.length, TAG_BADGE_MAX_CHARS);
  }
  const rest = tags.length - shown.length;
  return { shown, more: rest > 0 ? `+${rest}` : null };
}

/** The editor of an item in its scope (spec 001 §2): `/assets/texture/edit/{id}`, `/assets/scene/edit/{id}`, under `/{teamId}[/{projectId}]`. */
export function communityItemEditPath(kind: CommunityKind, item: { id: string; teamId: string | null; projectId: string | null }): string {
  const scope = item.teamId ? `/${item.teamId}${item.projectId ? `/${item.projectId}` : ''}` : '';
  return `${scope}/assets/${kind === 'texture' ? 'texture' : 'scene'}/edit/${item.id}`;
}

/** A moderator rejected an item (ADR 0061): its author is told, with the moderator's reason when given. */
export function notificationForRejection(input: {
  kind: CommunityKind;
  item: { id: string; name: string; authorId: string; teamId: string | null; projectId: string | null };
  reason: string | null;
}): NotificationDraft {
  const sentence = REJECTION_NOTIFICATION[input.kind](input.item.name);
  return {
    recipientUserId: input.item.authorId,
    type: input.kind === 'texture' ? 'texture.rejected' : 'environment-map.rejected',
    message: input.reason ? `${sentence} Reason: ${input.reason}` : sentence,
    data: { link: communityItemEditPath(input.kind, input.item), ...(input.item.teamId ? { teamId: input.item.teamId } : {}) },
  };
}
