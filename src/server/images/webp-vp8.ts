/**
 * Server only: how many bytes of a lossy WebP's `VP8 ` bitstream a decoder reads.
 * The format does not say where its data ends: the first partition's size is declared, but
 * bytes may sit unread at its end, and the last token partition runs to the end of the chunk.
 * A hand-made file can carry anything there (a script tag, "Exif GPS 53.34N…") and every
 * decoder skips it. So the whole key frame is parsed as libwebp's decoder parses it (modes
 * and coefficient tokens, without reconstructing pixels), with libwebp's boolean decoder
 * loading one byte only when it needs it, and each partition is cut to the bytes it needed.
 * A decoder then reads exactly what it read before: libwebp decodes the trimmed frame to the
 * same pixels (the tests check the trimmed pictures in Chromium).
 *
 * Ported from libwebp (src/dec/vp8_dec.c, tree_dec.c, src/utils/bit_reader*), RFC 6386.
 */
import { COEFF_PROBS, COEFF_UPDATE_PROBS, KF_BMODE_PROBS } from "./webp-vp8-tables.ts";

/** libwebp's boolean decoder (VP8BitReader) in its byte-at-a-time mode: `end` is where its reads stopped. */
class BoolReader {
  private range = 255 - 1;
  private value = 0;
  private bits = -8;
  /** It needed a byte past its partition: libwebp refuses such a frame. */
  eof = false;
  end: number;
  private readonly bytes: Uint8Array;
  readonly start: number;
  private readonly limit: number;

  constructor(bytes: Uint8Array, start: number, limit: number) {
    this.bytes = bytes;
    this.start = start;
    this.limit = limit;
    this.end = start;
    this.load();
  }

  private load() {
    if (this.end < this.limit) {
      this.bits += 8;
      this.value = ((this.value << 8) | this.bytes[this.end++]!) >>> 0;
    } else if (!this.eof) {
      this.value = (this.value << 8) >>> 0;
      this.bits += 8;
      this.eof = true;
    } else {
      this.bits = 0;
    }
  }

  bit(prob: number): number {
    let range = this.range;
    if (this.bits < 0) this.load();
    const pos = this.bits;
    const split = (range * prob) >>> 8;
    const bit = this.value >>> pos > split ? 1 : 0;
    if (bit) {
      range -= split;
      // value holds at most 16 bits here (one byte loaded at a time): integer shifts are exact.
      this.value -= (split + 1) << pos;
    } else {
      range = split + 1;
    }
    const shift = 7 ^ (31 - Math.clz32(range));
    range <<= shift;
    this.bits -= shift;
    this.range = range - 1;
    return bit;
  }

  literal(n: number): number {
    let v = 0;
    while (n-- > 0) v |= this.bit(0x80) << n;
    return v;
  }

  /** A flag, then (when set) a signed value of n bits. */
  optionalSigned(n: number) {
    if (this.bit(0x80)) {
      this.literal(n);
      this.bit(0x80);
    }
  }
}

/** Sub-block and whole-block intra modes (libwebp's enum). */
const B_DC_PRED = 0;
const B_TM_PRED = 1;
const B_VE_PRED = 2;
const B_HE_PRED = 3;
const B_RD_PRED = 4;
const B_VR_PRED = 5;
const B_LD_PRED = 6;
const B_VL_PRED = 7;
const B_HD_PRED = 8;
const B_HU_PRED = 9;
/** The coefficient band of each position (and a sentinel for the 17th). */
const BANDS = [0, 1, 2, 3, 6, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7, 0];
const CAT3456 = [
  [173, 148, 140],
  [176, 155, 140, 135],
  [180, 157, 141, 134, 130],
  [254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129],
];

export type Vp8Trim = { ok: true; payload: Uint8Array } | { ok: false; problem: "truncated" | "not-webp" };

/**
 * The key frame `payload` (a `VP8 ` chunk's payload, already checked to start with a key
 * frame header of `width` × `height`) rebuilt with each partition cut to what the decoder reads.
 */
export function trimVp8(payload: Uint8Array, width: number, height: number): Vp8Trim {
  const tag = payload[0]! | (payload[1]! << 8) | (payload[2]! << 16);
  const profile = (tag >> 1) & 7;
  const shown = (tag >> 4) & 1;
  const firstSize = tag >>> 5;
  if (profile > 3 || !shown) return { ok: false, problem: "not-webp" };
  const first = 10;
  if (first + firstSize > payload.length) return { ok: false, problem: "truncated" };
  const br = new BoolReader(payload, first, first + firstSize);

  br.literal(2); // colour space, clamping
  // Segments (9.3).
  const segmentProbs = [255, 255, 255];
  let updateMap = false;
  if (br.bit(0x80)) {
    updateMap = br.bit(0x80) === 1;
    if (br.bit(0x80)) {
      br.bit(0x80);
      for (let s = 0; s < 4; s++) br.optionalSigned(7);
      for (let s = 0; s < 4; s++) br.optionalSigned(6);
    }
    if (updateMap) for (let s = 0; s < 3; s++) segmentProbs[s] = br.bit(0x80) ? br.literal(8) : 255;
  }
  // Loop filter (9.4).
  br.literal(1 + 6 + 3);
  if (br.bit(0x80) && br.bit(0x80)) for (let i = 0; i < 8; i++) br.optionalSigned(6);
  // Token partitions (9.5): all but the last have a declared size.
  const partitionCount = 1 << br.literal(2);
  const sizesAt = first + firstSize;
  if (payload.length < sizesAt + 3 * (partitionCount - 1)) return { ok: false, problem: "truncated" };
  const partitions: BoolReader[] = [];
  let partStart = sizesAt + 3 * (partitionCount - 1);
  for (let p = 0; p < partitionCount - 1; p++) {
    const at = sizesAt + 3 * p;
    const size = Math.min(
      payload[at]! | (payload[at + 1]! << 8) | (payload[at + 2]! << 16),
      payload.length - partStart,
    );
    partitions.push(new BoolReader(payload, partStart, partStart + size));
    partStart += size;
  }
  if (partStart >= payload.length) return { ok: false, problem: "truncated" };
  partitions.push(new BoolReader(payload, partStart, payload.length));
  // Quantizers (9.6), the ignored refresh flag, token probabilities (13.4), skip probability.
  br.literal(7);
  for (let i = 0; i < 5; i++) br.optionalSigned(4);
  br.bit(0x80);
  const probs = new Uint8Array(COEFF_PROBS.length);
  for (let i = 0; i < probs.length; i++) probs[i] = br.bit(COEFF_UPDATE_PROBS[i]!) ? br.literal(8) : COEFF_PROBS[i]!;
  const useSkip = br.bit(0x80) === 1;
  const skipProb = useSkip ? br.literal(8) : 0;
  const headerEnd = br.end;

  const mbWidth = (width + 15) >> 4;
  const mbHeight = (height + 15) >> 4;
  /** The probabilities of token `type`, coefficient `n`, context `ctx`: an offset into `probs`. */
  const at = (type: number, n: number, ctx: number) => ((type * 8 + BANDS[n]!) * 3 + ctx) * 11;

  /** GetLargeValue: reads the extra bits of a token larger than one. */
  function largeValue(r: BoolReader, p: number) {
    if (!r.bit(probs[p + 3]!)) {
      if (r.bit(probs[p + 4]!)) r.bit(probs[p + 5]!);
    } else if (!r.bit(probs[p + 6]!)) {
      if (!r.bit(probs[p + 7]!)) r.bit(159);
      else {
        r.bit(165);
        r.bit(145);
      }
    } else {
      const bit1 = r.bit(probs[p + 8]!);
      const bit0 = r.bit(probs[p + 9 + bit1]!);
      for (const prob of CAT3456[2 * bit1 + bit0]!) r.bit(prob);
    }
  }

  /** GetCoeffs: one block's tokens; the position after the last non-zero one. */
  function coefficients(r: BoolReader, type: number, ctx: number, n: number): number {
    let p = at(type, n, ctx);
    for (; n < 16; ++n) {
      if (!r.bit(probs[p]!)) return n;
      while (!r.bit(probs[p + 1]!)) {
        p = at(type, ++n, 0);
        if (n === 16) return 16;
      }
      if (!r.bit(probs[p + 2]!)) p = at(type, n + 1, 1);
      else {
        largeValue(r, p);
        p = at(type, n + 1, 2);
      }
      r.bit(0x80); // sign
    }
    return 16;
  }

  // Non-zero contexts (VP8MB): above, per macroblock column, and left.
  const topNz = new Uint8Array(mbWidth);
  const topNzDc = new Uint8Array(mbWidth);
  const intraTop = new Uint8Array(4 * mbWidth).fill(B_DC_PRED);
  const intraLeft = new Uint8Array(4);
  const skips = new Uint8Array(mbWidth);
  const i4x4 = new Uint8Array(mbWidth);

  function intraModes(x: number) {
    if (updateMap) {
      if (!br.bit(segmentProbs[0]!)) br.bit(segmentProbs[1]!);
      else br.bit(segmentProbs[2]!);
    }
    skips[x] = useSkip ? br.bit(skipProb) : 0;
    i4x4[x] = br.bit(145) ? 0 : 1;
    if (!i4x4[x]) {
      const ymode = br.bit(156) ? (br.bit(128) ? B_TM_PRED : B_HE_PRED) : br.bit(163) ? B_VE_PRED : B_DC_PRED;
      intraTop.fill(ymode, 4 * x, 4 * x + 4);
      intraLeft.fill(ymode);
    } else {
      for (let y = 0; y < 4; y++) {
        let ymode = intraLeft[y]!;
        for (let i = 0; i < 4; i++) {
          const p = (intraTop[4 * x + i]! * 10 + ymode) * 9;
          const b = (k: number) => br.bit(KF_BMODE_PROBS[p + k]!);
          ymode = !b(0)
            ? B_DC_PRED
            : !b(1)
              ? B_TM_PRED
              : !b(2)
                ? B_VE_PRED
                : !b(3)
                  ? !b(4)
                    ? B_HE_PRED
                    : !b(5)
                      ? B_RD_PRED
                      : B_VR_PRED
                  : !b(6)
                    ? B_LD_PRED
                    : !b(7)
                      ? B_VL_PRED
                      : !b(8)
                        ? B_HD_PRED
                        : B_HU_PRED;
          intraTop[4 * x + i] = ymode;
        }
        intraLeft[y] = ymode;
      }
    }
    // Chroma mode: DC, V, TM or H.
    if (br.bit(142) && br.bit(114)) br.bit(183);
  }

  for (let mbY = 0; mbY < mbHeight; mbY++) {
    const tokens = partitions[mbY & (partitionCount - 1)]!;
    for (let x = 0; x < mbWidth; x++) intraModes(x);
    if (br.eof) return { ok: false, problem: "truncated" };
    let leftNz = 0;
    let leftNzDc = 0;
    for (let x = 0; x < mbWidth; x++) {
      if (useSkip && skips[x]) {
        leftNz = topNz[x] = 0;
        if (!i4x4[x]) leftNzDc = topNzDc[x] = 0;
        continue;
      }
      // ParseResiduals, keeping only what decides the next contexts.
      let firstCoeff: number;
      let acType: number;
      if (!i4x4[x]) {
        const nz = coefficients(tokens, 1, topNzDc[x]! + leftNzDc, 0);
        topNzDc[x] = leftNzDc = nz > 0 ? 1 : 0;
        firstCoeff = 1;
        acType = 0;
      } else {
        firstCoeff = 0;
        acType = 3;
      }
      let tnz = topNz[x]! & 0x0f;
      let lnz = leftNz & 0x0f;
      for (let y = 0; y < 4; y++) {
        let l = lnz & 1;
        for (let i = 0; i < 4; i++) {
          const nz = coefficients(tokens, acType, l + (tnz & 1), firstCoeff);
          l = nz > firstCoeff ? 1 : 0;
          tnz = ((tnz >> 1) | (l << 7)) & 0xff;
        }
        tnz >>= 4;
        lnz = ((lnz >> 1) | (l << 7)) & 0xff;
      }
      let outTop = tnz;
      let outLeft = lnz >> 4;
      for (let ch = 0; ch < 4; ch += 2) {
        tnz = (topNz[x]! >> (4 + ch)) & 0xff;
        lnz = (leftNz >> (4 + ch)) & 0xff;
        for (let y = 0; y < 2; y++) {
          let l = lnz & 1;
          for (let i = 0; i < 2; i++) {
            const nz = coefficients(tokens, 2, l + (tnz & 1), 0);
            l = nz > 0 ? 1 : 0;
            tnz = ((tnz >> 1) | (l << 3)) & 0xff;
          }
          tnz >>= 2;
          lnz = ((lnz >> 1) | (l << 5)) & 0xff;
        }
        outTop |= (tnz << 4) << ch;
        outLeft |= (lnz & 0xf0) << ch;
      }
      topNz[x] = outTop & 0xff;
      leftNz = outLeft & 0xff;
      if (tokens.eof) return { ok: false, problem: "truncated" };
    }
    intraLeft.fill(B_DC_PRED);
  }

  // The frame rebuilt: its tag with the first partition's new size, the key frame header, then
  // each partition as far as it was read. libwebp's incremental decoder (Chromium's) also wants
  // a byte of the first partition left unread once its reader, which loads 7 bytes at a time,
  // has read the frame header: up to 8 bytes past the header are kept, as zeros (no decoder
  // reads their value), so that nothing of what was there survives.
  const firstUsed = Math.min(firstSize, Math.max(br.end, headerEnd + 8) - first);
  const firstRead = br.end - first;
  const used = partitions.map((r) => r.end - r.start);
  const length = first + firstUsed + 3 * (partitionCount - 1) + used.reduce((a, b) => a + b, 0);
  const out = new Uint8Array(length);
  const newTag = (tag & 0x1f) | (firstUsed << 5);
  out.set([newTag & 0xff, (newTag >> 8) & 0xff, (newTag >> 16) & 0xff]);
  out.set(payload.subarray(3, first), 3);
  let to = first;
  out.set(payload.subarray(first, first + firstRead), to);
  to += firstUsed;
  for (let p = 0; p < partitionCount - 1; p++) {
    out.set([used[p]! & 0xff, (used[p]! >> 8) & 0xff, (used[p]! >> 16) & 0xff], to);
    to += 3;
  }
  partitions.forEach((r, p) => {
    out.set(payload.subarray(r.start, r.start + used[p]!), to);
    to += used[p]!;
  });
  return { ok: true, payload: out };
}
