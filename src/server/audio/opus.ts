/**
 * Server only: the two things the containers need to know about Opus (RFC 6716, RFC 7845): how
 * many 48 kHz samples a packet holds, read from its table-of-contents byte, and its identification
 * header (channels, pre-skip, gain), read from whichever box or element carries it and written
 * again as the 19 bytes of an OpusHead with nothing else in it.
 */
import { refuse } from "./audio-bytes.ts";

/** Frame lengths in 48 kHz samples by configuration (RFC 6716 §3.1): SILK 10/20/40/60 ms, hybrid 10/20, CELT 2.5/5/10/20. */
const FRAME_SAMPLES = [
  480, 960, 1920, 2880, 480, 960, 1920, 2880, 480, 960, 1920, 2880, 480, 960, 480, 960, 120, 240, 480, 960, 120, 240,
  480, 960, 120, 240, 480, 960, 120, 240, 480, 960,
];

/** The samples (at 48 kHz) one Opus packet decodes to; a packet that cannot be one is damaged. */
export function opusPacketSamples(packet: Uint8Array): number {
  if (packet.length < 1) return refuse("damaged");
  const toc = packet[0]!;
  const perFrame = FRAME_SAMPLES[toc >> 3]!;
  const code = toc & 3;
  let frames = code === 0 ? 1 : code === 3 ? (packet[1] ?? 0) & 0x3f : 2;
  if (code === 3 && packet.length < 2) frames = 0;
  const samples = frames * perFrame;
  // At most 120 ms in a packet, and at least one frame.
  if (frames < 1 || samples > 5760) return refuse("damaged");
  return samples;
}

export type OpusHead = { channels: number; preSkip: number; inputRate: number; gain: number };

/** The fields of an identification header whose layout the caller has read (Ogg's and WebM's are the same bytes; MP4's dOps is big-endian). */
export function checkOpusHead(head: OpusHead & { family: number }): OpusHead {
  // Mapping family 0: mono or stereo, what every recorder writes for a voice.
  if (head.family !== 0) return refuse("unsupported");
  if (head.channels < 1 || head.channels > 2) return refuse("damaged");
  return { channels: head.channels, preSkip: head.preSkip, inputRate: head.inputRate, gain: head.gain };
}

/** "OpusHead", version 1, channels, pre-skip, input rate, gain, family: little-endian (RFC 7845 §5.1). */
export function readOpusHead(bytes: Uint8Array): OpusHead {
  const text = String.fromCharCode(...bytes.subarray(0, 8));
  if (bytes.length < 19 || text !== "OpusHead") return refuse("damaged");
  // The major version (upper four bits) must be 0; a decoder takes any minor version.
  if (bytes[8]! >> 4 !== 0) return refuse("unsupported");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return checkOpusHead({
    channels: bytes[9]!,
    preSkip: view.getUint16(10, true),
    inputRate: view.getUint32(12, true),
    gain: view.getInt16(16, true),
    family: bytes[18]!,
  });
}

export function writeOpusHead(head: OpusHead): Uint8Array {
  const out = new Uint8Array(19);
  const view = new DataView(out.buffer);
  out.set([..."OpusHead"].map((c) => c.charCodeAt(0)));
  out[8] = 1;
  out[9] = head.channels;
  view.setUint16(10, head.preSkip, true);
  view.setUint32(12, head.inputRate, true);
  view.setInt16(16, head.gain, true);
  out[18] = 0;
  return out;
}
