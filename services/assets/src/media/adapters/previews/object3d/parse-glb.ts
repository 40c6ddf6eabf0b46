import { Mesh, MeshBuilder, UnreadableModel } from './mesh';

interface Gltf {
  asset?: { version?: string };
  extensionsRequired?: string[];
  scene?: number;
  scenes?: { nodes?: number[] }[];
  nodes?: { mesh?: number; children?: number[]; matrix?: number[]; translation?: number[]; rotation?: number[]; scale?: number[] }[];
  meshes?: { primitives: { attributes: Record<string, number>; indices?: number; mode?: number }[] }[];
  accessors?: { bufferView?: number; byteOffset?: number; componentType: number; count: number; type: string; sparse?: unknown; normalized?: boolean }[];
  bufferViews?: { buffer: number; byteOffset?: number; byteLength: number; byteStride?: number }[];
  buffers?: { byteLength: number; uri?: string }[];
}

const COMPONENTS: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT4: 16 };
const SIZES: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

/**
 * A binary glTF 2.0 (GLB): its JSON and binary chunks, every triangle primitive of the default scene with
 * its nodes' transforms, in millimetres (glTF's numbers are metres). Only the embedded binary chunk is read (no URI is followed); compressed meshes
 * (Draco, meshopt) are refused by name.
 */
export function parseGlb(bytes: Buffer): Mesh {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x46546c67) throw new UnreadableModel('it does not start as a binary glTF (GLB) file.');
  if (bytes.length < 20) throw new UnreadableModel('it is cut short: it ends before its first part.');
  if (bytes.readUInt32LE(4) !== 2) throw new UnreadableModel('only glTF version 2 is supported.');
  const declared = bytes.readUInt32LE(8);
  if (declared > bytes.length) throw new UnreadableModel(`it is cut short: it says it has ${declared} bytes but has ${bytes.length}.`);
  let json: Gltf | null = null;
  let bin: Buffer | null = null;
  for (let at = 12; at + 8 <= declared;) {
    const length = bytes.readUInt32LE(at);
    const type = bytes.readUInt32LE(at + 4);
    if (at + 8 + length > declared) throw new UnreadableModel('a chunk runs past the end of the file.');
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 0x4e4f534a) {
      try {
        json = JSON.parse(body.toString('utf8')) as Gltf;
      } catch {
        throw new UnreadableModel('its description (JSON) is not valid.');
      }
    } else if (type === 0x004e4942 && !bin) bin = body;
    at += 8 + length;
  }
  if (!json) throw new UnreadableModel('it has no glTF description.');
  const required = json.extensionsRequired ?? [];
  if (required.length) throw new UnreadableModel(`it needs ${required.join(', ')}, which cannot be read here.`);
  const mesh = new MeshBuilder();
  const gltf = json;
  const accessor = (index: number, expected: string[]): number[] | Float32Array | Uint32Array => {
    const a = gltf.accessors?.[index];
    if (!a || !expected.includes(a.type) || a.sparse || a.bufferView === undefined) throw new UnreadableModel('a mesh refers to data it does not hold.');
    const view = gltf.bufferViews?.[a.bufferView];
    if (!view || view.buffer !== 0 || !bin) throw new UnreadableModel('a mesh refers to data outside the file.');
    const components = COMPONENTS[a.type]!;
    const size = SIZES[a.componentType];
    if (!size) throw new UnreadableModel('a mesh has data of an unknown type.');
    const stride = view.byteStride || components * size;
    const start = (view.byteOffset ?? 0) + (a.byteOffset ?? 0);
    if (!Number.isInteger(a.count) || a.count < 0 || start + Math.max(0, a.count - 1) * stride + components * size > bin.length) {
      throw new UnreadableModel('a mesh refers to data past the end of the file.');
    }
    const read = (offset: number) => {
      switch (a.componentType) {
        case 5126:
          return bin!.readFloatLE(offset);
        case 5125:
          return bin!.readUInt32LE(offset);
        case 5123:
          return bin!.readUInt16LE(offset);
        case 5121:
          return bin!.readUInt8(offset);
        case 5122:
          return bin!.readInt16LE(offset);
        default:
          return bin!.readInt8(offset);
      }
    };
    const out = a.componentType === 5126 ? new Float32Array(a.count * components) : new Uint32Array(a.count * components);
    try {
      for (let i = 0; i < a.count; i++) for (let k = 0; k < components; k++) out[i * components + k] = read(start + i * stride + k * size);
    } catch {
      throw new UnreadableModel('a mesh refers to data past the end of the file.');
    }
    return out;
  };
  const visit = (nodeIndex: number, parent: number[], depth: number) => {
    const node = gltf.nodes?.[nodeIndex];
    if (!node || depth > 64) return;
    const matrix = multiply(parent, localMatrix(node));
    if (node.mesh !== undefined) {
      for (const primitive of gltf.meshes?.[node.mesh]?.primitives ?? []) {
        if ((primitive.mode ?? 4) !== 4 || primitive.attributes.POSITION === undefined) continue;
        const positions = accessor(primitive.attributes.POSITION, ['VEC3']);
        const indices = primitive.indices !== undefined ? accessor(primitive.indices, ['SCALAR']) : null;
        mesh.add(positions, indices, matrix);
      }
    }
    for (const child of node.children ?? []) visit(child, matrix, depth + 1);
  };
  const scene = gltf.scenes?.[gltf.scene ?? 0];
  const roots = scene?.nodes ?? (gltf.nodes ?? []).map((_, i) => i);
  // glTF's unit is the metre; the viewer's file and the recorded size are millimetres (ADR 0053).
  for (const root of roots) visit(root, METRES_TO_MM, 0);
  return mesh.build();
}

/** glTF's metres as millimetres: the scene's root transform (column-major), applied to every node below. */
const METRES_TO_MM = [1000, 0, 0, 0, 0, 1000, 0, 0, 0, 0, 1000, 0, 0, 0, 0, 1];

/** Column-major 4×4 of a node: its matrix, or translation × rotation × scale. */
function localMatrix(node: { matrix?: number[]; translation?: number[]; rotation?: number[]; scale?: number[] }): number[] {
  if (node.matrix?.length === 16) return node.matrix;
  const [tx, ty, tz] = node.translation ?? [0, 0, 0];
  const [x, y, z, w] = node.rotation ?? [0, 0, 0, 1];
  const [sx, sy, sz] = node.scale ?? [1, 1, 1];
  return [
    (1 - 2 * (y! * y! + z! * z!)) * sx!,
    2 * (x! * y! + z! * w!) * sx!,
    2 * (x! * z! - y! * w!) * sx!,
    0,
    2 * (x! * y! - z! * w!) * sy!,
    (1 - 2 * (x! * x! + z! * z!)) * sy!,
    2 * (y! * z! + x! * w!) * sy!,
    0,
    2 * (x! * z! + y! * w!) * sz!,
    2 * (y! * z! - x! * w!) * sz!,
    (1 - 2 * (x! * x! + y! * y!)) * sz!,
    0,
    tx!,
    ty!,
    tz!,
    1,
  ];
}

function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r]! += a[k * 4 + r]! * b[c * 4 + k]!;
  return out;
}
