import { Mesh, MeshBuilder, UnreadableModel } from './mesh';

/* The WASM kernels from the npm registry (ADR 0053), loaded only in the conversion worker. */
/* eslint-disable @typescript-eslint/no-require-imports */

interface OcctResult {
  success: boolean;
  meshes?: { attributes: { position: { array: number[] } }; index?: { array: number[] } }[];
}

/** STEP and IGES through OpenCascade (occt-import-js), triangulated in millimetres. */
export async function parseOcct(bytes: Buffer, format: 'step' | 'iges'): Promise<Mesh> {
  const occt = await (require('occt-import-js') as () => Promise<Record<string, (content: Uint8Array, params: unknown) => OcctResult>>)();
  const params = { linearUnit: 'millimeter', linearDeflectionType: 'bounding_box_ratio', linearDeflection: 0.001, angularDeflection: 0.5 };
  let result: OcctResult;
  try {
    result = format === 'step' ? occt.ReadStepFile!(new Uint8Array(bytes), params) : occt.ReadIgesFile!(new Uint8Array(bytes), params);
  } catch {
    throw new UnreadableModel('OpenCascade could not read its shapes.');
  }
  if (!result?.success) throw new UnreadableModel('OpenCascade could not read its shapes (the file is damaged or not a valid model).');
  const mesh = new MeshBuilder();
  for (const part of result.meshes ?? []) mesh.add(part.attributes.position.array, part.index?.array ?? null);
  return mesh.build();
}

interface RhinoMesh {
  toThreejsBuffers(rotateToYUp: boolean): { position: Float32Array; index?: Uint32Array };
  delete?(): void;
}
interface RhinoModule {
  File3dm: { fromByteArray(bytes: Uint8Array): { objects(): { count: number; get(i: number): { geometry(): RhinoGeometry } } } | null };
  ObjectType: Record<string, unknown>;
  MeshType: { Any: unknown };
}
interface RhinoGeometry {
  objectType: unknown;
  faces?(): { count: number; get(i: number): { getMesh(type: unknown): RhinoMesh | null } };
  getMesh?(type: unknown): RhinoMesh | null;
  toThreejsBuffers?(rotateToYUp: boolean): { position: Float32Array; index?: Uint32Array };
}

/**
 * Rhino (.3dm) through rhino3dm: its meshes, and the render meshes Rhino saved with its breps and
 * extrusions (a file saved without them has no geometry rhino3dm can show, and says so).
 */
export async function parse3dm(bytes: Buffer): Promise<Mesh> {
  const rhino = await (require('rhino3dm') as () => Promise<RhinoModule>)();
  let file: ReturnType<RhinoModule['File3dm']['fromByteArray']>;
  try {
    file = rhino.File3dm.fromByteArray(new Uint8Array(bytes));
  } catch {
    file = null;
  }
  if (!file) throw new UnreadableModel('Rhino could not open it (the file is damaged or not a Rhino model).');
  const mesh = new MeshBuilder();
  const add = (part: RhinoMesh | null | undefined) => {
    if (!part) return;
    const buffers = part.toThreejsBuffers(false);
    mesh.add(buffers.position, buffers.index ?? null);
  };
  const objects = file.objects();
  for (let i = 0; i < objects.count; i++) {
    const geometry = objects.get(i).geometry();
    const type = geometry.objectType;
    if (type === rhino.ObjectType.Mesh) add(geometry as unknown as RhinoMesh);
    else if (type === rhino.ObjectType.Brep && geometry.faces) {
      const faces = geometry.faces();
      for (let f = 0; f < faces.count; f++) add(faces.get(f).getMesh(rhino.MeshType.Any));
    } else if (type === rhino.ObjectType.Extrusion && geometry.getMesh) add(geometry.getMesh(rhino.MeshType.Any));
  }
  return mesh.build();
}
