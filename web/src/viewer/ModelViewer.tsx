import { useEffect, useMemo, useRef, useState } from 'react';
import { Canvas, useThree, type RootState } from '@react-three/fiber';
import { Box3, GridHelper, Material, Mesh, Object3D, PerspectiveCamera, Sphere, Spherical, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { describeSize, fitDistance, gridFor, sizeLabel, type Size3 } from './viewer-math';
import { VIEWER_TEXTS } from './viewer-texts';
import './viewer.css';

export interface ModelViewerProps {
  /** The address of a glb (`view.glb` of a 3D object or of a model's geometry), fetched with the session cookie. */
  src: string;
  /** What the model is called: the canvas is labelled with it. */
  title?: string;
  /** Fill the whole window (the embed page) rather than the box it is in. */
  fullWindow?: boolean;
  /** An answer's sentence that means "not made yet" (a model's view.glb, ADR 0054): asked again while it comes. */
  retryWhile?: string;
  /** A scene (environment map, ADR 0063) to light the model with: the address of its EXR and its name; none: the viewer's own lights. */
  environment?: { url: string; name: string } | null;
}

/** Where the lighting by a scene is: none asked, being fetched and read, on, or failed (with a sentence). */
export type EnvironmentState = { state: 'none' } | { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; scene: Object3D; size: Size3 };

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** The answer's own sentence when it has one (the BFF's `{message}`), else ours for its status. */
async function refusalOf(response: Response): Promise<string> {
  if (response.status === 404 || response.status === 403) {
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string' && body.message.endsWith('.')) return body.message;
    } catch {
      // not JSON
    }
    return VIEWER_TEXTS.notFound;
  }
  return VIEWER_TEXTS.failed;
}

/** Fetches and parses the glb; the scene comes back centred on the ground (its lowest point at y = 0). */
async function loadGlb(src: string, signal: AbortSignal): Promise<Loaded> {
  let response: Response;
  try {
    response = await fetch(src, { credentials: 'include', signal });
  } catch {
    return { state: 'failed', message: VIEWER_TEXTS.offline };
  }
  if (!response.ok) return { state: 'failed', message: await refusalOf(response) };
  try {
    const bytes = await response.arrayBuffer();
    const gltf = await new GLTFLoader().parseAsync(bytes, '');
    const scene = gltf.scene;
    const box = new Box3().setFromObject(scene);
    if (box.isEmpty()) throw new Error('no geometry');
    const size = box.getSize(new Vector3());
    const center = box.getCenter(new Vector3());
    scene.position.sub(new Vector3(center.x, box.min.y, center.z));
    return { state: 'ready', scene, size: { x: size.x, y: size.y, z: size.z } };
  } catch {
    return { state: 'failed', message: VIEWER_TEXTS.unreadable };
  }
}

/** A file still being made (`retryWhile`, ADR 0054) is asked for again this often, this many times, its sentence shown meanwhile. */
const NOT_READY_RETRY_MS = 2000;
const NOT_READY_TRIES = 45;

/** The glb at `src`, loading until its answer for that address is in. */
function useGlb(src: string, retryWhile?: string): Loaded {
  const [loaded, setLoaded] = useState<{ src: string; result: Loaded } | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (tries: number) =>
      void loadGlb(src, abort.signal).then((result) => {
        if (abort.signal.aborted) return;
        setLoaded({ src, result });
        // Just chosen or uploaded: the assets service is still deriving the viewer's file.
        if (result.state === 'failed' && retryWhile && result.message === retryWhile && tries < NOT_READY_TRIES) {
          timer = setTimeout(() => attempt(tries + 1), NOT_READY_RETRY_MS);
        }
      });
    attempt(1);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [src, retryWhile]);
  return loaded && loaded.src === src ? loaded.result : { state: 'loading' };
}

/** Every material of the scene drawn as wires or solid. */
function setWireframe(scene: Object3D, on: boolean): void {
  scene.traverse((node) => {
    const mesh = node as Mesh;
    if (!mesh.isMesh) return;
    const materials: Material[] = Array.isArray(mesh.material) ? mesh.material : [mesh.material];
    for (const material of materials) {
      if ('wireframe' in material) (material as Material & { wireframe: boolean }).wireframe = on;
      material.needsUpdate = true;
    }
  });
}

/** Frees what the GPU holds for a scene (its geometries and materials) once it is no longer shown. */
function disposeScene(scene: Object3D): void {
  scene.traverse((node) => {
    const mesh = node as Mesh;
    if (!mesh.isMesh) return;
    mesh.geometry?.dispose();
    for (const material of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) material?.dispose();
  });
}

/** What the buttons ask of the camera; `n` changes with every press so the same command can repeat. */
export type CameraCommand = { kind: 'fit' | 'zoomIn' | 'zoomOut' | 'left' | 'right' | 'up' | 'down'; n: number };

/** Stands the camera where it sees all of the sphere, looking at its centre. */
function fitCamera(state: RootState, controls: OrbitControls | null, sphere: Sphere): void {
  const camera = state.camera as PerspectiveCamera;
  const distance = fitDistance(sphere.radius, camera.fov, state.size.width / Math.max(1, state.size.height));
  const direction = new Vector3(1, 0.8, 1.2).normalize();
  camera.position.copy(sphere.center).addScaledVector(direction, distance);
  camera.near = Math.max(distance / 1000, 1e-5);
  camera.far = distance * 100;
  camera.updateProjectionMatrix();
  controls?.target.copy(sphere.center);
  controls?.update();
  state.invalidate();
}

/** One step of a button: closer, farther, or around the target. */
function stepCamera(state: RootState, controls: OrbitControls, kind: Exclude<CameraCommand['kind'], 'fit'>): void {
  const camera = state.camera;
  const spherical = new Spherical().setFromVector3(camera.position.clone().sub(controls.target));
  const step = Math.PI / 12;
  if (kind === 'zoomIn') spherical.radius = spherical.radius / 1.25;
  if (kind === 'zoomOut') spherical.radius *= 1.25;
  if (kind === 'left') spherical.theta -= step;
  if (kind === 'right') spherical.theta += step;
  if (kind === 'up') spherical.phi = Math.max(0.05, spherical.phi - step);
  if (kind === 'down') spherical.phi = Math.min(Math.PI - 0.05, spherical.phi + step);
  camera.position.copy(controls.target).add(new Vector3().setFromSpherical(spherical));
  controls.update();
  state.invalidate();
}

/**
 * Lights the canvas's scene with an EXR (`scene.environment`, prefiltered by PMREMGenerator; ADR 0063): fetched with the
 * session cookie, read by three's EXRLoader; what happens is told through `onState`. Taken off when the address changes.
 */
function EnvironmentLighting({ url, onState }: { url: string; onState: (state: EnvironmentState) => void }) {
  const get = useThree((state) => state.get);
  useEffect(() => {
    const abort = new AbortController();
    let dispose: (() => void) | undefined;
    onState({ state: 'loading' });
    // The EXR reader comes with the first scene chosen (its own chunk, shared with the scene editor's preview).
    const reading = import('./environment').then(async ({ environmentFrom, fetchExr }) => ({ environmentFrom, bytes: await fetchExr(url, abort.signal) }));
    const failed = () => {
      if (!abort.signal.aborted) onState({ state: 'failed', message: VIEWER_TEXTS.environmentOffline });
    };
    reading.then(({ environmentFrom, bytes }) => {
      if (abort.signal.aborted) return;
      if (!(bytes instanceof ArrayBuffer)) {
        onState({
          state: 'failed',
          message: bytes.failure === 'offline' ? VIEWER_TEXTS.environmentOffline : (bytes.message ?? VIEWER_TEXTS.environmentFailed),
        });
        return;
      }
      const { gl, scene, invalidate } = get();
      try {
        const environment = environmentFrom(bytes, gl);
        scene.environment = environment.lighting;
        dispose = () => {
          if (scene.environment === environment.lighting) scene.environment = null;
          environment.dispose();
          invalidate();
        };
        invalidate();
        onState({ state: 'ready' });
      } catch {
        onState({ state: 'failed', message: VIEWER_TEXTS.environmentUnreadable });
      }
    }, failed);
    return () => {
      abort.abort();
      dispose?.();
    };
    // onState is the viewer's state setter (stable)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, get]);
  return null;
}

function Stage({ scene, size, wireframe, command, lit }: { scene: Object3D; size: Size3; wireframe: boolean; command: CameraCommand; lit: boolean }) {
  // The store's getter, read when used: the camera and renderer are three.js objects the viewer moves, not React state.
  const get = useThree((state) => state.get);
  const controls = useRef<OrbitControls | null>(null);
  // The last button press carried out: a new model does not repeat it.
  const done = useRef(0);
  const grid = useMemo(() => {
    const { size: extent, divisions } = gridFor(size);
    return new GridHelper(extent, divisions, 0x6b7280, 0xc7cbd1);
  }, [size]);
  const sphere = useMemo(() => new Box3().setFromObject(scene).getBoundingSphere(new Sphere()), [scene]);

  useEffect(() => {
    const state = get();
    const orbit = new OrbitControls(state.camera, state.gl.domElement);
    orbit.addEventListener('change', () => get().invalidate());
    controls.current = orbit;
    fitCamera(state, orbit, sphere);
    return () => {
      orbit.dispose();
      controls.current = null;
    };
  }, [get, sphere]);

  useEffect(() => () => disposeScene(scene), [scene]);
  useEffect(() => () => grid.dispose(), [grid]);

  useEffect(() => {
    setWireframe(scene, wireframe);
    get().invalidate();
  }, [get, scene, wireframe]);

  useEffect(() => {
    const orbit = controls.current;
    if (command.n === done.current || !orbit) return;
    done.current = command.n;
    if (command.kind === 'fit') fitCamera(get(), orbit, sphere);
    else stepCamera(get(), orbit, command.kind);
  }, [command, get, sphere]);

  return (
    <>
      {/* Lit by a scene, the scene is the light: the viewer's own lights step aside (ADR 0063). */}
      {!lit && (
        <>
          <hemisphereLight args={[0xffffff, 0x8d8d8d, 1.6]} />
          <directionalLight position={[3, 6, 4]} intensity={2.2} />
          <directionalLight position={[-4, 2, -3]} intensity={0.7} />
        </>
      )}
      <primitive object={grid} />
      <primitive object={scene} />
    </>
  );
}

const BUTTONS: { kind: CameraCommand['kind']; label: string; text: string }[] = [
  { kind: 'zoomIn', label: 'Zoom in', text: '+' },
  { kind: 'zoomOut', label: 'Zoom out', text: '−' },
  { kind: 'left', label: 'Turn left', text: '←' },
  { kind: 'right', label: 'Turn right', text: '→' },
  { kind: 'up', label: 'Look from above', text: '↑' },
  { kind: 'down', label: 'Look from below', text: '↓' },
];

/**
 * The 3D viewer (issue 18, ADR 0054): a glb with orbit (drag), zoom (wheel, pinch, buttons), fit to view,
 * lights, a ground grid, a wireframe toggle and the bounding box in mm. Every action has a button, so the
 * keyboard does all the mouse does. A file that cannot be fetched or read shows a sentence saying so.
 * Its own chunk with three.js: import it through LazyModelViewer.
 */
export function ModelViewer({ src, title, fullWindow = false, retryWhile, environment }: ModelViewerProps) {
  const loaded = useGlb(src, retryWhile);
  const [lighting, setLighting] = useState<EnvironmentState>({ state: 'none' });
  const environmentUrl = environment?.url;
  const lit = Boolean(environmentUrl) && lighting.state === 'ready';
  const [wireframe, setWireframeOn] = useState(false);
  const [command, setCommand] = useState<CameraCommand>({ kind: 'fit', n: 0 });
  const [webgl] = useState(webglAvailable);
  const run = (kind: CameraCommand['kind']) => setCommand((c) => ({ kind, n: c.n + 1 }));
  const className = `model-viewer${fullWindow ? ' model-viewer-full' : ''}`;

  if (!webgl)
    return (
      <div className={className} data-testid="model-viewer">
        <p className="model-viewer-message" role="alert" data-testid="model-viewer-error">
          {VIEWER_TEXTS.noWebgl}
        </p>
      </div>
    );

  return (
    <div className={className} data-testid="model-viewer" data-state={loaded.state} data-environment={environmentUrl ? lighting.state : 'none'}>
      {loaded.state === 'loading' && (
        <p className="model-viewer-message" role="status">
          {VIEWER_TEXTS.loading}
        </p>
      )}
      {loaded.state === 'failed' && (
        <p className="model-viewer-message" role="alert" data-testid="model-viewer-error">
          {loaded.message}
        </p>
      )}
      {loaded.state === 'ready' && (
        <>
          <div className="model-viewer-canvas">
            <Canvas
              gl={{ preserveDrawingBuffer: true, antialias: true }}
              camera={{ fov: 40, position: [1, 1, 1] }}
              dpr={[1, 2]}
              frameloop="demand"
              aria-label={title ? `${title}: ${VIEWER_TEXTS.canvasLabel}` : VIEWER_TEXTS.canvasLabel}
              role="img"
            >
              <color attach="background" args={[0xf3f4f6]} />
              <Stage scene={loaded.scene} size={loaded.size} wireframe={wireframe} command={command} lit={lit} />
              {environmentUrl && <EnvironmentLighting key={environmentUrl} url={environmentUrl} onState={setLighting} />}
            </Canvas>
          </div>
          {environment && lighting.state === 'loading' && (
            <p className="model-viewer-size" role="status">
              {VIEWER_TEXTS.environmentLoading(environment.name)}
            </p>
          )}
          {environment && lighting.state === 'failed' && (
            <p className="model-viewer-size form-error" role="alert" data-testid="viewer-environment-error">
              {lighting.message}
            </p>
          )}
          <p className="model-viewer-size" data-testid="model-viewer-size" aria-label={sizeLabel(loaded.size)}>
            {describeSize(loaded.size)}
          </p>
          <div className="model-viewer-tools" role="toolbar" aria-label={VIEWER_TEXTS.toolbar}>
            <button type="button" className="btn btn-secondary" onClick={() => run('fit')} data-testid="viewer-fit">
              {VIEWER_TEXTS.fit}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              aria-pressed={wireframe}
              onClick={() => setWireframeOn((on) => !on)}
              data-testid="viewer-wireframe"
            >
              {VIEWER_TEXTS.wireframe}
            </button>
            {BUTTONS.map((b) => (
              <button
                key={b.kind}
                type="button"
                className="btn btn-secondary viewer-icon-button"
                aria-label={b.label}
                title={b.label}
                onClick={() => run(b.kind)}
              >
                <span aria-hidden="true">{b.text}</span>
              </button>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

export default ModelViewer;
