import { Mesh, MeshBuilder, UnreadableModel } from './mesh';

/**
 * Wavefront OBJ: `v x y z` and `f a b c …` (1-based or negative indices, `a/t/n` forms), polygons fanned;
 * materials and textures ignored (no file is opened).
 */
export function parseObj(bytes: Buffer): Mesh {
  const text = bytes.toString('utf8');
  const vertices: number[] = [];
  const mesh = new MeshBuilder();
  const corner = (token: string) => {
    const n = parseInt(token.split('/')[0]!, 10);
    if (!Number.isFinite(n) || n === 0) throw new UnreadableModel(`a face refers to a point "${token.slice(0, 20)}" that is not a number.`);
    const index = n > 0 ? n - 1 : vertices.length / 3 + n;
    if (index < 0 || index >= vertices.length / 3) throw new UnreadableModel('a face refers to a point that is not in the file.');
    return index * 3;
  };
  // Line by line without splitting the whole text (a 200 MB file would make millions of strings at once).
  for (let start = 0; start < text.length;) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line.startsWith('v ')) {
      const [, x, y, z] = line.split(/\s+/);
      vertices.push(Number(x), Number(y), Number(z));
    } else if (line.startsWith('f ')) {
      const points = line.split(/\s+/).slice(1).map(corner);
      for (let i = 1; i + 1 < points.length; i++) {
        const [a, b, c] = [points[0]!, points[i]!, points[i + 1]!];
        mesh.triangle(
          vertices[a]!,
          vertices[a + 1]!,
          vertices[a + 2]!,
          vertices[b]!,
          vertices[b + 1]!,
          vertices[b + 2]!,
          vertices[c]!,
          vertices[c + 1]!,
          vertices[c + 2]!,
        );
      }
    }
  }
  return mesh.build();
}
