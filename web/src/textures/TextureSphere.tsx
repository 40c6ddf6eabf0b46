import { useEffect, useRef, useState } from 'react';
import {
  AmbientLight,
  CanvasTexture,
  Color,
  DirectionalLight,
  HemisphereLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  PlaneGeometry,
  RepeatWrapping,
  Scene,
  SphereGeometry,
  SRGBColorSpace,
  TextureLoader,
  WebGLRenderer,
  type Texture,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { useLatest } from '../ui/use-latest';
import { applyTextureTransform, colorSpaceOf, setTextureMap, TEXTURE_SLOT_PROPERTY } from './texture-maps';
import { TEXTURE_PREVIEW_SIDE, TEXTURE_SPHERE_TEXTS, type SphereMaps, type SphereTransform, type TextureMapSlot } from './texture-sphere-parts';
import './texture-sphere.css';

export interface TextureSphereProps {
  /** The address of each map's image (a saved map's, or a chosen file's data URL). */
  maps: SphereMaps;
  transform: SphereTransform;
  /** What the canvas shows, for screen readers ("Preview of Oak floor"). */
  label: string;
  /** Receives the function that draws the current sphere as a 512×512 PNG (the texture's preview image). */
  onCapture?: (capture: (() => Promise<Blob>) | null) => void;
}

const SLOTS = Object.keys(TEXTURE_SLOT_PROPERTY) as TextureMapSlot[];

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/** The floor's checker, drawn here (the spec's preview fetched one from elsewhere; nothing is fetched from outside, ADR 0062). */
function checkerTexture(): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const context = canvas.getContext('2d')!;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) {
      context.fillStyle = (x + y) % 2 ? '#c9ced6' : '#eef0f3';
      context.fillRect(x * 8, y * 8, 8, 8);
    }
  const texture = new CanvasTexture(canvas);
  texture.colorSpace = SRGBColorSpace;
  texture.wrapS = texture.wrapT = RepeatWrapping;
  texture.repeat.set(6, 6);
  return texture;
}

interface Stage {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: PerspectiveCamera;
  material: MeshStandardMaterial;
  controls: OrbitControls;
  render: () => void;
  dispose: () => void;
}

/** The renderer, the lit sphere on its checker floor and the orbit controls, on `canvas`; drawn on demand. */
function makeStage(canvas: HTMLCanvasElement): Stage {
  // The drawing buffer is kept so that what is shown can be read back (a test looks at the pixels).
  // No multisampling on screen (drawn again on every change; the pixel ratio smooths enough); the preview image has it.
  const renderer = new WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  const scene = new Scene();
  scene.background = new Color('#f6f7f9');
  const camera = new PerspectiveCamera(38, 1, 0.1, 100);
  camera.position.set(0, 0.9, 4.2);
  scene.add(new HemisphereLight('#ffffff', '#8a8f99', 1.1));
  scene.add(new AmbientLight('#ffffff', 0.25));
  const sun = new DirectionalLight('#ffffff', 2.2);
  sun.position.set(3, 5, 4);
  scene.add(sun);
  const fill = new DirectionalLight('#dfe8ff', 0.6);
  fill.position.set(-4, 1, -2);
  scene.add(fill);
  const material = new MeshStandardMaterial({ color: '#ffffff', roughness: 0.55, metalness: 0 });
  const sphere = new Mesh(new SphereGeometry(1, 128, 64), material);
  scene.add(sphere);
  const checker = checkerTexture();
  const floor = new Mesh(new PlaneGeometry(12, 12), new MeshStandardMaterial({ map: checker, roughness: 1 }));
  floor.rotation.x = -Math.PI / 2;
  floor.position.y = -1.15;
  scene.add(floor);
  const controls = new OrbitControls(camera, canvas);
  controls.enablePan = false;
  controls.minDistance = 2.2;
  controls.maxDistance = 8;
  const render = () => renderer.render(scene, camera);
  controls.addEventListener('change', render);
  const dispose = () => {
    controls.dispose();
    sphere.geometry.dispose();
    floor.geometry.dispose();
    (floor.material as MeshStandardMaterial).dispose();
    checker.dispose();
    material.dispose();
    renderer.dispose();
  };
  return { renderer, scene, camera, material, controls, render, dispose };
}

/** Sets a slot's map (or none) on the material, with the values that make it show. */
function setMap(material: MeshStandardMaterial, slot: TextureMapSlot, texture: Texture | null) {
  setTextureMap(material, slot, texture);
  if (slot === 'roughnessMap' && !texture) material.roughness = 0.55;
  if (slot === 'displacementMap') {
    material.displacementScale = texture ? 0.08 : 0;
    material.displacementBias = texture ? -0.04 : 0;
  }
  material.needsUpdate = true;
}

/**
 * The live 3D preview of a texture (spec 001 §2): a sphere wearing the six maps with the offset, repeat, center and
 * rotation as set, lit, on a checker floor; turned by dragging. A chunk of its own with three.js (docs/adr/0047, 0062).
 * It also makes the texture's 512×512 preview image (spec 001 §9) from the same scene.
 */
export default function TextureSphere({ maps, transform, label, onCapture }: TextureSphereProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const stageRef = useRef<Stage | null>(null);
  const loaded = useRef<Partial<Record<TextureMapSlot, { url: string; texture: Texture }>>>({});
  const transformRef = useLatest(transform);
  const [supported] = useState(webglAvailable);
  // What each slot's address came to (set only by the loader's callbacks): ready when every address shown has an answer.
  const [settled, setSettled] = useState<Partial<Record<TextureMapSlot, { url: string; ok: boolean }>>>({});
  const [drawn, setDrawn] = useState(false);
  const wanted = SLOTS.filter((slot) => maps[slot]);
  const failed = wanted.filter((slot) => settled[slot]?.url === maps[slot] && !settled[slot]?.ok);
  const pending = wanted.filter((slot) => settled[slot]?.url !== maps[slot]).length;

  // The stage lives as long as the component; its size follows its box.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !supported) return;
    const stage = makeStage(canvas);
    stageRef.current = stage;
    const resize = () => {
      const width = canvas.clientWidth || 1;
      const height = canvas.clientHeight || 1;
      stage.renderer.setSize(width, height, false);
      stage.camera.aspect = width / height;
      stage.camera.updateProjectionMatrix();
      stage.render();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    resize();
    setDrawn(true);
    const textures = loaded.current;
    return () => {
      observer.disconnect();
      for (const entry of Object.values(textures)) entry?.texture.dispose();
      loaded.current = {};
      stage.dispose();
      stageRef.current = null;
    };
  }, [supported]);

  // Each slot's image, loaded when its address changes; the old one is let go.
  const mapKey = SLOTS.map((slot) => maps[slot] ?? '').join('\n');
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    let cancelled = false;
    const loader = new TextureLoader();
    for (const slot of SLOTS) {
      const url = maps[slot] ?? '';
      const current = loaded.current[slot];
      if ((current?.url ?? '') === url) continue;
      if (current) {
        current.texture.dispose();
        delete loaded.current[slot];
      }
      setMap(stage.material, slot, null);
      if (!url) continue;
      loader.load(
        url,
        (texture) => {
          if (cancelled) return texture.dispose();
          setSettled((before) => ({ ...before, [slot]: { url, ok: true } }));
          texture.colorSpace = colorSpaceOf(slot);
          texture.anisotropy = stage.renderer.capabilities.getMaxAnisotropy();
          applyTextureTransform(texture, transformRef.current);
          loaded.current[slot] = { url, texture };
          setMap(stage.material, slot, texture);
          stage.render();
        },
        undefined,
        () => {
          if (!cancelled) setSettled((before) => ({ ...before, [slot]: { url, ok: false } }));
        },
      );
    }
    stage.render();
    return () => {
      cancelled = true;
    };
    // mapKey is the maps' content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mapKey, drawn]);

  // Offset, repeat, center and rotation on every map at once.
  const transformKey = JSON.stringify(transform);
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    for (const entry of Object.values(loaded.current)) if (entry) applyTextureTransform(entry.texture, transform);
    stage.render();
    // transformKey is the transform's content
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [transformKey, drawn]);

  // The preview image: the same scene from the same side, drawn square at 512×512 by a renderer of its own.
  useEffect(() => {
    // Without WebGL there is nothing to draw: the texture keeps the preview it had.
    if (!onCapture || !supported) return;
    onCapture(async () => {
      const stage = stageRef.current;
      if (!stage) throw new Error(TEXTURE_SPHERE_TEXTS.noWebgl);
      const canvas = document.createElement('canvas');
      const renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
      try {
        renderer.setPixelRatio(1);
        renderer.setSize(TEXTURE_PREVIEW_SIDE, TEXTURE_PREVIEW_SIDE, false);
        renderer.outputColorSpace = stage.renderer.outputColorSpace;
        renderer.toneMapping = stage.renderer.toneMapping;
        // From the same side, a little closer: the sphere fills most of the square.
        const camera = stage.camera.clone();
        camera.position.setLength(Math.min(camera.position.length(), 3.4));
        camera.aspect = 1;
        camera.updateProjectionMatrix();
        renderer.render(stage.scene, camera);
        return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png'));
      } finally {
        renderer.dispose();
        renderer.forceContextLoss();
      }
    });
    return () => onCapture(null);
  }, [onCapture, supported]);

  if (!supported) {
    return (
      <div className="texture-sphere texture-sphere--none" role="note" data-testid="texture-sphere-none">
        {TEXTURE_SPHERE_TEXTS.noWebgl}
      </div>
    );
  }
  return (
    <div className="texture-sphere" data-testid="texture-sphere" data-ready={drawn && pending === 0 ? 'true' : 'false'}>
      <canvas ref={canvasRef} className="texture-sphere-canvas" role="img" aria-label={label} data-testid="texture-sphere-canvas" />
      <p className="texture-sphere-hint muted">{TEXTURE_SPHERE_TEXTS.hint}</p>
      {failed.length > 0 && (
        <p className="form-error" role="alert" data-testid="texture-sphere-failed">
          {TEXTURE_SPHERE_TEXTS.unreadable(failed.length)}
        </p>
      )}
    </div>
  );
}
