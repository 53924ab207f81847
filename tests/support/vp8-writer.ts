/**
 * Test support: valid lossy WebP key frames (`VP8 ` bitstreams) of any size and, when asked,
 * of an exact byte count, written with a boolean encoder (RFC 6386 section 7.3), so tests
 * need neither an encoder library nor files that lie about themselves (the server
 * now parses every frame and cuts what no decoder reads). Every macroblock is predicted
 * "DC" (a flat grey picture) and carries coefficient tokens only where bytes are wanted:
 * noise, which decodes to a grainy picture. Each partition ends where libwebp's decoder
 * stops reading, so the server keeps a frame of ours byte for byte.
 */
import { COEFF_PROBS, COEFF_UPDATE_PROBS } from "../../src/server/images/webp-vp8-tables.ts";

/** The coefficient band of each position (and a sentinel for the 17th), as in the decoder. */
const BANDS = [0, 1, 2, 3, 6, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 0];
const probAt = (type: number, n: number, ctx: number) => ((type * 8 + BANDS[n]!) * 3 + ctx) * 11;

/** RFC 6386's bool_encoder, counting the bytes libwebp's decoder (one byte loaded when needed) reads of it. */
class BoolWriter {
  out = new Uint8Array(1024);
  length = 0;
  private range = 255;
  private bottom = 0;
  private bitCount = 24;
  /** The decoder's view: its bit count and the bytes it has loaded (one at once when it starts). */
  private decoderBits = 0;
  read = 1;

  put(bit: number, prob: number) {
    if (this.decoderBits < 0) {
      this.decoderBits += 8;
      this.read++;
    }
    const split = 1 + (((this.range - 1) * prob) >> 8);
    if (bit) {
      this.bottom += split;
      this.range -= split;
    } else this.range = split;
    while (this.range < 128) {
      this.range <<= 1;
      this.decoderBits--;
      if (this.bottom & 0x80000000) this.carry();
      this.bottom = (this.bottom << 1) >>> 0;
      if (!--this.bitCount) {
        this.push(this.bottom >>> 24);
        this.bottom &= 0xffffff;
        this.bitCount = 8;
      }
    }
  }

  literal(value: number, bits: number) {
    while (bits-- > 0) this.put((value >> bits) & 1, 0x80);
  }

  private push(byte: number) {
    if (this.length === this.out.length) {
      const bigger = new Uint8Array(this.out.length * 2);
      bigger.set(this.out);
      this.out = bigger;
    }
    this.out[this.length++] = byte;
  }

  private carry() {
    let at = this.length - 1;
    while (at >= 0 && this.out[at] === 0xff) this.out[at--] = 0;
    this.out[at]!++;
  }

  /** The bytes the decoder reads, the encoder flushed (a copy: the writer can go on from a saved state). */
  bytes(): Uint8Array {
    const end = new BoolWriter();
    const { range, bottom, bitCount, decoderBits, read, length } = this;
    Object.assign(end, { range, bottom, bitCount, decoderBits, read, length, out: this.out.slice(0, length + 8) });
    for (let i = 0; i < 32; i++) end.put(0, 0x80);
    return end.out.slice(0, this.read);
  }

  save() {
    // A carry changes bytes already written, back to the last one that is not 0xff.
    let from = this.length;
    while (from > 0 && this.out[from - 1] === 0xff) from--;
    from = Math.max(0, from - 1);
    const { length, range, bottom, bitCount, decoderBits, read } = this;
    return { length, range, bottom, bitCount, decoderBits, read, from, tail: this.out.slice(from, length) };
  }

  restore({ from, tail, ...state }: ReturnType<BoolWriter["save"]>) {
    this.out.set(tail, from);
    Object.assign(this, state);
  }
}

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The tokens of a macroblock, all predicted DC: whether each of its 25 blocks has coefficients, above and left of the next. */
class Macroblocks {
  private readonly topY: Uint8Array;
  private readonly topU: Uint8Array;
  private readonly topV: Uint8Array;
  private readonly topDc: Uint8Array;
  private left = { y: [0, 0, 0, 0], u: [0, 0], v: [0, 0], dc: 0 };

  constructor(readonly mbWidth: number) {
    this.topY = new Uint8Array(4 * mbWidth);
    this.topU = new Uint8Array(2 * mbWidth);
    this.topV = new Uint8Array(2 * mbWidth);
    this.topDc = new Uint8Array(mbWidth);
  }

  save() {
    return {
      topY: this.topY.slice(),
      topU: this.topU.slice(),
      topV: this.topV.slice(),
      topDc: this.topDc.slice(),
      left: structuredClone(this.left),
    };
  }

  restore(state: ReturnType<Macroblocks["save"]>) {
    this.topY.set(state.topY);
    this.topU.set(state.topU);
    this.topV.set(state.topV);
    this.topDc.set(state.topDc);
    this.left = structuredClone(state.left);
  }

  newRow() {
    this.left = { y: [0, 0, 0, 0], u: [0, 0], v: [0, 0], dc: 0 };
  }

  /**
   * Macroblock `x`'s tokens: its first `coefficients` coefficient positions (of 24 × 15 + 16 = 400,
   * block by block) hold values from `value` (1 to 4, signed), the rest are zero.
   */
  write(w: BoolWriter, x: number, coefficients: number, value: () => number) {
    let budget = coefficients;
    const block = (type: number, first: number, ctx: number) => {
      const count = Math.min(16 - first, budget);
      budget -= count;
      writeBlock(w, type, first, ctx, count, value);
      return count > 0 ? 1 : 0;
    };
    this.topDc[x] = this.left.dc = block(1, 0, this.topDc[x]! + this.left.dc);
    for (let y = 0; y < 4; y++)
      for (let i = 0; i < 4; i++)
        this.topY[4 * x + i] = this.left.y[y] = block(0, 1, this.left.y[y]! + this.topY[4 * x + i]!);
    for (const [top, left] of [
      [this.topU, this.left.u],
      [this.topV, this.left.v],
    ] as const)
      for (let y = 0; y < 2; y++)
        for (let i = 0; i < 2; i++) top[2 * x + i] = left[y] = block(2, 0, left[y]! + top[2 * x + i]!);
  }
}

/** One block's tokens (the decoder's GetCoeffs in reverse): `count` non-zero values from position `first`, then end of block. */
function writeBlock(w: BoolWriter, type: number, first: number, ctx: number, count: number, value: () => number) {
  let p = probAt(type, first, ctx);
  for (let n = first; n < 16; n++) {
    if (n >= first + count) {
      w.put(0, COEFF_PROBS[p]!); // end of block
      return;
    }
    w.put(1, COEFF_PROBS[p]!);
    w.put(1, COEFF_PROBS[p + 1]!); // not zero
    const v = value();
    const size = Math.abs(v);
    if (size === 1) {
      w.put(0, COEFF_PROBS[p + 2]!);
      p = probAt(type, n + 1, 1);
    } else {
      w.put(1, COEFF_PROBS[p + 2]!);
      w.put(0, COEFF_PROBS[p + 3]!);
      w.put(size === 2 ? 0 : 1, COEFF_PROBS[p + 4]!);
      if (size > 2) w.put(size - 3, COEFF_PROBS[p + 5]!);
      p = probAt(type, n + 1, 2);
    }
    w.put(v < 0 ? 1 : 0, 0x80);
  }
}

const COEFFICIENTS_PER_MB = 16 + 24 * 15;

export type Vp8Options = {
  /** 0 to 65535: another seed, another picture (its quantizer and loop filter; the noise is the same). */
  seed?: number;
  /** The payload's exact length (or one less, when that is odd: the same file once padded); without it, no noise at all. */
  bytes?: number;
};

/**
 * A key frame of `width` × `height` (1 to 16383), one token partition. With `bytes`, noise
 * fills macroblocks in order until the payload is exactly that long, or, when the length is
 * odd, one byte shorter (its chunk is then padded to the same file size): it throws when the
 * picture has too few macroblocks for that many bytes.
 */
export function vp8Frame(width: number, height: number, { seed = 0, bytes }: Vp8Options = {}): Buffer {
  const mbWidth = (width + 15) >> 4;
  const mbHeight = (height + 15) >> 4;
  const count = mbWidth * mbHeight;
  const first = new BoolWriter();
  first.literal(0, 2); // colour space, clamping
  first.put(0, 0x80); // no segments
  first.literal(0, 1); // normal loop filter
  // The seed shows in the picture as its quantizer and loop filter: 2^16 pictures of each size.
  first.literal((seed >> 7) & 63, 6); // filter level
  first.literal((seed >> 13) & 7, 3); // sharpness
  first.put(0, 0x80); // no filter deltas
  first.literal(0, 2); // one token partition
  first.literal(seed & 127, 7); // quantizer
  for (let i = 0; i < 5; i++) first.put(0, 0x80); // no quantizer deltas
  first.put(0, 0x80); // (refresh entropy probabilities: ignored on a key frame)
  for (const prob of COEFF_UPDATE_PROBS) first.put(0, prob); // default token probabilities
  first.put(0, 0x80); // no skip flags
  const headerRead = first.read;
  for (let mb = 0; mb < count; mb++) {
    first.put(1, 145); // 16×16 prediction
    first.put(0, 156);
    first.put(0, 163); // DC
    first.put(0, 142); // chroma DC
  }
  // libwebp's incremental decoder (Chromium's) wants 8 bytes past the header: kept as zeros, as the server does.
  const modes = first.bytes();
  const partition = Buffer.alloc(Math.max(modes.length, headerRead + 8));
  partition.set(modes);
  const head = 10 + partition.length;
  // An odd payload is padded to an even chunk: one byte short of an odd length makes the same file.
  const tokens = tokenPartition(
    mbWidth,
    mbHeight,
    bytes === undefined ? undefined : { length: bytes - head, oneShort: (bytes - 1) % 2 === 1 },
  );

  const frame = Buffer.alloc(head + tokens.length);
  const tag = 0x10 | (partition.length << 5); // key frame, version 0, shown
  frame.writeUIntLE(tag, 0, 3);
  frame.set([0x9d, 0x01, 0x2a], 3);
  frame.writeUInt16LE(width, 6);
  frame.writeUInt16LE(height, 8);
  frame.set(partition, 10);
  frame.set(tokens, head);
  return frame;
}

/** Token partitions made, by size and length: the same for every seed, so the many pictures of a quota test cost one. */
const made = new Map<string, Uint8Array>();

function tokenPartition(
  mbWidth: number,
  mbHeight: number,
  wanted: { length: number; oneShort: boolean } | undefined,
): Uint8Array {
  const key = JSON.stringify([mbWidth, mbHeight, wanted]);
  const tokens = made.get(key) ?? writeTokens(mbWidth, mbHeight, wanted);
  made.set(key, tokens);
  return tokens;
}

function writeTokens(
  mbWidth: number,
  mbHeight: number,
  wanted: { length: number; oneShort: boolean } | undefined,
): Uint8Array {
  const w = new BoolWriter();
  const mbs = new Macroblocks(mbWidth);
  const count = mbWidth * mbHeight;
  const next = random(1);
  const noise = () => (Math.floor(next() * 4) + 1) * (next() < 0.5 ? -1 : 1);
  const ones = () => 1;
  /** Macroblocks `from` to the end: the first `coefficients` positions of the first of them filled with ones, the others empty. */
  const rest = (from: number, coefficients: number) => {
    for (let mb = from; mb < count; mb++) {
      if (mb % mbWidth === 0) mbs.newRow();
      mbs.write(w, mb % mbWidth, mb === from ? coefficients : 0, ones);
    }
    return w.bytes();
  };
  if (wanted === undefined) return rest(0, 0);
  const target = wanted.length;

  // What an empty macroblock costs, to know when to stop the noise.
  const empty = new BoolWriter();
  const emptyMbs = new Macroblocks(1);
  for (let i = 0; i < 64; i++) emptyMbs.write(empty, 0, 0, ones);
  const emptyCost = empty.read / 64;
  let mb = 0;
  let noisyCost = 0;
  for (; mb < count; mb++) {
    const projected = w.read + noisyCost * 2 + emptyCost * (count - mb) + 16;
    if (projected > target) break;
    const before = w.read;
    if (mb % mbWidth === 0) mbs.newRow();
    mbs.write(w, mb % mbWidth, COEFFICIENTS_PER_MB, noise);
    noisyCost = Math.max(noisyCost, w.read - before);
  }
  // Then macroblock by macroblock, the number of ones in the first one that lands on the length.
  for (; mb < count; mb++) {
    const saved = { writer: w.save(), mbs: mbs.save() };
    const lengthWith = (ones: number) => {
      w.restore(saved.writer);
      mbs.restore(saved.mbs);
      return rest(mb, ones).length;
    };
    let low = 0;
    let high = COEFFICIENTS_PER_MB;
    if (lengthWith(high) >= target - 1) {
      while (low < high) {
        const mid = (low + high) >> 1;
        if (lengthWith(mid) >= target - 1) high = mid;
        else low = mid + 1;
      }
      for (let ones = low; ones <= Math.min(low + 4, COEFFICIENTS_PER_MB); ones++) {
        const length = lengthWith(ones);
        if (length === target || (length === target - 1 && wanted.oneShort)) {
          w.restore(saved.writer);
          mbs.restore(saved.mbs);
          return rest(mb, ones);
        }
      }
    }
    w.restore(saved.writer);
    mbs.restore(saved.mbs);
    if (mb % mbWidth === 0) mbs.newRow();
    mbs.write(w, mb % mbWidth, COEFFICIENTS_PER_MB, ones);
  }
  throw new Error(`vp8Frame: ${mbWidth * 16}×${mbHeight * 16} cannot make a payload of ${target} bytes`);
}
