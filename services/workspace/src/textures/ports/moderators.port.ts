export const COMMUNITY_MODERATORS = Symbol('CommunityModerators');

/** Who moderates community textures and scenes: the people who moderate products (`KILN_MODERATORS`, services/kit; ADR 0061). */
export interface CommunityModerators {
  isModerator(userId: string): Promise<boolean>;
}
