/**
 * Server only: what a stored picture may be, read from its RIFF container without decoding
 * it (decision 019). A still WebP of at most IMAGE_LIMITS.maxSide pixels a side, kept as
 * image data only: the VP8X header, an ALPH (transparency) chunk and exactly one VP8 or VP8L
 * bitstream. EXIF, XMP, animation and any chunk we do not know are refused, so nothing a
 * camera or an editor wrote into the file (a place, a date, a file name, an answer in a
 * caption) can reach a pupil; our editor's canvas never writes them. A colour profile (ICCP)
 * is removed instead of refused: Chromium's canvas always writes its sRGB profile, whose
 * description is free text like any other, and without one every browser assumes sRGB.
 * Bytes no decoder reads are cut off each chunk kept (a hand-made file could carry a
 * script tag or a place inside its `VP8 ` chunk): VP8X is its 10 bytes, uncompressed alpha its
 * one byte per pixel, and a lossy bitstream is parsed to where each partition's reads end
 * (webp-vp8.ts). A lossless bitstream (VP8L, compressed alpha) is kept as it is.
 *
 * Container: "RIFF" <u32 LE size> "WEBP", then chunks of <FourCC> <u32 LE size> <payload>,
 * each padded to an even length (https://developers.google.com/speed/webp/docs/riff_container).
 */
import { IMAGE_LIMITS } from "../../shared/games/images.ts";
import { trimVp8 } from "./webp-vp8.ts";

export type WebpProblem = "not-webp" | "truncated" | "metadata" | "animated" | "too-wide";
/** `bytes`: the picture as it is stored, its colour profile removed. */
export type WebpCheck =
  | { ok: true; width: number; height: number; bytes: Uint8Array }
  | { ok: false; problem: WebpProblem };

const ascii = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
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
  /** Every chunk kept, with the payload to store. */
  const kept: Array<{ fourCC: string; payload: Uint8Array }> = [];
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
      // Its 10 bytes, without the flag of the colour profile removed below.
      const header = payload.slice(0, 10);
      header[0] = flags & ~VP8X_ICC;
      kept.push({ fourCC, payload: header });
    } else if (fourCC === "ICCP") {
      if (!canvas) return fail("not-webp");
      at = end + (size & 1);
      continue;
    } else if (fourCC === "ALPH") {
      if (!canvas || alpha || payload.length < 1) return fail("not-webp");
      alpha = true;
      // Uncompressed: the header byte and one byte per pixel.
      const raw = (payload[0]! & 3) === 0;
      const pixels = canvas.width * canvas.height;
      if (raw && payload.length < 1 + pixels) return fail("truncated");
      kept.push({ fourCC, payload: raw ? payload.subarray(0, 1 + pixels) : payload });
    } else if (fourCC === "VP8 " || fourCC === "VP8L") {
      bitstreams++;
      bitstream = fourCC === "VP8 " ? vp8Size(payload) : vp8lSize(payload);
      if (!bitstream) return fail("not-webp");
      if (bitstream.width > IMAGE_LIMITS.maxSide || bitstream.height > IMAGE_LIMITS.maxSide) return fail("too-wide");
      if (fourCC === "VP8 ") {
        const trimmed = trimVp8(payload, bitstream.width, bitstream.height);
        if (!trimmed.ok) return fail(trimmed.problem);
        kept.push({ fourCC, payload: trimmed.payload });
      } else kept.push({ fourCC, payload });
    } else {
      // A chunk we do not know may hold anything: it is not image data we can vouch for.
      return fail("metadata");
    }
    at = end + (size & 1);
  }
  if (bitstreams !== 1 || !bitstream) return fail("not-webp");
  if (canvas && (canvas.width !== bitstream.width || canvas.height !== bitstream.height)) return fail("not-webp");
  const { width, height } = canvas ?? bitstream;
  if (width < 1 || height < 1) return fail("not-webp");
  if (width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide) return fail("too-wide");
  return { ok: true, width, height, bytes: withChunks(kept) };
}

/** The file rebuilt from the chunks kept: each with its new size and padding, and a new RIFF size. */
function withChunks(kept: Array<{ fourCC: string; payload: Uint8Array }>): Uint8Array {
  const length = 12 + kept.reduce((sum, { payload }) => sum + 8 + payload.length + (payload.length & 1), 0);
  const out = new Uint8Array(length);
  const view = new DataView(out.buffer);
  const ascii = (text: string, at: number) => [...text].forEach((c, i) => (out[at + i] = c.charCodeAt(0)));
  ascii("RIFF", 0);
  view.setUint32(4, length - 8, true);
  ascii("WEBP", 8);
  let to = 12;
  for (const { fourCC, payload } of kept) {
    ascii(fourCC, to);
    view.setUint32(to + 4, payload.length, true);
    out.set(payload, to + 8);
    to += 8 + payload.length + (payload.length & 1);
  }
  return out;
}
