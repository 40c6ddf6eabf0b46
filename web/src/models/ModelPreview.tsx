import { useRef } from 'react';
import { Canvas, useFrame } from '@react-three/fiber';
import type { Mesh } from 'three';

function SpinningShape() {
  const mesh = useRef<Mesh>(null);
  useFrame((_state, delta) => {
    if (!mesh.current) return;
    mesh.current.rotation.y += delta * 0.5;
    mesh.current.rotation.x += delta * 0.2;
  });
  return (
    <mesh ref={mesh}>
      <torusKnotGeometry args={[0.9, 0.3, 128, 16]} />
      <meshStandardMaterial color="#e0663a" roughness={0.35} metalness={0.15} />
    </mesh>
  );
}

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** A slowly rotating shape for the New Model dialog. */
export default function ModelPreview() {
  if (!webglAvailable()) return <div className="preview-fallback" />;
  return (
    <Canvas camera={{ position: [0, 0, 4], fov: 45 }} dpr={[1, 2]}>
      <ambientLight intensity={0.6} />
      <directionalLight position={[3, 4, 5]} intensity={1.4} />
      <SpinningShape />
    </Canvas>
  );
}
