/**
 * A real binary glTF made by the tests (issue 18): one box of `size` (the glTF's own numbers: metres in an
 * upload, which the assets service turns into mm; mm in a view.glb, ADR 0053) with its normals and a coloured material, sitting on the ground (Y up). The 3D
 * viewer's tests show it; the geometry routes serve it.
 */
export function boxGlb(size: { x: number; y: number; z: number } = { x: 40, y: 20, z: 30 }, color = [0.88, 0.4, 0.23, 1]): Buffer {
  const [hx, hz] = [size.x / 2, size.z / 2];
  const corners = (fx: number, fy: number, fz: number) => [fx * hx, fy * size.y, fz * hz];
  // Each face: its normal and four corners (counter-clockwise seen from outside); two triangles a face.
  const faces: { n: number[]; c: number[][] }[] = [
    { n: [1, 0, 0], c: [corners(1, 0, 1), corners(1, 0, -1), corners(1, 1, -1), corners(1, 1, 1)] },
    { n: [-1, 0, 0], c: [corners(-1, 0, -1), corners(-1, 0, 1), corners(-1, 1, 1), corners(-1, 1, -1)] },
    { n: [0, 1, 0], c: [corners(-1, 1, 1), corners(1, 1, 1), corners(1, 1, -1), corners(-1, 1, -1)] },
    { n: [0, -1, 0], c: [corners(-1, 0, -1), corners(1, 0, -1), corners(1, 0, 1), corners(-1, 0, 1)] },
    { n: [0, 0, 1], c: [corners(-1, 0, 1), corners(1, 0, 1), corners(1, 1, 1), corners(-1, 1, 1)] },
    { n: [0, 0, -1], c: [corners(1, 0, -1), corners(-1, 0, -1), corners(-1, 1, -1), corners(1, 1, -1)] },
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  for (const face of faces) {
    for (const i of [0, 1, 2, 0, 2, 3]) {
      positions.push(...face.c[i]!);
      normals.push(...face.n);
    }
  }
  const count = positions.length / 3;
  const bin = Buffer.alloc(positions.length * 4 * 2);
  positions.forEach((v, i) => bin.writeFloatLE(v, i * 4));
  normals.forEach((v, i) => bin.writeFloatLE(v, positions.length * 4 + i * 4));
  const min = [-hx, 0, -hz];
  const max = [hx, size.y, hz];
  const gltf = {
    asset: { version: '2.0', generator: 'kiln tests' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'box' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, material: 0 }] }],
    materials: [{ pbrMetallicRoughness: { baseColorFactor: color, metallicFactor: 0.1, roughnessFactor: 0.6 } }],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.length * 4, target: 34962 },
      { buffer: 0, byteOffset: positions.length * 4, byteLength: normals.length * 4, target: 34962 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max },
      { bufferView: 1, componentType: 5126, count, type: 'VEC3' },
    ],
  };
  let json = Buffer.from(JSON.stringify(gltf));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const binPadded = Buffer.concat([bin, Buffer.alloc((4 - (bin.length % 4)) % 4, 0)]);
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length + 8 + binPadded.length, 8);
  const jsonHead = Buffer.alloc(8);
  jsonHead.writeUInt32LE(json.length, 0);
  jsonHead.write('JSON', 4, 'latin1');
  const binHead = Buffer.alloc(8);
  binHead.writeUInt32LE(binPadded.length, 0);
  binHead.write('BIN\0', 4, 'latin1');
  return Buffer.concat([header, jsonHead, json, binHead, binPadded]);
}
