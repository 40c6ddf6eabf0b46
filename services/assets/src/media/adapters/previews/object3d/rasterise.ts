import { Bounds, Mesh } from './mesh';

/**
 * A thumbnail of a mesh drawn by a small z-buffer rasteriser (ADR 0053): a fixed three-quarter view from
 * above (`up`: z for CAD formats, y for glTF and OBJ), fitted to the bounding box, flat shading from one light plus ambient,
 * on a light background. Above `maxTriangles`, every n-th triangle is drawn. Answers RGBA pixels.
 */
export function rasterise(mesh: Mesh, bounds: Bounds, size: number, maxTriangles: number, up: 'y' | 'z' = 'z'): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) pixels.writeUInt32BE(0xf3f4f6ff, i * 4);
  const depth = new Float32Array(size * size).fill(-Infinity);
  const centre = [0, 1, 2].map((k) => (bounds.min[k]! + bounds.max[k]!) / 2);
  // View: turned 45° about z, then tilted 30° down: x' right, y' up, z' toward the viewer.
  const yaw = Math.PI / 4;
  const pitch = Math.PI / 6;
  const [cy, sy, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];
  const view = (x: number, y: number, z: number): [number, number, number] => {
    const dx = x - centre[0]!;
    // A y-up model is turned to z-up first.
    const dy = up === 'z' ? y - centre[1]! : -(z - centre[2]!);
    const dz = up === 'z' ? z - centre[2]! : y - centre[1]!;
    const rx = dx * cy - dy * sy;
    const ry = dx * sy + dy * cy;
    return [rx, dz * cp + ry * sp, -ry * cp + dz * sp];
  };
  // Fitted by the projected corners of the box.
  let extent = 0;
  for (const x of [bounds.min[0], bounds.max[0]])
    for (const y of [bounds.min[1], bounds.max[1]])
      for (const z of [bounds.min[2], bounds.max[2]]) {
        const [vx, vy] = view(x, y, z);
        extent = Math.max(extent, Math.abs(vx), Math.abs(vy));
      }
  const scale = extent > 0 ? (size * 0.45) / extent : 1;
  const light = normalise([-0.4, 0.6, 0.7]);
  const triangles = mesh.indices.length / 3;
  const step = Math.max(1, Math.ceil(triangles / maxTriangles));
  const p = mesh.positions;
  for (let t = 0; t < triangles; t += step) {
    const seen = [0, 1, 2].map((k) => {
      const v = mesh.indices[t * 3 + k]! * 3;
      return view(p[v]!, p[v + 1]!, p[v + 2]!);
    }) as [V3, V3, V3];
    // The face's normal in view space decides its shade; both sides are lit.
    const n = normalise(cross(sub(seen[1], seen[0]), sub(seen[2], seen[0])));
    const shade = 0.3 + 0.7 * Math.abs(n[0] * light[0] + n[1] * light[1] + n[2] * light[2]);
    const colour = [Math.round(96 * shade + 40), Math.round(120 * shade + 40), Math.round(160 * shade + 40)];
    const [a, b, c] = seen.map(([x, y, z]) => [size / 2 + x * scale, size / 2 - y * scale, z] as V3) as [V3, V3, V3];
    fill(a, b, c, size, depth, pixels, colour);
  }
  return pixels;
}

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
function normalise(v: V3): V3 {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

/** Fills a screen-space triangle with its depth interpolated, keeping the nearest (largest z). */
function fill(a: V3, b: V3, c: V3, size: number, depth: Float32Array, pixels: Buffer, colour: number[]): void {
  const minX = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
  const maxX = Math.min(size - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
  const minY = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
  const maxY = Math.min(size - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
  const area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
  if (!Number.isFinite(area) || Math.abs(area) < 1e-12) return;
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const w0 = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) / area;
      const w1 = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) / area;
      const w2 = 1 - w0 - w1;
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      const z = w0 * a[2] + w1 * b[2] + w2 * c[2];
      const at = y * size + x;
      if (z <= depth[at]!) continue;
      depth[at] = z;
      pixels[at * 4] = colour[0]!;
      pixels[at * 4 + 1] = colour[1]!;
      pixels[at * 4 + 2] = colour[2]!;
      pixels[at * 4 + 3] = 255;
    }
  }
}
