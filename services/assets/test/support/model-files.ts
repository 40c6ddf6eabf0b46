/**
 * Real 3D files made by the tests (ADR 0053), each written here independently of the service's own
 * readers and writer: a STEP box (AP214, a closed shell of six planar faces), a GLB with indices and a
 * node transform, binary and ASCII STL, an OBJ with quads, a 3DS, and a Rhino 3dm (made by rhino3dm).
 */

/** An axis-aligned box `x × y × z` mm as an AP214 STEP file. */
export function stepBox(x: number, y: number, z: number): string {
  const lines: string[] = [];
  let next = 1;
  const add = (entity: string) => {
    const id = next++;
    lines.push(`#${id}=${entity};`);
    return `#${id}`;
  };
  const f = (n: number) => (Number.isInteger(n) ? `${n}.` : String(n));
  const point = (p: number[]) => add(`CARTESIAN_POINT('',(${p.map(f).join(',')}))`);
  const direction = (d: number[]) => add(`DIRECTION('',(${d.map(f).join(',')}))`);
  const corners = Array.from({ length: 8 }, (_, i) => [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0]);
  const app = add(`APPLICATION_CONTEXT('automotive design')`);
  add(`APPLICATION_PROTOCOL_DEFINITION('international standard','automotive_design',2000,${app})`);
  const productContext = add(`PRODUCT_CONTEXT('',${app},'mechanical')`);
  const product = add(`PRODUCT('box','box','',(${productContext}))`);
  const formation = add(`PRODUCT_DEFINITION_FORMATION('','',${product})`);
  const definitionContext = add(`PRODUCT_DEFINITION_CONTEXT('part definition',${app},'design')`);
  const definition = add(`PRODUCT_DEFINITION('design','',${formation},${definitionContext})`);
  const shape = add(`PRODUCT_DEFINITION_SHAPE('','',${definition})`);
  const length = add(`( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) )`);
  const angle = add(`( NAMED_UNIT(*) PLANE_ANGLE_UNIT() SI_UNIT($,.RADIAN.) )`);
  const solidAngle = add(`( NAMED_UNIT(*) SI_UNIT($,.STERADIAN.) SOLID_ANGLE_UNIT() )`);
  const uncertainty = add(`UNCERTAINTY_MEASURE_WITH_UNIT(LENGTH_MEASURE(1.E-07),${length},'distance_accuracy_value','')`);
  const context = add(
    `( GEOMETRIC_REPRESENTATION_CONTEXT(3) GLOBAL_UNCERTAINTY_ASSIGNED_CONTEXT((${uncertainty})) ` +
      `GLOBAL_UNIT_ASSIGNED_CONTEXT((${length},${angle},${solidAngle})) REPRESENTATION_CONTEXT('','') )`,
  );
  const vertices = corners.map((c) => add(`VERTEX_POINT('',${point(c)})`));
  const edges = new Map<string, string>();
  const edge = (a: number, b: number) => {
    const [lo, hi] = a < b ? [a, b] : [b, a];
    const key = `${lo}-${hi}`;
    if (!edges.has(key)) {
      const d = corners[hi]!.map((v, k) => v - corners[lo]![k]!);
      const len = Math.hypot(...d);
      const line = add(`LINE('',${point(corners[lo]!)},${add(`VECTOR('',${direction(d.map((v) => v / len))},${f(len)})`)})`);
      edges.set(key, add(`EDGE_CURVE('',${vertices[lo]},${vertices[hi]},${line},.T.)`));
    }
    return add(`ORIENTED_EDGE('',*,*,${edges.get(key)},${a < b ? '.T.' : '.F.'})`);
  };
  // Each face's corners counter-clockwise seen from outside, with its outward normal.
  const faces: [number[], number[]][] = [
    [
      [0, 2, 3, 1],
      [0, 0, -1],
    ],
    [
      [4, 5, 7, 6],
      [0, 0, 1],
    ],
    [
      [0, 1, 5, 4],
      [0, -1, 0],
    ],
    [
      [2, 6, 7, 3],
      [0, 1, 0],
    ],
    [
      [0, 4, 6, 2],
      [-1, 0, 0],
    ],
    [
      [1, 3, 7, 5],
      [1, 0, 0],
    ],
  ];
  const faceIds = faces.map(([loop, normal]) => {
    const oriented = loop.map((v, i) => edge(v, loop[(i + 1) % 4]!));
    const edgeLoop = add(`EDGE_LOOP('',(${oriented.join(',')}))`);
    const bound = add(`FACE_OUTER_BOUND('',${edgeLoop},.T.)`);
    const ref = corners[loop[1]!]!.map((v, k) => v - corners[loop[0]!]![k]!);
    const refLength = Math.hypot(...ref);
    const placement = add(`AXIS2_PLACEMENT_3D('',${point(corners[loop[0]!]!)},${direction(normal)},${direction(ref.map((v) => v / refLength))})`);
    return add(`ADVANCED_FACE('',(${bound}),${add(`PLANE('',${placement})`)},.T.)`);
  });
  const shell = add(`CLOSED_SHELL('',(${faceIds.join(',')}))`);
  const solid = add(`MANIFOLD_SOLID_BREP('box',${shell})`);
  const origin = add(`AXIS2_PLACEMENT_3D('',${point([0, 0, 0])},${direction([0, 0, 1])},${direction([1, 0, 0])})`);
  const representation = add(`ADVANCED_BREP_SHAPE_REPRESENTATION('',(${solid},${origin}),${context})`);
  add(`SHAPE_DEFINITION_REPRESENTATION(${shape},${representation})`);
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('a box'),'2;1');",
    "FILE_NAME('box.step','2026-01-01T00:00:00',(''),(''),'','','');",
    "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
    'ENDSEC;',
    'DATA;',
    ...lines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

/** The twelve triangles of a box `x × y × z` from the origin. */
export function boxTriangles(x: number, y: number, z: number): number[][] {
  const c = (i: number) => [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0];
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  return quads.flatMap(([a, b, d, e]) => [
    [...c(a!), ...c(b!), ...c(d!)],
    [...c(a!), ...c(d!), ...c(e!)],
  ]);
}

export function binaryStl(triangles: number[][]): Buffer {
  const out = Buffer.alloc(84 + triangles.length * 50);
  out.write('binary stl made by a test', 0, 'latin1');
  out.writeUInt32LE(triangles.length, 80);
  triangles.forEach((t, i) => t.forEach((v, k) => out.writeFloatLE(v, 84 + i * 50 + 12 + k * 4)));
  return out;
}

export function asciiStl(triangles: number[][]): string {
  const facets = triangles.map(
    (t) => `facet normal 0 0 0\n outer loop\n${[0, 1, 2].map((i) => `  vertex ${t[i * 3]} ${t[i * 3 + 1]} ${t[i * 3 + 2]}`).join('\n')}\n endloop\nendfacet`,
  );
  return `solid box\n${facets.join('\n')}\nendsolid box\n`;
}

/** A box as an OBJ of six quads (1-based indices, some `v/t/n` forms). */
export function objBox(x: number, y: number, z: number): string {
  const vertices = Array.from({ length: 8 }, (_, i) => `v ${i & 1 ? x : 0} ${i & 2 ? y : 0} ${i & 4 ? z : 0}`);
  const quads = ['1 3 4 2', '5/1/1 6/1/1 8/1/1 7/1/1', '1 2 6 5', '3 7 8 4', '1 5 7 3', '2 4 8 6'];
  return `# a box\nmtllib none.mtl\n${vertices.join('\n')}\nvt 0 0\nvn 0 0 1\n${quads.map((q) => `f ${q}`).join('\n')}\n`;
}

/**
 * A GLB of a box `1 × 1 × 1` scaled by the node to `x × y × z`, with 16-bit indices: the transform and the
 * indices must be read for the size to come out right. `overrun`: its indices claim more than the file holds.
 */
export function glbBox(x: number, y: number, z: number, options: { overrun?: boolean } = {}): Buffer {
  const positions = new Float32Array(Array.from({ length: 8 }, (_, i) => [i & 1 ? 1 : 0, i & 2 ? 1 : 0, i & 4 ? 1 : 0]).flat());
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const indices = new Uint16Array(quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]));
  const bin = Buffer.concat([Buffer.from(positions.buffer), Buffer.from(indices.buffer), Buffer.alloc((4 - (indices.byteLength % 4)) % 4)]);
  const json = Buffer.from(
    JSON.stringify({
      asset: { version: '2.0' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [
        { children: [1], translation: [5, 5, 5] },
        { mesh: 0, scale: [x, y, z] },
      ],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      buffers: [{ byteLength: bin.length }],
      bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: positions.byteLength },
        { buffer: 0, byteOffset: positions.byteLength, byteLength: indices.byteLength },
      ],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 8, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 1] },
        { bufferView: 1, componentType: 5123, count: options.overrun ? indices.length * 1000 : indices.length, type: 'SCALAR' },
      ],
    }),
  );
  const jsonPadded = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const header = Buffer.alloc(12);
  const total = 12 + 8 + jsonPadded.length + 8 + bin.length;
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  const chunk = (type: number, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32LE(body.length, 0);
    head.writeUInt32LE(type, 4);
    return Buffer.concat([head, body]);
  };
  return Buffer.concat([header, chunk(0x4e4f534a, jsonPadded), chunk(0x004e4942, bin)]);
}

/** A 3DS file holding one triangle mesh: the box's 8 points and 12 faces. */
export function threeDsBox(x: number, y: number, z: number): Buffer {
  const chunk = (id: number, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const head = Buffer.alloc(6);
    head.writeUInt16LE(id, 0);
    head.writeUInt32LE(6 + body.length, 2);
    return Buffer.concat([head, body]);
  };
  const points = Buffer.alloc(2 + 8 * 12);
  points.writeUInt16LE(8, 0);
  for (let i = 0; i < 8; i++) [i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0].forEach((v, k) => points.writeFloatLE(v, 2 + i * 12 + k * 4));
  const quads = [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ];
  const triangles = quads.flatMap(([a, b, c, d]) => [
    [a!, b!, c!],
    [a!, c!, d!],
  ]);
  const faces = Buffer.alloc(2 + triangles.length * 8);
  faces.writeUInt16LE(triangles.length, 0);
  triangles.forEach((t, i) => t.forEach((v, k) => faces.writeUInt16LE(v, 2 + i * 8 + k * 2)));
  const mesh = chunk(0x4100, chunk(0x4110, points), chunk(0x4120, faces));
  return chunk(0x4d4d, chunk(0x0002, Buffer.from([3, 0, 0, 0])), chunk(0x3d3d, chunk(0x4000, Buffer.from('box\0'), mesh)));
}

/** A Rhino 3dm holding one mesh (a box), written by rhino3dm. */
export async function rhinoBox(x: number, y: number, z: number): Promise<Buffer> {
  const rhino = await (require('rhino3dm') as () => Promise<any>)();
  const file = new rhino.File3dm();
  const mesh = new rhino.Mesh();
  for (let i = 0; i < 8; i++) mesh.vertices().add(i & 1 ? x : 0, i & 2 ? y : 0, i & 4 ? z : 0);
  for (const [a, b, c, d] of [
    [0, 2, 3, 1],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 4, 6, 2],
    [1, 3, 7, 5],
  ])
    mesh.faces().addQuadFace(a, b, c, d);
  file.objects().add(mesh, null);
  return Buffer.from(file.toByteArray());
}

/** A flat plate `x × y` mm as an IGES file: one B-spline surface (entity 128, degree 1, its natural bounds). */
export function igesPlate(x: number, y: number): string {
  const line = (data: string, section: string, n: number) => data.padEnd(72, ' ').slice(0, 72) + section + String(n).padStart(7, ' ');
  const hollerith = (s: string) => `${s.length}H${s}`;
  const chunks = (text: string, width: number) => Array.from({ length: Math.ceil(text.length / width) }, (_, i) => text.slice(i * width, (i + 1) * width));
  const date = hollerith('20260101.000000');
  const global = [',', ';', 'plate', 'plate.igs', 'kiln test', '1'].map(hollerith).concat(['32', '38', '6', '308', '15', hollerith('plate'), '1.0', '2']);
  const globalText = [...global, hollerith('MM'), '1', '1.0', date, '1.0E-6', '1000.0', hollerith('kiln'), hollerith('kiln'), '11', '0', date].join(',') + ';';
  const G = chunks(globalText, 72).map((d, i) => line(d, 'G', i + 1));
  // Degree 1 in both directions, 2 × 2 control points, knots 0 0 1 1, weights 1, the corners, then the parameter ranges.
  const corners = [0, 0, 0, x, 0, 0, 0, y, 0, x, y, 0].map((v) => `${v}.`);
  const parameters = [
    '128',
    '1',
    '1',
    '1',
    '1',
    '0',
    '0',
    '1',
    '0',
    '0',
    '0',
    '0',
    '1',
    '1',
    '0',
    '0',
    '1',
    '1',
    '1',
    '1',
    '1',
    '1',
    ...corners,
    '0',
    '1',
    '0',
    '1',
  ];
  const P = chunks(parameters.join(',') + ';', 64).map((d, i) => line(`${d.padEnd(64, ' ')} ${'1'.padStart(7, ' ')}`, 'P', i + 1));
  const field = (v: string | number) => String(v).padStart(8, ' ');
  const D = [
    line([128, 1, 0, 0, 0, 0, 0, 0].map(field).join('') + '00000000', 'D', 1),
    line([128, 0, 0, P.length, 0, '', '', 'SURFACE', 1].map(field).join(''), 'D', 2),
  ];
  const S = [line('a plate made by a test', 'S', 1)];
  const T = [line(`S${String(1).padStart(7)}G${String(G.length).padStart(7)}D${String(D.length).padStart(7)}P${String(P.length).padStart(7)}`, 'T', 1)];
  return [...S, ...G, ...D, ...P, ...T].join('\n') + '\n';
}
