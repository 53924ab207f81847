/**
 * A PNG's pixels as RGBA, for reading QR codes with jsQR in tests: the PNGs pdftoppm writes (8 bits
 * per channel, grey or RGB, with or without alpha, not interlaced). node:zlib and the five filters
 * of the PNG specification; nothing else is needed for those.
 */
import zlib from "node:zlib";

export type Pixels = { width: number; height: number; data: Uint8ClampedArray };

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export function pngPixels(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = [body[8], body[9], body[10], body[11], body[12]];
      channels = CHANNELS[colour!] ?? 0;
      if (depth !== 8 || !channels || interlace !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour ${colour})`);
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? rows[out + x - channels]! : 0;
      const b = y > 0 ? rows[out - stride + x]! : 0;
      const c = x >= channels && y > 0 ? rows[out - stride + x - channels]! : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter] ?? 0;
      rows[out + x] = (line[x]! + predictor) & 0xff;
    }
  }
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const px = rows.subarray(i * channels, i * channels + channels);
    const [r, g, b, alpha] =
      channels === 1
        ? [px[0], px[0], px[0], 255]
        : channels === 2
          ? [px[0], px[0], px[0], px[1]]
          : [px[0], px[1], px[2], channels === 4 ? px[3] : 255];
    data.set([r!, g!, b!, alpha!], i * 4);
  }
  return { width, height, data };
}

/** The part of a picture inside a rectangle (fractions of its width and height). */
export function cropPixels(pixels: Pixels, box: { x: number; y: number; width: number; height: number }): Pixels {
  const x0 = Math.round(box.x * pixels.width);
  const y0 = Math.round(box.y * pixels.height);
  const width = Math.round(box.width * pixels.width);
  const height = Math.round(box.height * pixels.height);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    data.set(
      pixels.data.subarray(((y0 + y) * pixels.width + x0) * 4, ((y0 + y) * pixels.width + x0 + width) * 4),
      y * width * 4,
    );
  return { width, height, data };
}
