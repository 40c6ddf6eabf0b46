import { Mesh, MeshBuilder, UnreadableModel } from './mesh';

const MAIN = 0x4d4d;
const EDITOR = 0x3d3d;
const OBJECT = 0x4000;
const TRIMESH = 0x4100;
const VERTICES = 0x4110;
const FACES = 0x4120;

/** 3D Studio (.3ds): the chunks main → editor → object → triangle mesh, its vertex and face lists; materials ignored. */
export function parse3ds(bytes: Buffer): Mesh {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== MAIN) throw new UnreadableModel('it does not start as a 3D Studio file.');
  const mesh = new MeshBuilder();
  const walk = (start: number, end: number, depth: number) => {
    let vertices: Float32Array | null = null;
    for (let at = start; at + 6 <= end;) {
      const id = bytes.readUInt16LE(at);
      const length = bytes.readUInt32LE(at + 2);
      if (length < 6 || at + length > end) throw new UnreadableModel('a part runs past the end of the file (it is cut short or damaged).');
      const body = at + 6;
      if (id === MAIN || id === EDITOR || id === TRIMESH) walk(body, at + length, depth + 1);
      else if (id === OBJECT) {
        let name = body;
        while (name < at + length && bytes[name] !== 0) name++;
        walk(name + 1, at + length, depth + 1);
      } else if (id === VERTICES) {
        const count = bytes.readUInt16LE(body);
        if (body + 2 + count * 12 > at + length) throw new UnreadableModel('a vertex list runs past its part.');
        vertices = new Float32Array(count * 3);
        for (let i = 0; i < count * 3; i++) vertices[i] = bytes.readFloatLE(body + 2 + i * 4);
      } else if (id === FACES) {
        const count = bytes.readUInt16LE(body);
        if (body + 2 + count * 8 > at + length) throw new UnreadableModel('a face list runs past its part.');
        if (!vertices) throw new UnreadableModel('a face list comes before its points.');
        const indices = new Uint32Array(count * 3);
        for (let f = 0; f < count; f++) for (let k = 0; k < 3; k++) indices[f * 3 + k] = bytes.readUInt16LE(body + 2 + f * 8 + k * 2);
        mesh.add(vertices, indices);
      }
      at += length;
    }
  };
  walk(6, Math.min(bytes.readUInt32LE(2), bytes.length), 0);
  return mesh.build();
}
