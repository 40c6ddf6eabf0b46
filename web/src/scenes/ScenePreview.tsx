import { useEffect, useMemo, useState } from 'react';
import { Canvas, useThree } from '@react-three/fiber';
import { BoxGeometry, MeshStandardMaterial, PlaneGeometry, SphereGeometry, type BufferGeometry } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { environmentFrom } from '../viewer/environment';
import type { PreviewGeometry } from '@kiln/contracts/constants';
import { SCENE_TEXTS } from './scene-texts';

/** Where the preview's environment comes from: the bytes of a file just chosen, or nothing yet. */
export interface ScenePreviewProps {
  /** The EXR's bytes (a file just chosen, or the saved scene's, fetched by the editor). */
  exr: ArrayBuffer | null;
  geometry: PreviewGeometry;
  /** What the canvas shows, for its label. */
  name: string;
}

export type PreviewState = 'empty' | 'ready' | 'unreadable';

function geometryOf(kind: PreviewGeometry): BufferGeometry {
  if (kind === 'box') return new BoxGeometry(1.3, 1.3, 1.3);
  if (kind === 'plane') return new PlaneGeometry(2, 2);
  return new SphereGeometry(0.9, 64, 32);
}

/** The environment as background and light of the canvas's scene; the viewer's neutral light while there is none. */
function Lighting({ exr, lit, onState }: { exr: ArrayBuffer | null; lit: boolean; onState: (state: PreviewState) => void }) {
  const get = useThree((state) => state.get);
  useEffect(() => {
    const { gl, scene, invalidate } = get();
    if (!exr) {
      onState('empty');
      return;
    }
    try {
      const environment = environmentFrom(exr, gl);
      const background = scene.background;
      scene.environment = environment.lighting;
      scene.background = environment.equirect;
      onState('ready');
      invalidate();
      return () => {
        scene.environment = null;
        scene.background = background;
        environment.dispose();
        invalidate();
      };
    } catch {
      onState('unreadable');
    }
    // onState is a state setter (stable)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [exr, get]);
  return lit ? null : <hemisphereLight args={[0xffffff, 0x8d8d8d, 2]} />;
}

function Stage({ geometry }: { geometry: PreviewGeometry }) {
  const get = useThree((state) => state.get);
  const shape = useMemo(() => geometryOf(geometry), [geometry]);
  // Half mirror, half satin: the environment is seen in it and lights it.
  const material = useMemo(() => new MeshStandardMaterial({ color: 0xffffff, metalness: 0.85, roughness: 0.2 }), []);
  useEffect(() => () => shape.dispose(), [shape]);
  useEffect(() => () => material.dispose(), [material]);
  useEffect(() => {
    const state = get();
    const orbit = new OrbitControls(state.camera, state.gl.domElement);
    orbit.enablePan = false;
    orbit.addEventListener('change', () => get().invalidate());
    return () => orbit.dispose();
  }, [get]);
  useEffect(() => get().invalidate(), [get, shape]);
  return <mesh geometry={shape} material={material} rotation={geometry === 'plane' ? [-0.35, 0, 0] : [0.3, 0.6, 0]} />;
}

/**
 * The scene editor's 3D preview (spec 001 §5: sphere, box or plane, lit by the environment; ADR 0063): the EXR read by
 * three's EXRLoader, prefiltered by PMREMGenerator, as the scene's environment and background. Drag to turn around it.
 * A chunk of its own with three.js (LazyScenePreview).
 */
export function ScenePreview({ exr, geometry, name }: ScenePreviewProps) {
  const [state, setState] = useState<PreviewState>('empty');
  return (
    <div className="scene-preview" data-testid="scene-preview" data-state={state}>
      <div className="scene-preview-canvas">
        <Canvas
          gl={{ preserveDrawingBuffer: true, antialias: true }}
          camera={{ fov: 45, position: [0, 0.4, 3.2] }}
          dpr={[1, 2]}
          frameloop="demand"
          role="img"
          aria-label={SCENE_TEXTS.previewLabel(name, geometry)}
        >
          <color attach="background" args={[0xe5e7eb]} />
          <Lighting exr={exr} lit={state === 'ready'} onState={setState} />
          <Stage geometry={geometry} />
        </Canvas>
      </div>
      <p className="scene-preview-note muted" role="status">
        {state === 'unreadable' ? SCENE_TEXTS.previewUnreadable : state === 'empty' ? SCENE_TEXTS.previewEmpty : ''}
      </p>
    </div>
  );
}

export default ScenePreview;
