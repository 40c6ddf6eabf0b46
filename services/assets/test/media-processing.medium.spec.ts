import { AnyEventEnvelope, Media, MEDIA_PREVIEW_MESSAGES, MEDIA_PROCESSING_LIMITS } from '@kiln/contracts';
import { nsSubject } from '@kiln/service-kit';
import { sql } from 'kysely';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { eventually } from '../../../deploy/test/support/eventually';
import { MediaProcessor } from '../src/media/reactions/media-processor';
import { AssetsEnv, RpcError, startAssets } from './support/assets-env';
import { asciiStl, binaryStl, boxTriangles, glbBox, igesPlate, objBox, rhinoBox, stepBox, threeDsBox } from './support/model-files';

/**
 * Media processing (issue 18, ADR 0053) in the assets service with its real adapters, Postgres and NATS:
 * every registered image, vector graphic and 3D object is made into its derived files (thumbnail, sanitised
 * SVG, viewer GLB) and recorded with `assets.media.processed.v1`; broken and hostile files are refused
 * with a sentence and take nothing down; a repeated event, a second instance and a crash mid-way leave
 * one result.
 */
jest.setTimeout(120_000);

let env: AssetsEnv;
const actor = { userId: randomBytes(12).toString('hex') };

beforeAll(async () => {
  env = await startAssets({ KILN_MEDIA_SWEEP_MS: '500', KILN_MEDIA_LEASE_MS: '60000' });
}, 120_000);
afterAll(() => env?.stop(), 60_000);

const stored = (id: string, variant?: string) => join(env.storageDir, 'media', variant ? `${id}.${variant}` : id);
const processedEvents = (id: string) => env.events.filter((e) => e.type === 'assets.media.processed.v1' && e.aggregateId === id);

/** Uploads a file and waits for its processing to end (its processed event); answers the record as then. */
async function processed(content: Buffer | string, filename: string, repo: 'image' | 'vector' | 'object3d'): Promise<Media> {
  const media = await env.upload(actor, content, filename, repo);
  expect(media.preview.status).toBe('pending');
  const event = await eventually(() => {
    const [found] = processedEvents(media.id);
    expect(found).toBeDefined();
    return found!;
  }, 60_000);
  const record = await env.getMedia(actor, media.id);
  expect((event.data as { media: Media }).media).toEqual(record);
  return record;
}

async function thumbnailOf(id: string) {
  const bytes = readFileSync(stored(id, 'thumb.png'));
  const meta = await sharp(bytes).metadata();
  expect(meta.format).toBe('png');
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(MEDIA_PROCESSING_LIMITS.thumbnailPixels);
  return meta;
}

/** A PNG whose header says `width × height`, with a few bytes of pixels: a decompression bomb's shape. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

describe('images', () => {
  it('turns a JPEG by its EXIF orientation, records its size as shown, and serves a 512 px PNG without metadata', async () => {
    // 800 × 400 stored, orientation 6: shown as 400 × 800.
    const jpeg = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#c03030' } })
      .withExif({ IFD0: { Copyright: 'a secret of the uploader' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const media = await processed(jpeg, 'photo.jpg', 'image');
    expect(media.preview).toEqual({ status: 'ready', thumbnail: true, view: false, svg: false, width: 400, height: 800 });
    const thumb = await thumbnailOf(media.id);
    expect([thumb.width, thumb.height]).toEqual([256, 512]);
    expect(thumb.exif).toBeUndefined();
    expect(thumb.orientation).toBeUndefined();
    expect(readFileSync(stored(media.id, 'thumb.png')).includes('a secret of the uploader')).toBe(false);
  });

  it.each([
    [
      'png',
      () =>
        sharp({ create: { width: 64, height: 48, channels: 4, background: '#3050c0' } })
          .png()
          .toBuffer(),
    ],
    [
      'webp',
      () =>
        sharp({ create: { width: 64, height: 48, channels: 3, background: '#30c050' } })
          .webp()
          .toBuffer(),
    ],
    [
      'gif',
      () =>
        sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0c030' } })
          .gif()
          .toBuffer(),
    ],
  ])('makes a thumbnail of a %s, never enlarged', async (extension, make) => {
    const media = await processed(await make(), `picture.${extension}`, 'image');
    expect(media.preview).toMatchObject({ status: 'ready', thumbnail: true, width: 64, height: 48 });
    const thumb = await thumbnailOf(media.id);
    expect([thumb.width, thumb.height]).toEqual([64, 48]);
  });

  it('records a damaged image as failed with a sentence, and an image of too many pixels without decoding it', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const damaged = Buffer.concat([png.subarray(0, 40), randomBytes(200)]);
    const broken = await processed(damaged, 'broken.png', 'image');
    expect(broken.preview).toEqual({ status: 'failed', message: MEDIA_PREVIEW_MESSAGES.unreadableImage, thumbnail: false, view: false, svg: false });
    expect(existsSync(stored(broken.id, 'thumb.png'))).toBe(false);

    const huge = await processed(pngClaiming(30_000, 30_000), 'huge.png', 'image');
    expect(huge.preview).toMatchObject({ status: 'failed', message: MEDIA_PREVIEW_MESSAGES.tooManyPixels(MEDIA_PROCESSING_LIMITS.maxInputPixels) });
  });
});

describe('vector graphics', () => {
  const hostile = [
    '<?xml version="1.0"?>',
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" onload="alert(1)">',
    '<script>alert("script")</script>',
    '<style>@import url(https://evil.example/a.css); rect.b { fill: url(http://evil.example/paint) } rect.c { fill: url(#grad) }</style>',
    '<defs><linearGradient id="grad"><stop offset="0" stop-color="#f00"/></linearGradient></defs>',
    '<rect class="b" width="100" height="50" fill="#2040a0" onclick="steal()" onmouseover="steal()"/>',
    '<rect class="c" x="100" width="100" height="50" style="fill:url(https://evil.example/x); stroke: #000"/>',
    '<a xlink:href="javascript:alert(2)"><text y="80">click</text></a>',
    '<a href="https://evil.example/"><circle cx="150" cy="75" r="10"/></a>',
    '<image href="https://evil.example/tracker.png" width="10" height="10"/>',
    '<image xlink:href="file:///etc/passwd" width="10" height="10"/>',
    '<use href="https://evil.example/sprite.svg#icon"/>',
    '<use xlink:href="#grad"/>',
    '<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"></iframe></div></foreignObject>',
    '<circle cx="50" cy="75" r="20" fill="url(http://evil.example/p)"/>',
    '<animate attributeName="href" to="javascript:alert(3)"/>',
    '<rect width="5" height="5" style="background: image-set(&quot;https://evil.example/set.png&quot; 1x)"/>',
    '<rect width="5" height="5" style="fill: \\75 rl(https://evil.example/escaped)" fill="\\75 rl(https://evil.example/escaped2)"/>',
    '<style>rect { fill: u/**/rl(https://evil.example/comment) }</style>',
    '</svg>',
  ].join('\n');

  it('sanitises a hostile SVG (script, events, javascript: links, outside images and uses, foreignObject, CSS url) and draws its thumbnail', async () => {
    const media = await processed(hostile, 'hostile.svg', 'vector');
    expect(media.preview).toEqual({ status: 'ready', thumbnail: true, view: false, svg: true, width: 200, height: 100 });
    const safe = readFileSync(stored(media.id, 'safe.svg'), 'utf8');
    for (const forbidden of [
      /<script/i,
      /\son\w+=/i,
      /javascript:/i,
      /evil\.example/i,
      /file:/i,
      /foreignObject/i,
      /<iframe/i,
      /@import/i,
      /<image/i,
      /<animate/i,
    ]) {
      expect(safe).not.toMatch(forbidden);
    }
    // What is safe stays: the shapes, the local gradient and its use.
    expect(safe).toMatch(/<rect[^>]*fill="#2040a0"/);
    expect(safe).toContain('url(#grad)');
    expect(safe).toContain('<circle');
    await thumbnailOf(media.id);
    // The stored original is untouched (only the sanitised variant is ever served).
    expect(readFileSync(stored(media.id), 'utf8')).toBe(hostile);
  });

  it('refuses an SVG that declares entities (XXE, billion laughs): nothing of it is expanded or kept', async () => {
    const xxe =
      '<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n' +
      '<!ENTITY a "aaaaaaaaaa">\n<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n]>\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&xxe;&b;</text></svg>';
    const media = await processed(xxe, 'xxe.svg', 'vector');
    expect(media.preview).toEqual({ status: 'failed', message: MEDIA_PREVIEW_MESSAGES.unreadableSvg, thumbnail: false, view: false, svg: false });
    expect(existsSync(stored(media.id, 'safe.svg'))).toBe(false);
  });

  it('draws a DXF (lines, a polyline, a circle, an arc) as an SVG with a thumbnail', async () => {
    const group = (...pairs: (string | number)[]) => pairs.map(String).join('\n');
    const dxf = [
      group(0, 'SECTION', 2, 'ENTITIES'),
      group(0, 'LINE', 8, 0, 10, 0, 20, 0, 30, 0, 11, 100, 21, 0, 31, 0),
      group(0, 'LWPOLYLINE', 8, 0, 90, 3, 70, 1, 10, 0, 20, 10, 10, 50, 20, 60, 10, 100, 20, 10),
      group(0, 'CIRCLE', 8, 0, 10, 50, 20, 30, 30, 0, 40, 15),
      group(0, 'ARC', 8, 0, 10, 0, 20, 0, 30, 0, 40, 30, 50, 0, 51, 90),
      group(0, 'ENDSEC', 0, 'EOF'),
      '',
    ].join('\n');
    const media = await processed(dxf, 'plate.dxf', 'vector');
    expect(media.preview).toMatchObject({ status: 'ready', thumbnail: true, svg: true, view: false });
    const svg = readFileSync(stored(media.id, 'safe.svg'), 'utf8');
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<path /g)).toHaveLength(4);
    expect(svg).toContain('M0 0L100 0');
    await thumbnailOf(media.id);
  });

  it('records a DXF with nothing to draw as failed with a sentence', async () => {
    const empty = await processed('0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n', 'empty.dxf', 'vector');
    expect(empty.preview).toMatchObject({ status: 'failed', message: MEDIA_PREVIEW_MESSAGES.emptyDrawing });
  });
});

describe('3D objects', () => {
  const box = { x: 40, y: 20, z: 10 };
  it.each([
    ['box.step', () => stepBox(box.x, box.y, box.z)],
    // glTF's numbers are metres (ADR 0053): 0.04 m is 40 mm.
    ['box.glb', () => glbBox(box.x / 1000, box.y / 1000, box.z / 1000)],
    ['box.stl', () => binaryStl(boxTriangles(box.x, box.y, box.z))],
    ['ascii.stl', () => asciiStl(boxTriangles(box.x, box.y, box.z))],
    ['box.obj', () => objBox(box.x, box.y, box.z)],
    ['box.3ds', () => threeDsBox(box.x, box.y, box.z)],
    ['box.3dm', () => rhinoBox(box.x, box.y, box.z)],
  ])('converts %s into the viewer GLB with a thumbnail from its geometry and its size in mm', async (filename, make) => {
    const media = await processed(await make(), filename, 'object3d');
    expect(media.preview).toEqual({ status: 'ready', thumbnail: true, view: true, svg: false, size3d: box });
    const glb = readFileSync(stored(media.id, 'view.glb'));
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'));
    // glTF is y-up: the z-up formats are turned by their node (-90° about x), their points kept.
    expect(json.nodes[0].rotation ?? null).toEqual(/\.(glb|obj)$/.test(filename) ? null : [-Math.SQRT1_2, 0, 0, Math.SQRT1_2]);
    const [min, max] = [json.accessors[0].min as number[], json.accessors[0].max as number[]];
    expect(max.map((v, k) => v - min[k]!)).toEqual([box.x, box.y, box.z]);
    expect(json.accessors[0].count).toBeGreaterThanOrEqual(36);
    const thumb = await thumbnailOf(media.id);
    // Drawn: not all background.
    const { data } = await sharp(readFileSync(stored(media.id, 'thumb.png')))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const background = data.readUInt32BE(0);
    let drawn = 0;
    for (let i = 0; i < data.length; i += thumb.channels!) if (data.readUInt32BE(i) !== background) drawn++;
    expect(drawn).toBeGreaterThan(1000);
  });

  it('reads a glTF in metres: a 1 m cube is 1000 mm in its record and in the viewer GLB', async () => {
    const media = await processed(glbBox(1, 1, 1), 'cube.glb', 'object3d');
    expect(media.preview).toMatchObject({ status: 'ready', view: true, size3d: { x: 1000, y: 1000, z: 1000 } });
    const glb = readFileSync(stored(media.id, 'view.glb'));
    const json = JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'));
    const [min, max] = [json.accessors[0].min as number[], json.accessors[0].max as number[]];
    expect(max.map((v, k) => v - min[k]!)).toEqual([1000, 1000, 1000]);
  });

  it('converts an IGES surface (OpenCascade) into the viewer GLB with its size in mm', async () => {
    const media = await processed(igesPlate(40, 20), 'plate.igs', 'object3d');
    expect(media.preview).toEqual({ status: 'ready', thumbnail: true, view: true, svg: false, size3d: { x: 40, y: 20, z: 0 } });
    expect(readFileSync(stored(media.id, 'view.glb')).subarray(0, 4).toString('latin1')).toBe('glTF');
  });

  it.each([
    [
      'a GLB whose mesh points past its data',
      'overrun.glb',
      () => glbBox(1, 1, 1, { overrun: true }),
      MEDIA_PREVIEW_MESSAGES.unreadableFile('GLB', 'a mesh refers to data past the end of the file.'),
    ],
    ['a STEP file of nonsense', 'junk.step', () => 'ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1=NONSENSE((;\nENDSEC;\nEND-ISO-10303-21;\n', null],
    [
      'an OBJ with a face past its points',
      'bad.obj',
      () => 'v 0 0 0\nv 1 0 0\nf 1 2 9\n',
      MEDIA_PREVIEW_MESSAGES.unreadableFile('OBJ', 'a face refers to a point that is not in the file.'),
    ],
    ['an OBJ with no faces', 'points.obj', () => 'v 0 0 0\nv 1 0 0\nv 0 1 0\n', MEDIA_PREVIEW_MESSAGES.empty3d('OBJ')],
  ])('records %s as failed with a sentence saying why, and stays up', async (_name, filename, make, message) => {
    const media = await processed(make(), filename, 'object3d');
    expect(media.preview).toMatchObject({ status: 'failed', thumbnail: false, view: false, svg: false });
    expect(media.preview.message).toEqual(message ?? expect.stringMatching(/^This (STL|STEP) file (cannot be read: .+\.|holds no geometry to show\.)$/));
    expect(existsSync(stored(media.id, 'view.glb'))).toBe(false);
    // The service still answers.
    expect((await env.getMedia(actor, media.id)).id).toBe(media.id);
  });

  it.each([
    ['a truncated GLB', 'cut.glb', () => glbBox(1, 1, 1).subarray(0, 100)],
    ['a truncated binary STL', 'cut.stl', () => binaryStl(boxTriangles(1, 1, 1)).subarray(0, 300)],
  ])('refuses %s when it is registered (its bytes are not what its name says): nothing kept, nothing processed', async (_name, filename, make) => {
    const failure = await env.upload(actor, make(), filename, 'object3d').then(
      () => null,
      (error: RpcError) => error.body,
    );
    expect(failure).toMatchObject({ statusCode: 415 });
    expect(readdirSync(join(env.storageDir, 'media')).filter((name) => !/^[0-9a-f]{24}(\.(thumb\.png|view\.glb|safe\.svg))?$/.test(name))).toEqual([]);
  });
});

describe('processing once', () => {
  const processor = () => env.app().get(MediaProcessor);

  it('a repeated registered event does nothing twice', async () => {
    const media = await processed(objBox(1, 2, 3), 'again.obj', 'object3d');
    const registered = env.events.find((e) => e.type === 'assets.media.registered.v1' && e.aggregateId === media.id)!;
    expect(registered).toBeDefined();
    const copy: AnyEventEnvelope = { ...registered, eventId: randomUUID() };
    await env.nc.jetstream().publish(nsSubject('evt.assets.media.registered.v1', env.namespace), JSON.stringify(copy), { msgID: copy.eventId });
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM assets.processed_events WHERE event_id = ${copy.eventId}`.execute(env.db());
      expect(rows[0]!.n).toBe(1);
    });
    await processor().sweep();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(processedEvents(media.id)).toHaveLength(1);
    expect(await processor().process(media.id, null)).toBeNull();
    expect(await env.getMedia(actor, media.id)).toEqual(media);
  });

  it('two instances claiming the same file: one processes it, the other does nothing', async () => {
    const media = await processed(objBox(2, 2, 2), 'twice.obj', 'object3d');
    // Made pending again, as if just registered, with no claim; two processors race for it.
    await sql`UPDATE assets.media SET preview_status = 'pending', preview_attempts = 0 WHERE id = ${media.id}`.execute(env.db());
    const first = processor();
    const second = Object.assign(Object.create(Object.getPrototypeOf(first)), first, { instance: randomUUID() }) as MediaProcessor;
    const answers = await Promise.all([first.process(media.id, null), second.process(media.id, null)]);
    expect(answers.filter((a) => a !== null)).toHaveLength(1);
    await eventually(() => expect(processedEvents(media.id)).toHaveLength(2));
    expect((await env.getMedia(actor, media.id)).preview.status).toBe('ready');
  });

  it('a file whose processor stopped mid-way (its claim ran out) is processed again by the sweep', async () => {
    const media = await processed(objBox(3, 3, 3), 'crash.obj', 'object3d');
    // As a crash leaves it: pending, claimed by an instance that is gone, the claim's time over, the derived files half there.
    await sql`UPDATE assets.media SET preview_status = 'pending', preview_claimed_by = 'gone', preview_claimed_until = now() - interval '1 second'
      WHERE id = ${media.id}`.execute(env.db());
    await eventually(() => expect(processedEvents(media.id)).toHaveLength(2), 30_000);
    const after = await env.getMedia(actor, media.id);
    expect(after.preview).toEqual(media.preview);
    // While another instance holds a live claim, nobody else takes it.
    await sql`UPDATE assets.media SET preview_status = 'pending', preview_claimed_by = 'alive', preview_claimed_until = now() + interval '1 hour'
      WHERE id = ${media.id}`.execute(env.db());
    expect(await processor().process(media.id, null)).toBeNull();
  });

  it('a file whose processing took its processor down three times is given up, visibly, instead of a fourth try', async () => {
    const media = await processed(objBox(4, 4, 4), 'cursed.obj', 'object3d');
    // As three crashes leave it: pending, claimed three times, the last claim's time over.
    await sql`UPDATE assets.media SET preview_status = 'pending', preview_attempts = 3, preview_claimed_by = 'gone',
      preview_claimed_until = now() - interval '1 second' WHERE id = ${media.id}`.execute(env.db());
    await eventually(() => expect(processedEvents(media.id)).toHaveLength(2), 30_000);
    expect((await env.getMedia(actor, media.id)).preview).toEqual({
      status: 'failed',
      message: MEDIA_PREVIEW_MESSAGES.gaveUp,
      thumbnail: false,
      view: false,
      svg: false,
    });
  });

  it('an image does not wait behind a 3D conversion (they are processed in lanes of their own)', async () => {
    const lines: string[] = [];
    const n = 700;
    for (let y = 0; y <= n; y++) for (let x = 0; x <= n; x++) lines.push(`v ${x} ${y} ${(x * y) % 11}`);
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) lines.push(`f ${y * (n + 1) + x + 1} ${y * (n + 1) + x + 2} ${(y + 1) * (n + 1) + x + 2}`);
    const large = await env.upload(actor, lines.join('\n'), 'terrain.obj', 'object3d');
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const image = await env.upload(actor, png, 'small.png', 'image');
    await eventually(() => expect(processedEvents(image.id)).toHaveLength(1), 30_000);
    expect(processedEvents(large.id)).toHaveLength(0);
    await eventually(() => expect(processedEvents(large.id)).toHaveLength(1), 110_000);
    expect((await env.getMedia(actor, large.id)).preview).toMatchObject({ status: 'ready', view: true, size3d: { x: n, y: n, z: 10 } });
  });

  it('kinds without previews are ready at once with nothing derived, and are not processed', async () => {
    const media = await env.upload(actor, Buffer.from('plain bytes'), 'notes.txt', 'media');
    expect(media.preview).toEqual({ status: 'ready', thumbnail: false, view: false, svg: false });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(processedEvents(media.id)).toHaveLength(0);
  });
});
