import { Mesh } from './mesh';

const pad4 = (n: number) => (n + 3) & ~3;

/**
 * A minimal glTF 2.0 binary (GLB) of one mesh (ADR 0053): positions and flat normals (no index: every triangle has its own corners), one grey
 * material, in millimetres as read. Corners are not shared, so each face keeps its own normal (flat shading
 * is what a CAD viewer shows); three.js's GLTFLoader reads it as it is.
 */
export function writeGlb(mesh: Mesh, up: 'y' | 'z' = 'y'): Buffer {
  const triangles = mesh.indices.length / 3;
  const vertexCount = triangles * 3;
  const positions = new Float32Array(vertexCount * 3);
  const normals = new Float32Array(vertexCount * 3);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let t = 0; t < triangles; t++) {
    const [a, b, c] = [mesh.indices[t * 3]! * 3, mesh.indices[t * 3 + 1]! * 3, mesh.indices[t * 3 + 2]! * 3];
    const ux = p[b]! - p[a]!;
    const uy = p[b + 1]! - p[a + 1]!;
    const uz = p[b + 2]! - p[a + 2]!;
    const vx = p[c]! - p[a]!;
    const vy = p[c + 1]! - p[a + 1]!;
    const vz = p[c + 2]! - p[a + 2]!;
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz) || 1;
    nx /= length;
    ny /= length;
    nz /= length;
    if (!(Math.abs(nx) + Math.abs(ny) + Math.abs(nz) > 0)) nz = 1;
    for (const [k, v] of [a, b, c].entries()) {
      const o = (t * 3 + k) * 3;
      for (let axis = 0; axis < 3; axis++) {
        const value = p[v + axis]!;
        positions[o + axis] = value;
        if (value < min[axis]!) min[axis] = value;
        if (value > max[axis]!) max[axis] = value;
      }
      normals[o] = nx;
      normals[o + 1] = ny;
      normals[o + 2] = nz;
    }
  }
  const byteLength = positions.byteLength + normals.byteLength;
  const gltf = {
    asset: { version: '2.0', generator: 'Kiln assets (ADR 0053)' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    // glTF is y-up: a z-up model (STEP, IGES, STL, 3DS, 3dm) is turned by its node, its points kept as read.
    nodes: [up === 'z' ? { mesh: 0, rotation: [-Math.SQRT1_2, 0, 0, Math.SQRT1_2] } : { mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, material: 0, mode: 4 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorFactor: [0.72, 0.74, 0.78, 1], metallicFactor: 0.1, roughnessFactor: 0.7 }, doubleSided: true }],
    buffers: [{ byteLength }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.byteLength, target: 34962 },
      { buffer: 0, byteOffset: positions.byteLength, byteLength: normals.byteLength, target: 34962 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: vertexCount, type: 'VEC3', min: vertexCount ? min : [0, 0, 0], max: vertexCount ? max : [0, 0, 0] },
      { bufferView: 1, componentType: 5126, count: vertexCount, type: 'VEC3' },
    ],
  };
  const json = Buffer.from(JSON.stringify(gltf));
  const jsonLength = pad4(json.length);
  const binLength = pad4(byteLength);
  const total = 12 + 8 + jsonLength + 8 + binLength;
  const out = Buffer.alloc(total);
  out.writeUInt32LE(0x46546c67, 0);
  out.writeUInt32LE(2, 4);
  out.writeUInt32LE(total, 8);
  out.writeUInt32LE(jsonLength, 12);
  out.writeUInt32LE(0x4e4f534a, 16);
  json.copy(out, 20);
  out.fill(0x20, 20 + json.length, 20 + jsonLength);
  const bin = 20 + jsonLength;
  out.writeUInt32LE(binLength, bin);
  out.writeUInt32LE(0x004e4942, bin + 4);
  Buffer.from(positions.buffer, positions.byteOffset, positions.byteLength).copy(out, bin + 8);
  Buffer.from(normals.buffer, normals.byteOffset, normals.byteLength).copy(out, bin + 8 + positions.byteLength);
  return out;
}
