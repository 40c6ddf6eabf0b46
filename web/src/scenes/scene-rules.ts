import { COMMUNITY_MESSAGES } from '@kiln/contracts/constants';
import { isCommunityLocked, isRecentlyPublished } from '@kiln/domain';
import type { EnvironmentMap } from './scene-api';

/**
 * What the caller may do with a scene now (spec 001 §4, §6): the domain's 24-hour window (ADR 0061) read with the
 * browser's clock, and the author rule as the service answered it (`mayEdit`), with the service's sentence why not.
 */
export function sceneRules(item: Pick<EnvironmentMap, 'public' | 'publishedAt' | 'mayEdit'>, now = new Date()) {
  const facts = { public: item.public, publishedAt: item.publishedAt ? new Date(item.publishedAt) : null };
  const locked = isCommunityLocked(facts, now);
  const canEdit = item.mayEdit && !locked;
  return {
    recentlyPublished: isRecentlyPublished(facts, now),
    locked,
    canEdit,
    canDelete: canEdit,
    reason: canEdit ? undefined : locked ? COMMUNITY_MESSAGES.windowClosed : COMMUNITY_MESSAGES.onlyAuthor,
  };
}
