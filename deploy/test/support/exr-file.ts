/**
 * A small valid OpenEXR image made by tests (ADR 0061): single part, scanline, NO_COMPRESSION, channels B, G, R
 * as HALF floats, one scanline per block. Enough for three's EXRLoader and for the upload's magic-byte check
 * (76 2f 31 01). `pixel(x, y)` gives linear RGB (values above 1 are fine: it is a high dynamic range image).
 */
export interface ExrOptions {
  width?: number;
  height?: number;
  pixel?: (x: number, y: number) => readonly [number, number, number];
}

/** IEEE 754 half float bits of a number (rounded toward zero; enough for test images). */
export function toHalf(value: number): number {
  const f32 = new Float32Array(1);
  const u32 = new Uint32Array(f32.buffer);
  f32[0] = value;
  const bits = u32[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = bits & 0x7fffff;
  if (exponent <= 0) return sign; // too small: zero
  if (exponent >= 31) return sign | 0x7c00; // too large: infinity
  return sign | (exponent << 10) | (mantissa >>> 13);
}

class Writer {
  private readonly parts: Buffer[] = [];
  length = 0;
  bytes(buffer: Buffer): this {
    this.parts.push(buffer);
    this.length += buffer.length;
    return this;
  }
  text(value: string): this {
    return this.bytes(Buffer.from(`${value}\0`, 'latin1'));
  }
  int32(...values: number[]): this {
    const b = Buffer.alloc(4 * values.length);
    values.forEach((v, i) => b.writeInt32LE(v, 4 * i));
    return this.bytes(b);
  }
  float32(...values: number[]): this {
    const b = Buffer.alloc(4 * values.length);
    values.forEach((v, i) => b.writeFloatLE(v, 4 * i));
    return this.bytes(b);
  }
  uint8(...values: number[]): this {
    return this.bytes(Buffer.from(values));
  }
  attribute(name: string, type: string, value: Buffer): this {
    return this.text(name).text(type).int32(value.length).bytes(value);
  }
  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

const sub = (build: (w: Writer) => Writer) => build(new Writer()).done();

export function exrFile(options: ExrOptions = {}): Buffer {
  const width = options.width ?? 8;
  const height = options.height ?? 4;
  // A sky-like gradient by default: bright at the top, warm at the bottom.
  const pixel = options.pixel ?? ((x: number, y: number) => [0.2 + (2 * x) / width, 0.4 + (1 - y / height), 1.5 - y / height] as const);
  const channels = ['B', 'G', 'R'] as const;
  const header = new Writer()
    .uint8(0x76, 0x2f, 0x31, 0x01)
    .int32(2)
    .attribute(
      'channels',
      'chlist',
      sub((w) => {
        // name, pixel type (1: HALF), pLinear, 3 reserved bytes, x and y sampling
        for (const name of channels) w.text(name).int32(1).uint8(0, 0, 0, 0).int32(1, 1);
        return w.uint8(0);
      }),
    )
    .attribute('compression', 'compression', Buffer.from([0]))
    .attribute(
      'dataWindow',
      'box2i',
      sub((w) => w.int32(0, 0, width - 1, height - 1)),
    )
    .attribute(
      'displayWindow',
      'box2i',
      sub((w) => w.int32(0, 0, width - 1, height - 1)),
    )
    .attribute('lineOrder', 'lineOrder', Buffer.from([0]))
    .attribute(
      'pixelAspectRatio',
      'float',
      sub((w) => w.float32(1)),
    )
    .attribute(
      'screenWindowCenter',
      'v2f',
      sub((w) => w.float32(0, 0)),
    )
    .attribute(
      'screenWindowWidth',
      'float',
      sub((w) => w.float32(1)),
    )
    .uint8(0);
  const lineBytes = channels.length * width * 2;
  const blockBytes = 8 + lineBytes;
  const tableStart = header.length;
  const firstBlock = tableStart + 8 * height;
  const table = Buffer.alloc(8 * height);
  for (let y = 0; y < height; y++) table.writeBigUInt64LE(BigInt(firstBlock + y * blockBytes), 8 * y);
  const blocks = Buffer.alloc(blockBytes * height);
  for (let y = 0; y < height; y++) {
    const at = y * blockBytes;
    blocks.writeInt32LE(y, at);
    blocks.writeInt32LE(lineBytes, at + 4);
    channels.forEach((_, c) => {
      for (let x = 0; x < width; x++) {
        const rgb = pixel(x, y);
        // Channels are stored alphabetically: B, G, R.
        const value = rgb[2 - c]!;
        blocks.writeUInt16LE(toHalf(value), at + 8 + (c * width + x) * 2);
      }
    });
  }
  return Buffer.concat([header.done(), table, blocks]);
}
