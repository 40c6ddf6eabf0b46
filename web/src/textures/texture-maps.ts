import { NoColorSpace, RepeatWrapping, SRGBColorSpace, type MeshStandardMaterial, type Texture as ThreeTexture } from 'three';
import type { TextureMapSlot } from '@kiln/contracts/constants';

/**
 * A texture's maps on a three.js material (ADR 0062, 0064), for every 3D view that wears a texture (the texture
 * sphere, the material preview). Three.js only: imported by the 3D chunks.
 */

/** Which MeshStandardMaterial property each of the six map slots sets (spec 001 §3). */
export const TEXTURE_SLOT_PROPERTY: Record<TextureMapSlot, 'map' | 'displacementMap' | 'normalMap' | 'roughnessMap' | 'aoMap' | 'metalnessMap'> = {
  diffuseMap: 'map',
  displacementMap: 'displacementMap',
  normalMap: 'normalMap',
  roughnessMap: 'roughnessMap',
  aoMap: 'aoMap',
  metallicMap: 'metalnessMap',
};

/** How a texture lies on its surface (spec 001 §3): offset, repeat, center, rotation in radians. */
export interface TextureTransform {
  offset: { x: number; y: number };
  repeat: { x: number; y: number };
  center: { x: number; y: number };
  rotation: number;
}

/**
 * Sets the texture's offset, repeat, center and rotation, repeating past the edges. Only a change of wrapping needs
 * the image sent to the GPU again; the rest is a uniform, so typing in the number fields re-uploads nothing.
 */
export function applyTextureTransform(texture: ThreeTexture, transform: TextureTransform): void {
  if (texture.wrapS !== RepeatWrapping || texture.wrapT !== RepeatWrapping) {
    texture.wrapS = texture.wrapT = RepeatWrapping;
    texture.needsUpdate = true;
  }
  texture.offset.set(transform.offset.x, transform.offset.y);
  texture.repeat.set(transform.repeat.x, transform.repeat.y);
  texture.center.set(transform.center.x, transform.center.y);
  texture.rotation = transform.rotation;
}

/** The colour space a slot's image is in: colours for the diffuse map, plain data for the others. */
export function colorSpaceOf(slot: TextureMapSlot): typeof SRGBColorSpace | typeof NoColorSpace {
  return slot === 'diffuseMap' ? SRGBColorSpace : NoColorSpace;
}

/** Puts a slot's map (or none) on the material, with the values that make it show (a metalness map needs metalness 1). */
export function setTextureMap(material: MeshStandardMaterial, slot: TextureMapSlot, texture: ThreeTexture | null): void {
  material[TEXTURE_SLOT_PROPERTY[slot]] = texture;
  if (slot === 'metallicMap') material.metalness = texture ? 1 : 0;
  if (slot === 'roughnessMap' && texture) material.roughness = 1;
  material.needsUpdate = true;
}
