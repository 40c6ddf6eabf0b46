import { BoxGeometry, BufferAttribute, BufferGeometry, CylinderGeometry, ExtrudeGeometry, Path, Shape } from 'three';
import type { MaterialClassId } from '@kiln/contracts/constants';
import { MATERIAL_CLASSES } from '@kiln/contracts/constants';
import { directionIndexOf } from './face-directions';

/**
 * The 3D preview's shape of each material class (ADR 0031), in the material's own frame: Z is up (the
 * appearance's "Top face" is Z+), a long part runs along X with its profile in the Y–Z plane. Every geometry's
 * triangles are grouped by the face direction they look to (X+, X-, Y+, Y-, Z+, Z-: material indices 0–5), so
 * each direction takes the colour of the appearance entry that paints it.
 */

/** Sizes in millimetres by parameter key (what the form holds, converted); missing or not positive: absent. */
export type Sizes = Record<string, number | undefined>;

const LENGTH = 2.6;
const PROFILE = 1;

/** The geometry with its triangles reordered and grouped by face direction (groups 0–5, empty ones left out). */
export function groupByDirection(source: BufferGeometry): BufferGeometry {
  const geometry = source.index ? source.toNonIndexed() : source;
  geometry.computeVertexNormals();
  const position = geometry.getAttribute('position');
  const triangles = position.count / 3;
  const buckets: number[][] = [[], [], [], [], [], []];
  for (let t = 0; t < triangles; t++) {
    const [a, b, c] = [0, 1, 2].map((k) => [position.getX(t * 3 + k), position.getY(t * 3 + k), position.getZ(t * 3 + k)]);
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    buckets[directionIndexOf(n[0], n[1], n[2])].push(t);
  }
  const out = new BufferGeometry();
  for (const name of Object.keys(geometry.attributes)) {
    const attribute = geometry.getAttribute(name);
    const size = attribute.itemSize;
    const array = new Float32Array(attribute.count * size);
    let at = 0;
    for (const bucket of buckets) {
      for (const t of bucket) {
        for (let k = 0; k < 3 * size; k++) array[at++] = attribute.array[t * 3 * size + k] as number;
      }
    }
    out.setAttribute(name, new BufferAttribute(array, size));
  }
  let start = 0;
  buckets.forEach((bucket, index) => {
    if (bucket.length) out.addGroup(start, bucket.length * 3, index);
    start += bucket.length * 3;
  });
  return out;
}

/** Proportions from the sizes: each value over the largest, the largest drawn `size` long; a fallback when absent. */
function scaled(sizes: Sizes, keys: string[], fallback: number[], size = PROFILE): number[] {
  const values = keys.map((k) => sizes[k]);
  if (values.some((v) => !v || v <= 0)) return fallback;
  const largest = Math.max(...(values as number[]));
  return (values as number[]).map((v) => Math.max((v / largest) * size, size * 0.04));
}

/** A profile (drawn with its height on the shape's y) extruded along X, centred. */
function extruded(shape: Shape): BufferGeometry {
  const geometry = new ExtrudeGeometry(shape, { depth: LENGTH, bevelEnabled: false, curveSegments: 32 });
  // Extrusion runs along the shape's z: turn it to X, with the profile's height on Z (see the frame above).
  geometry.rotateY(Math.PI / 2);
  geometry.rotateX(Math.PI / 2);
  geometry.center();
  return geometry;
}

function rectangle(w: number, h: number): Path {
  const p = new Path();
  p.moveTo(-w / 2, -h / 2);
  p.lineTo(w / 2, -h / 2);
  p.lineTo(w / 2, h / 2);
  p.lineTo(-w / 2, h / 2);
  p.closePath();
  return p;
}

function polygon(sides: number, radius: number, into: Shape | Path): void {
  for (let i = 0; i <= sides; i++) {
    const angle = (i / sides) * Math.PI * 2 + Math.PI / sides;
    const x = Math.cos(angle) * radius;
    const y = Math.sin(angle) * radius;
    if (i === 0) into.moveTo(x, y);
    else into.lineTo(x, y);
  }
}

/** A closed outline through the points. */
function outline(points: [number, number][]): Shape {
  const shape = new Shape();
  points.forEach(([x, y], i) => (i === 0 ? shape.moveTo(x, y) : shape.lineTo(x, y)));
  shape.closePath();
  return shape;
}

function tube(kind: 'round' | 'square' | 'rectangle' | 'hex', sizes: Sizes): BufferGeometry {
  const shape = new Shape();
  let hole = new Path();
  if (kind === 'round') {
    const [outer, wall] = scaled(sizes, ['outerDiameter', 'wallThickness'], [1, 0.12]);
    shape.absarc(0, 0, outer / 2, 0, Math.PI * 2, false);
    hole.absarc(0, 0, Math.max(outer / 2 - wall, outer * 0.1), 0, Math.PI * 2, true);
  } else if (kind === 'hex') {
    const [across, wall] = scaled(sizes, ['acrossFlats', 'wallThickness'], [1, 0.12]);
    const r = across / 2 / Math.cos(Math.PI / 6);
    polygon(6, r, shape);
    polygon(6, Math.max(r - wall / Math.cos(Math.PI / 6), r * 0.1), hole);
  } else {
    const [w, h, wall] =
      kind === 'square'
        ? (([side, t]) => [side, side, t])(scaled(sizes, ['side', 'wallThickness'], [1, 0.1]))
        : scaled(sizes, ['width', 'height', 'wallThickness'], [1, 0.6, 0.08]);
    shape.setFromPoints(rectangle(w, h).getPoints());
    hole = rectangle(Math.max(w - 2 * wall, w * 0.1), Math.max(h - 2 * wall, h * 0.1));
  }
  shape.holes.push(hole);
  return extruded(shape);
}

function beam(kind: 'i-beam' | 't-beam' | 'c-beam' | 'l-beam-equal' | 'l-beam-different', sizes: Sizes): BufferGeometry {
  if (kind === 'l-beam-equal' || kind === 'l-beam-different') {
    const [a, b, t] =
      kind === 'l-beam-equal'
        ? (([leg, th]) => [leg, leg, th])(scaled(sizes, ['leg', 'thickness'], [1, 0.12]))
        : scaled(sizes, ['legA', 'legB', 'thickness'], [1, 0.65, 0.1]);
    // Long leg up, short leg along the floor.
    return extruded(
      outline([
        [-b / 2, -a / 2],
        [b / 2, -a / 2],
        [b / 2, -a / 2 + t],
        [-b / 2 + t, -a / 2 + t],
        [-b / 2 + t, a / 2],
        [-b / 2, a / 2],
      ]),
    );
  }
  const [h, w, tw, tf] = scaled(
    sizes,
    ['height', 'flangeWidth', 'webThickness', 'flangeThickness'],
    kind === 't-beam' ? [1, 1, 0.12, 0.14] : [1, 0.6, 0.08, 0.12],
  );
  const x = w / 2;
  const y = h / 2;
  if (kind === 'i-beam') {
    return extruded(
      outline([
        [-x, -y],
        [x, -y],
        [x, -y + tf],
        [tw / 2, -y + tf],
        [tw / 2, y - tf],
        [x, y - tf],
        [x, y],
        [-x, y],
        [-x, y - tf],
        [-tw / 2, y - tf],
        [-tw / 2, -y + tf],
        [-x, -y + tf],
      ]),
    );
  }
  if (kind === 't-beam') {
    return extruded(
      outline([
        [-tw / 2, -y],
        [tw / 2, -y],
        [tw / 2, y - tf],
        [x, y - tf],
        [x, y],
        [-x, y],
        [-x, y - tf],
        [-tw / 2, y - tf],
      ]),
    );
  }
  // Channel: the web on the left, flanges to the right.
  return extruded(
    outline([
      [-x, -y],
      [x, -y],
      [x, -y + tf],
      [-x + tw, -y + tf],
      [-x + tw, y - tf],
      [x, y - tf],
      [x, y],
      [-x, y],
    ]),
  );
}

/** The preview geometry of a class, with its direction groups. */
export function shapeOf(materialClass: MaterialClassId | '', sizes: Sizes): BufferGeometry {
  return groupByDirection(rawShapeOf(materialClass, sizes));
}

function rawShapeOf(materialClass: MaterialClassId | '', sizes: Sizes): BufferGeometry {
  if (!materialClass) return new BoxGeometry(1.4, 1.4, 1.4);
  const category = MATERIAL_CLASSES[materialClass].category;
  switch (materialClass) {
    case 'sheet': {
      const [l, w, t] = scaled(sizes, ['length', 'width', 'thickness'], [2.4, 1.6, 0.06], 2.4);
      return new BoxGeometry(l, w, Math.max(t, 0.04));
    }
    case 'linear-round':
      return along(new CylinderGeometry(0.1, 0.1, LENGTH, 32));
    case 'linear-flat': {
      const [w, t] = scaled(sizes, ['width', 'thickness'], [0.5, 0.06], 0.5);
      return new BoxGeometry(LENGTH, w, Math.max(t, 0.03));
    }
    case 'round-bar': {
      const [d] = scaled(sizes, ['diameter'], [0.6], 0.6);
      return along(new CylinderGeometry(d / 2, d / 2, LENGTH, 40));
    }
    case 'square-bar':
      return new BoxGeometry(LENGTH, 0.6, 0.6);
    case 'rectangle-bar': {
      const [w, h] = scaled(sizes, ['width', 'height'], [0.8, 0.5], 0.8);
      return new BoxGeometry(LENGTH, w, h);
    }
    case 'hex-bar':
      return along(new CylinderGeometry(0.35, 0.35, LENGTH, 6));
    case 'round-tube':
      return tube('round', sizes);
    case 'square-tube':
      return tube('square', sizes);
    case 'rectangle-tube':
      return tube('rectangle', sizes);
    case 'hex-tube':
      return tube('hex', sizes);
    case 'i-beam':
    case 't-beam':
    case 'c-beam':
    case 'l-beam-equal':
    case 'l-beam-different':
      return beam(materialClass, sizes);
    default: {
      if (category === 'block' || category === 'piece') {
        const [w, d, h] = scaled(sizes, ['width', 'depth', 'height'], [1.4, 1.4, 1.4], 1.6);
        return new BoxGeometry(w, d, h);
      }
      return new BoxGeometry(1.4, 1.4, 1.4);
    }
  }
}

/** A cylinder (three.js builds it along Y) turned to run along X. */
function along(geometry: BufferGeometry): BufferGeometry {
  geometry.rotateZ(Math.PI / 2);
  return geometry;
}
