/** What the sphere preview and the editor share, outside the three.js chunk. */
import { TEXTURE_PREVIEW_SIZE, type TextureMapSlot } from '@kiln/contracts/constants';
import { SCENE_TEXTS } from '../scenes/scene-texts';

export { TEXTURE_MAP_SLOTS, type TextureMapSlot } from '@kiln/contracts/constants';

/** Each slot's label in the editor. */
export const TEXTURE_MAP_LABELS: Record<TextureMapSlot, string> = {
  diffuseMap: 'Diffuse',
  displacementMap: 'Displacement',
  normalMap: 'Normal',
  roughnessMap: 'Roughness',
  aoMap: 'Ambient occlusion',
  metallicMap: 'Metallic',
};

export type SphereMaps = Partial<Record<TextureMapSlot, string | null>>;

export interface SphereTransform {
  offset: { x: number; y: number };
  repeat: { x: number; y: number };
  center: { x: number; y: number };
  /** Radians. */
  rotation: number;
}

/** The preview image's side (spec 001 §9: 512x512). */
export const TEXTURE_PREVIEW_SIDE = TEXTURE_PREVIEW_SIZE.width;

export const TEXTURE_SPHERE_TEXTS = {
  noWebgl: 'This browser cannot show the 3D preview (WebGL is not available).',
  hint: 'Drag to turn the sphere; scroll to zoom.',
  unreadable: (n: number) => (n === 1 ? 'One map could not be read as an image.' : `${n} maps could not be read as images.`),
  loading: SCENE_TEXTS.previewLoading,
  chunkFailed: 'The 3D preview could not be loaded. Reload the page to try again.',
} as const;
