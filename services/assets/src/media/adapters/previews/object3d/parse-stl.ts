import { Mesh, MeshBuilder, UnreadableModel } from './mesh';

/** STL, binary (80-byte header, count, 50 bytes a triangle) or ASCII (`facet … vertex x y z`). */
export function parseStl(bytes: Buffer): Mesh {
  if (bytes.length >= 84) {
    const count = bytes.readUInt32LE(80);
    if (84 + count * 50 === bytes.length) return binaryStl(bytes, count);
  }
  const head = bytes.subarray(0, 512).toString('latin1').trimStart();
  if (!head.toLowerCase().startsWith('solid')) {
    if (bytes.length >= 84) throw new UnreadableModel(`its triangle count does not match its size (the file is cut short or damaged).`);
    throw new UnreadableModel('the file is too short to hold a triangle.');
  }
  return asciiStl(bytes.toString('latin1'));
}

function binaryStl(bytes: Buffer, count: number): Mesh {
  const mesh = new MeshBuilder();
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t++) {
    const at = 84 + t * 50 + 12;
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = bytes.readFloatLE(at + k * 4);
  }
  mesh.add(positions, null);
  return mesh.build();
}

function asciiStl(text: string): Mesh {
  const mesh = new MeshBuilder();
  const vertex = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/gi;
  const corners: number[] = [];
  for (let m = vertex.exec(text); m; m = vertex.exec(text)) {
    corners.push(Number(m[1]), Number(m[2]), Number(m[3]));
    if (corners.length === 9) {
      mesh.triangle(...(corners as [number, number, number, number, number, number, number, number, number]));
      corners.length = 0;
    }
  }
  return mesh.build();
}
