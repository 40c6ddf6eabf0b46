/** Triangles: xyz per vertex, three vertex indices per triangle (ADR 0053). */
export interface Mesh {
  positions: Float32Array;
  indices: Uint32Array;
}

/** A file that cannot be read; `reason` ends the sentence "This <format> file cannot be read: …". */
export class UnreadableModel extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnreadableModel';
  }
}

/** Collects triangles from several parts into one mesh, dropping non-finite vertices' triangles. */
export class MeshBuilder {
  private positions: number[] = [];
  private indices: number[] = [];
  private chunks: Mesh[] = [];

  /** Adds a triangle list (indices into `positions`, or consecutive triples when null). */
  add(positions: ArrayLike<number>, indices: ArrayLike<number> | null, matrix?: number[]): void {
    const count = positions.length / 3;
    const out = new Float32Array(count * 3);
    for (let i = 0; i < count; i++) {
      const [x, y, z] = [positions[i * 3]!, positions[i * 3 + 1]!, positions[i * 3 + 2]!];
      if (matrix) {
        const m = matrix;
        out[i * 3] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        out[i * 3 + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        out[i * 3 + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
      } else {
        out[i * 3] = x;
        out[i * 3 + 1] = y;
        out[i * 3 + 2] = z;
      }
    }
    const triangles = indices ? indices.length - (indices.length % 3) : count - (count % 3);
    const idx = new Uint32Array(triangles);
    let kept = 0;
    for (let t = 0; t < triangles; t += 3) {
      const a = indices ? indices[t]! : t;
      const b = indices ? indices[t + 1]! : t + 1;
      const c = indices ? indices[t + 2]! : t + 2;
      if (a >= count || b >= count || c >= count || a < 0 || b < 0 || c < 0) throw new UnreadableModel('a triangle refers to a point that is not in the file.');
      if (![a, b, c].every((v) => Number.isFinite(out[v * 3]!) && Number.isFinite(out[v * 3 + 1]!) && Number.isFinite(out[v * 3 + 2]!))) continue;
      idx[kept++] = a;
      idx[kept++] = b;
      idx[kept++] = c;
    }
    this.flush();
    this.chunks.push({ positions: out, indices: idx.subarray(0, kept) });
  }

  /** Adds one triangle by its corners (for formats read a triangle at a time). */
  triangle(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number): void {
    if (![ax, ay, az, bx, by, bz, cx, cy, cz].every(Number.isFinite)) return;
    const base = this.positions.length / 3;
    this.positions.push(ax, ay, az, bx, by, bz, cx, cy, cz);
    this.indices.push(base, base + 1, base + 2);
    if (this.positions.length > 3_000_000) this.flush();
  }

  private flush(): void {
    if (this.positions.length === 0) return;
    this.chunks.push({ positions: Float32Array.from(this.positions), indices: Uint32Array.from(this.indices) });
    this.positions = [];
    this.indices = [];
  }

  build(): Mesh {
    this.flush();
    const vertices = this.chunks.reduce((n, c) => n + c.positions.length, 0);
    const triangles = this.chunks.reduce((n, c) => n + c.indices.length, 0);
    const positions = new Float32Array(vertices);
    const indices = new Uint32Array(triangles);
    let pv = 0;
    let pi = 0;
    for (const chunk of this.chunks) {
      positions.set(chunk.positions, pv);
      for (let i = 0; i < chunk.indices.length; i++) indices[pi + i] = chunk.indices[i]! + pv / 3;
      pv += chunk.positions.length;
      pi += chunk.indices.length;
    }
    this.chunks = [];
    return { positions, indices };
  }
}

export interface Bounds {
  min: [number, number, number];
  max: [number, number, number];
}

/** The box around the vertices the triangles use. */
export function boundsOf(mesh: Mesh): Bounds {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let i = 0; i < mesh.indices.length; i++) {
    const v = mesh.indices[i]! * 3;
    for (let k = 0; k < 3; k++) {
      const value = p[v + k]!;
      if (value < min[k]!) min[k] = value;
      if (value > max[k]!) max[k] = value;
    }
  }
  return { min, max };
}
