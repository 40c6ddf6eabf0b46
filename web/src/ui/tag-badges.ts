/**
 * Tag badges on a card (spec 001 §9): badges are shown until about 10 characters in total; each tag is cut at 15
 * characters plus an ellipsis, the rest collapse into a '+N' count. Display only, for textures and scenes alike.
 */
import { TAG_BADGE_MAX_CHARS, TAG_BADGES_TOTAL_CHARS } from '@kiln/contracts/constants';

/** A tag as its badge writes it: at most 15 characters, then '…'. */
export function badgeText(tag: string): string {
  const chars = [...tag];
  return chars.length > TAG_BADGE_MAX_CHARS ? `${chars.slice(0, TAG_BADGE_MAX_CHARS).join('')}…` : tag;
}

/**
 * The badges of a tag list: tags are taken in order while the characters shown so far are under the budget (the first
 * always, however long), the others counted as `more` ('+N').
 */
export function tagBadges(tags: readonly string[]): { shown: string[]; more: number } {
  const shown: string[] = [];
  let used = 0;
  for (const tag of tags) {
    if (shown.length > 0 && used >= TAG_BADGES_TOTAL_CHARS) break;
    const text = badgeText(tag);
    shown.push(text);
    used += [...text].length;
  }
  return { shown, more: tags.length - shown.length };
}
