/**
 * Server only: a WAV recording of PCM samples, read chunk by chunk and written again as the
 * smallest RIFF file that plays: "fmt " (16 bytes: PCM or 32-bit float, channels, rate, bits) and
 * "data". LIST/INFO (title, artist, date, software), bext (a broadcast recorder's description,
 * originator and date), iXML, id3, cue points, JUNK and any other chunk are not carried over.
 *
 * Container: "RIFF" <u32 LE size> "WAVE", then chunks of <FourCC> <u32 LE size> <payload>, each
 * padded to an even length.
 */
import { Reader, refuse, Writer } from "./audio-bytes.ts";

const EXTENSIBLE = 0xfffe;

export function cleanWav(bytes: Uint8Array, maxMs: number): { bytes: Uint8Array; durationMs: number } {
  const r = new Reader(bytes);
  const riffEnd = 8 + r.u32le(4);
  if (riffEnd > bytes.length) return refuse("truncated");
  // Bytes after the RIFF chunk (one pad byte aside) are not the recording's.
  if (riffEnd + 1 < bytes.length || (riffEnd + 1 === bytes.length && bytes[riffEnd] !== 0))
    return refuse("trailing-data");
  let format: { tag: number; channels: number; rate: number; bits: number; blockAlign: number } | null = null;
  let data: Uint8Array | null = null;
  for (let at = 12; at < riffEnd; ) {
    if (riffEnd - at < 8) return refuse("damaged");
    const fourCC = r.ascii(at, 4);
    const size = r.u32le(at + 4);
    const end = at + 8 + size;
    if (end > riffEnd) return refuse(riffEnd === bytes.length ? "truncated" : "damaged");
    if (fourCC === "fmt ") {
      if (format || size < 16) return refuse("damaged");
      let tag = r.u16le(at + 8);
      // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of its sub-format GUID.
      if (tag === EXTENSIBLE) tag = size >= 40 ? r.u16le(at + 32) : refuse("damaged");
      format = {
        tag,
        channels: r.u16le(at + 10),
        rate: r.u32le(at + 12),
        blockAlign: r.u16le(at + 20),
        bits: r.u16le(at + 22),
      };
    } else if (fourCC === "data") {
      if (data || !format) return refuse("damaged");
      data = bytes.subarray(at + 8, end);
    }
    at = end + (size & 1);
  }
  if (!format) return refuse("damaged");
  const { tag, channels, rate, bits, blockAlign } = format;
  // PCM of 8, 16 or 24 bits or 32-bit float, mono or stereo: what every browser plays.
  const pcm = tag === 1 && [8, 16, 24].includes(bits);
  const float = tag === 3 && bits === 32;
  if (!pcm && !float) return refuse("unsupported");
  if (channels < 1 || channels > 2 || rate < 8000 || rate > 96_000) return refuse("unsupported");
  if (blockAlign !== (channels * bits) / 8) return refuse("damaged");
  if (!data) return refuse("truncated");
  const frames = Math.floor(data.length / blockAlign);
  if (frames === 0) return refuse("empty");
  const durationMs = Math.round((frames * 1000) / rate);
  if (durationMs > maxMs) return refuse("too-long");
  const samples = data.subarray(0, frames * blockAlign);
  const out = new Writer()
    .ascii("RIFF")
    .u32le(4 + 24 + 8 + samples.length + (samples.length & 1))
    .ascii("WAVE");
  out
    .ascii("fmt ")
    .u32le(16)
    .u16le(tag)
    .u16le(channels)
    .u32le(rate)
    .u32le(rate * blockAlign)
    .u16le(blockAlign)
    .u16le(bits);
  out.ascii("data").u32le(samples.length).bytes(samples);
  if (samples.length & 1) out.u8(0);
  return { bytes: out.done(), durationMs };
}
