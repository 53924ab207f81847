/**
 * Server only: what a stored picture may be, read from its RIFF container without decoding
 * it (decision 019). A still WebP of at most IMAGE_LIMITS.maxSide pixels a side, kept as
 * image data only: the VP8X header, an ALPH (transparency) chunk and exactly one VP8 or VP8L
 * bitstream. EXIF, XMP, animation and any chunk we do not know are refused, so nothing a
 * camera or an editor wrote into the file (a place, a date, a file name, an answer in a
 * caption) can reach a pupil; our editor's canvas never writes them. A colour profile (ICCP)
 * is removed instead of refused: Chromium's canvas always writes its sRGB profile, whose
 * description is free text like any other, and without one every browser assumes sRGB.
 *
 * Container: "RIFF" <u32 LE size> "WEBP", then chunks of <FourCC> <u32 LE size> <payload>,
 * each padded to an even length (https://developers.google.com/speed/webp/docs/riff_container).
 */
import { IMAGE_LIMITS } from "./images.ts";

export type WebpProblem = "not-webp" | "truncated" | "metadata" | "animated" | "too-wide";
/** `bytes`: the picture as it is stored, its colour profile removed. */
export type WebpCheck = { ok: true; width: number; height: number; bytes: Uint8Array } | { ok: false; problem: WebpProblem };

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** VP8X flags (byte 0 of its payload). */
const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;
const VP8X_ANIMATION = 0x02;

const METADATA_CHUNKS = new Set(["EXIF", "XMP "]);
const ANIMATION_CHUNKS = new Set(["ANIM", "ANMF"]);

type Size = { width: number; height: number };

/** A lossy bitstream's key frame header: 3 bytes of frame tag, the start code 9d 01 2a, 14-bit width and height. */
function vp8Size(payload: Uint8Array): Size | null {
  if (payload.length < 10) return null;
  const keyFrame = (payload[0]! & 1) === 0;
  if (!keyFrame || payload[3] !== 0x9d || payload[4] !== 0x01 || payload[5] !== 0x2a) return null;
  return { width: u16(payload, 6) & 0x3fff, height: u16(payload, 8) & 0x3fff };
}

/** A lossless bitstream's header: signature 0x2f, then width-1 and height-1 in 14 bits each, and a 3-bit version 0. */
function vp8lSize(payload: Uint8Array): Size | null {
  if (payload.length < 5 || payload[0] !== 0x2f) return null;
  const bits = u32(payload, 1);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

export function cleanWebp(bytes: Uint8Array): WebpCheck {
  const fail = (problem: WebpProblem): WebpCheck => ({ ok: false, problem });
  if (bytes.length < 12 || ascii(bytes, 0) !== "RIFF" || ascii(bytes, 8) !== "WEBP") return fail("not-webp");
  // The RIFF size counts everything after its own field: a file cut short (or with bytes after it) does not match.
  if (u32(bytes, 4) + 8 !== bytes.length) return fail("truncated");

  let canvas: Size | null = null;
  let bitstream: Size | null = null;
  let bitstreams = 0;
  let alpha = false;
  /** [start, end) of every chunk kept, and where the VP8X flags byte sits in the output. */
  const kept: Array<[number, number]> = [];
  let flagsAt = -1;
  for (let at = 12, index = 0; at < bytes.length; index++) {
    if (at + 8 > bytes.length) return fail("truncated");
    const fourCC = ascii(bytes, at);
    const size = u32(bytes, at + 4);
    const end = at + 8 + size;
    // The payload, and its padding byte when its size is odd, must be inside the file.
    if (end + (size & 1) > bytes.length) return fail("truncated");
    const payload = bytes.subarray(at + 8, end);
    if (METADATA_CHUNKS.has(fourCC)) return fail("metadata");
    if (ANIMATION_CHUNKS.has(fourCC)) return fail("animated");
    if (fourCC === "VP8X") {
      if (index !== 0 || payload.length < 10) return fail("not-webp");
      const flags = payload[0]!;
      if (flags & (VP8X_EXIF | VP8X_XMP)) return fail("metadata");
      if (flags & VP8X_ANIMATION) return fail("animated");
      canvas = { width: u24(payload, 4) + 1, height: u24(payload, 7) + 1 };
      flagsAt = 12 + 8;
    } else if (fourCC === "ICCP") {
      if (!canvas) return fail("not-webp");
      at = end + (size & 1);
      continue;
    } else if (fourCC === "ALPH") {
      if (!canvas || alpha) return fail("not-webp");
      alpha = true;
    } else if (fourCC === "VP8 " || fourCC === "VP8L") {
      bitstreams++;
      bitstream = fourCC === "VP8 " ? vp8Size(payload) : vp8lSize(payload);
      if (!bitstream) return fail("not-webp");
    } else {
      // A chunk we do not know may hold anything: it is not image data we can vouch for.
      return fail("metadata");
    }
    kept.push([at, end + (size & 1)]);
    at = end + (size & 1);
  }
  if (bitstreams !== 1 || !bitstream) return fail("not-webp");
  if (canvas && (canvas.width !== bitstream.width || canvas.height !== bitstream.height)) return fail("not-webp");
  const { width, height } = canvas ?? bitstream;
  if (width < 1 || height < 1) return fail("not-webp");
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) return fail("too-wide");
  return { ok: true, width, height, bytes: withChunks(bytes, kept, flagsAt) };
}

/** The file rebuilt from the chunks kept: a new RIFF size, and the VP8X flag of the removed colour profile cleared. */
function withChunks(bytes: Uint8Array, kept: Array<[number, number]>, flagsAt: number): Uint8Array {
  const length = 12 + kept.reduce((sum, [start, end]) => sum + (end - start), 0);
  const out = new Uint8Array(length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, length - 8, true);
  let to = 12;
  for (const [start, end] of kept) {
    out.set(bytes.subarray(start, end), to);
    to += end - start;
  }
  if (flagsAt >= 0) out[flagsAt] = out[flagsAt]! & ~VP8X_ICC;
  return out;
}
