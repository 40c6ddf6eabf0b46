import { useMemo } from 'react';
import { Canvas } from '@react-three/fiber';
import { MeshStandardMaterial } from 'three';
import type { AppearanceEntry } from '@kiln/contracts';
import type { MaterialClassId } from '@kiln/contracts/constants';
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

interface MaterialPreviewProps {
  materialClass: MaterialClassId | '';
  sizes: Sizes;
  appearance: readonly AppearanceEntry[];
}

/**
 * The live preview of the appearance step (a chunk of its own, with three.js): the material on a shape of its
 * class, each face direction with the colour, metalness, roughness and opacity its entry sets.
 */
export default function MaterialPreview({ materialClass, sizes, appearance }: MaterialPreviewProps) {
  const sizeKey = JSON.stringify(sizes);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const geometry = useMemo(() => shapeOf(materialClass, sizes), [materialClass, sizeKey]);
  const finishes = finishesByDirection(appearance);
  const finishKey = JSON.stringify(finishes);
  const materials = useMemo(
    () =>
      finishes.map(
        (f) =>
          new MeshStandardMaterial({
            color: f.hex,
            metalness: f.metallicity,
            roughness: f.roughness,
            opacity: f.opacity,
            transparent: f.opacity < 1,
            depthWrite: f.opacity >= 1,
          }),
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [finishKey],
  );
  if (!webglAvailable()) return <div className="preview-fallback" />;
  return (
    <Canvas camera={{ position: [2.6, 1.9, 3.4], fov: 42 }} dpr={[1, 2]} frameloop="demand">
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
