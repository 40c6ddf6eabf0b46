import { useEffect, useMemo, useRef, useState } from 'react';
import { Canvas } from '@react-three/fiber';
import { MeshStandardMaterial, TextureLoader, type Texture as ThreeTexture } from 'three';
import type { AppearanceEntry, Texture } from '@kiln/contracts';
import { TEXTURE_MAP_SLOTS, type MaterialClassId, type TextureMapSlot } from '@kiln/contracts/constants';
import { mediaFileUrl } from '../../textures/textures-api';
import { applyTextureTransform, colorSpaceOf, setTextureMap } from '../../textures/texture-maps';
import type { EntryTexture } from './entry-textures';
import { finishesByDirection } from './face-directions';
import { shapeOf, type Sizes } from './material-shapes';

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * The maps the preview wears. A box's faces have no inner vertices, so a displacement map would move whole faces:
 * it is left out here (the texture's sphere shows it; ADR 0064).
 */
const PREVIEW_SLOTS = TEXTURE_MAP_SLOTS.filter((slot) => slot !== 'displacementMap');

/** One map of one version of a texture (a changed texture is read again). */
const mapKey = (texture: Texture, slot: TextureMapSlot) => `${texture.id}@${texture.version}:${slot}:${texture[slot]}`;

/**
 * The images of the textures' maps as three.js textures, each read once from `GET /api/media/{id}/file`, laid out by
 * its texture's offset, repeat, center and rotation. A map that cannot be read is left out.
 */
function useTextureMaps(textures: readonly Texture[]): ReadonlyMap<string, ThreeTexture> {
  const [loaded, setLoaded] = useState<ReadonlyMap<string, ThreeTexture>>(new Map());
  const asked = useRef(new Set<string>());
  const all = useRef(new Map<string, ThreeTexture>());
  const wanted = textures.flatMap((texture) => PREVIEW_SLOTS.flatMap((slot) => (texture[slot] ? [{ key: mapKey(texture, slot), texture, slot }] : [])));
  const wantedKey = wanted.map((w) => w.key).join('|');
  useEffect(() => {
    const loader = new TextureLoader();
    for (const { key, texture, slot } of wanted) {
      if (asked.current.has(key)) continue;
      asked.current.add(key);
      loader.load(
        mediaFileUrl(texture[slot]!),
        (image) => {
          image.colorSpace = colorSpaceOf(slot);
          applyTextureTransform(image, texture);
          all.current.set(key, image);
          setLoaded(new Map(all.current));
        },
        undefined,
        () => undefined,
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wantedKey]);
  useEffect(() => () => all.current.forEach((t) => t.dispose()), []);
  return loaded;
}

interface MaterialPreviewProps {
  materialClass: MaterialClassId | '';
  sizes: Sizes;
  appearance: readonly AppearanceEntry[];
  /** The textures the entries name, as read (useEntryTextures). */
  textures: ReadonlyMap<string, EntryTexture>;
}

/**
 * The live preview of the appearance step (a chunk of its own, with three.js): the material on a shape of its
 * class, each face direction with the colour, metalness, roughness and opacity its entry sets, or the maps of its
 * entry's texture (ADR 0064).
 */
export default function MaterialPreview({ materialClass, sizes, appearance, textures }: MaterialPreviewProps) {
  const sizeKey = JSON.stringify(sizes);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const geometry = useMemo(() => shapeOf(materialClass, sizes), [materialClass, sizeKey]);
  const ready = [...textures.values()].flatMap((t) => (t.state === 'ready' ? [t.texture] : []));
  const byId = new Map(ready.map((t) => [t.id, t]));
  const maps = useTextureMaps(ready);
  const finishes = finishesByDirection(appearance, (id) => byId.has(id));
  const finishKey = JSON.stringify(finishes);
  const mapsKey = [...maps.keys()].join('|');
  const materials = useMemo(
    () => {
      // One material per texture, shared by the faces it paints.
      const textured = new Map<string, MeshStandardMaterial>();
      return finishes.map((f) => {
        if ('textureId' in f) {
          const texture = byId.get(f.textureId)!;
          let material = textured.get(texture.id);
          if (!material) {
            material = new MeshStandardMaterial({ color: '#ffffff', roughness: 0.6, metalness: 0 });
            for (const slot of PREVIEW_SLOTS) {
              const map = texture[slot] ? maps.get(mapKey(texture, slot)) : undefined;
              if (map) setTextureMap(material, slot, map);
            }
            textured.set(texture.id, material);
          }
          return material;
        }
        return new MeshStandardMaterial({
          color: f.hex,
          metalness: f.metallicity,
          roughness: f.roughness,
          opacity: f.opacity,
          transparent: f.opacity < 1,
          depthWrite: f.opacity >= 1,
        });
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [finishKey, mapsKey],
  );
  useEffect(() => () => materials.forEach((m) => m.dispose()), [materials]);
  if (!webglAvailable()) return <div className="preview-fallback" />;
  return (
    // The drawing is kept so that what is shown can be read back (a browser test looks at its pixels).
    <Canvas camera={{ position: [2.6, 1.9, 3.4], fov: 42 }} dpr={[1, 2]} frameloop="demand" gl={{ preserveDrawingBuffer: true }}>
      <ambientLight intensity={0.55} />
      <directionalLight position={[3, 5, 4]} intensity={1.5} />
      <directionalLight position={[-4, -2, -3]} intensity={0.4} />
      {/* The material's frame has Z up (Top face Z+); three.js has Y up. */}
      <group rotation={[-Math.PI / 2, 0, -Math.PI / 8]}>
        <mesh geometry={geometry} material={materials} />
      </group>
    </Canvas>
  );
}
