import type { AppearanceScope } from '@kiln/domain';

export const MATERIAL_TEXTURES = Symbol('MaterialTextures');

/** What a material's check needs of a texture: whether it is public, and its scope. */
export interface TextureReach extends AppearanceScope {
  public: boolean;
}

/** The textures a material names, as the workspace answers them for the caller (ADR 0064). */
export interface MaterialTextures {
  /** The texture as the caller sees it, or null when it is gone or the caller may not see it. */
  seenBy(actorId: string, textureId: string): Promise<TextureReach | null>;
}
