import { ASSET_ITEM_MESSAGES } from './asset-item.constants';

/**
 * Plain values shared by textures and scenes (environment maps), the two libraries whose items can be made
 * public (community items; spec 001 §1, §4, §5, §9; ADR 0061). No zod: exported from `@kiln/contracts/constants`.
 */

/** The moderation and edit window of a public texture or scene (spec 001 §9): 24 hours after publishedAt. */
export const COMMUNITY_WINDOW_HOURS = 24;
export const COMMUNITY_WINDOW_MS = COMMUNITY_WINDOW_HOURS * 60 * 60 * 1000;

/** Number inputs of the editors step by 0.01 (spec 001 §5). */
export const COMMUNITY_NUMBER_STEP = 0.01;

/** Tag badges (spec 001 §9): each tag cut at 15 characters plus an ellipsis, shown until about 10 characters in total, the rest as '+N'. */
export const TAG_BADGE_MAX_CHARS = 15;
export const TAG_BADGES_TOTAL_CHARS = 10;
/** The most tags an item keeps, and the longest tag (ours: the spec names none; ADR 0061). */
export const COMMUNITY_TAGS_MAX = 30;
export const TAG_MAX_LENGTH = 50;
/** The longest name and description we keep (ours; ADR 0061). */
export const COMMUNITY_NAME_MAX_LENGTH = 200;
export const COMMUNITY_DESCRIPTION_MAX_LENGTH = 5000;
/** The longest moderator's reason on a rejection (ours; ADR 0061). */
export const REJECTION_REASON_MAX_LENGTH = 500;

/** The image types a texture map and a scene preview accept (spec 001 §5): png, jpeg, jpg, webp. */
export const COMMUNITY_IMAGE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'webp'] as const;

/** Sort fields of the texture and scene lists (spec 001 §9 "name and dates"). */
export const COMMUNITY_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'publishedAt'] as const;
export type CommunitySortField = (typeof COMMUNITY_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** The service's own sentences about community items, shared by textures and scenes (the spec has none for these; ADR 0061). */
export const COMMUNITY_MESSAGES = {
  /** Spec 001 §5 (textures), and for scenes too. */
  duplicateTags: 'Duplicate tags are not allowed',
  tagEmpty: 'A tag cannot be empty.',
  tagTooLong: `A tag must be at most ${TAG_MAX_LENGTH} characters.`,
  tooManyTags: `An item keeps at most ${COMMUNITY_TAGS_MAX} tags.`,
  nameTooLong: `The name must be at most ${COMMUNITY_NAME_MAX_LENGTH} characters.`,
  descriptionTooLong: `The description must be at most ${COMMUNITY_DESCRIPTION_MAX_LENGTH} characters.`,
  /** 403: past the 24-hour window a public item belongs to the community (spec 001 §4). */
  windowClosed: 'This item was published more than 24 hours ago: it can no longer be edited or deleted.',
  onlyAuthor: 'Only the author of this item may edit or delete it.',
  /** 403: the caller is not one of the moderators. */
  notModerator: 'Only a moderator may reject a published item.',
  /** 409: a rejection outside the window, or of an item that is not public. */
  notRejectable: 'Only a public item within 24 hours of its publishing can be rejected.',
  noCreate: 'You may not add items to the assets of this team.',
  projectNeedsTeam: 'A project item needs its team.',
  /** A map, preview or environment image that is not one of the caller's own uploads of the right kind. */
  mediaNotYours: ASSET_ITEM_MESSAGES.mediaNotFound,
  wrongMediaKind: (label: string) => `This file was not uploaded as ${label}: upload it again here.`,
  /** The 'recently published' caution (spec 001 §4). */
  recentlyPublished: 'Recently published',
  notModerated: 'This item is not yet moderated.',
} as const;

/** What the author is told when a moderator rejects their item (a notification; ADR 0061). */
export const REJECTION_NOTIFICATION = {
  texture: (name: string) => `A moderator rejected your texture “${name}”: it is private again.`,
  'environment-map': (name: string) => `A moderator rejected your scene “${name}”: it is private again.`,
} as const;
