/**
 * Server only: an Ogg recording with one Opus stream (RFC 3533, RFC 7845), read page by page
 * (each page's checksum checked) and written again: the identification header rebuilt, the
 * comment header emptied (its vendor string replaced by a fixed one, no comments: no title,
 * artist, date or encoder), the same audio packets in new pages with their granule positions
 * and checksums recomputed. What Firefox's MediaRecorder writes. A second stream (a video, a
 * Skeleton, another sound), pages after the end of the stream or bytes after the last page are
 * refused.
 *
 * Page: "OggS", version 0, header type (1 continued, 2 first, 4 last), granule position (64-bit
 * little-endian), serial number, page sequence number, CRC-32, the number of segments and their
 * lacing values (a packet ends at the first value under 255), then the segments.
 */
import { Reader, refuse, Writer } from "./audio-bytes.ts";
import { type OpusHead, opusPacketSamples, readOpusHead, writeOpusHead } from "./opus.ts";

/** The vendor string every stored Ogg file carries, whatever encoder wrote it first. */
export const OGG_VENDOR = "Cluehunt";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32: polynomial 0x04c11db7, no reflection, initial value and final XOR 0, over the page with its CRC field zeroed. */
export function oggCrc(page: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < page.length; i++) {
    const byte = i >= 22 && i < 26 ? 0 : page[i]!;
    crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ byte) & 0xff]!) >>> 0;
  }
  return crc;
}

/** The largest Opus packet there can be (RFC 6716: 120 ms of 1275-byte frames, with their lengths). */
const MAX_PACKET = 61_440;

type Page = {
  type: number;
  granule: number;
  serial: number;
  start: number;
  end: number;
  lacing: Uint8Array;
  bodyStart: number;
};

function readPage(r: Reader, at: number): Page {
  if (r.ascii(at, 4) !== "OggS") return refuse("damaged");
  if (r.u8(at + 4) !== 0) return refuse("unsupported");
  const type = r.u8(at + 5);
  if (type & ~7) return refuse("damaged");
  const low = r.u32le(at + 6);
  const high = r.u32le(at + 10);
  // -1 (all ones): no packet ends on this page. A granule past 2^53 samples is no recording.
  const granule =
    low === 0xffffffff && high === 0xffffffff ? -1 : high >= 0x200000 ? refuse("damaged") : high * 2 ** 32 + low;
  const serial = r.u32le(at + 14);
  const segments = r.u8(at + 26);
  r.need(at + 27, segments);
  const lacing = r.bytes.subarray(at + 27, at + 27 + segments);
  const bodyStart = at + 27 + segments;
  const end = bodyStart + lacing.reduce((sum, v) => sum + v, 0);
  r.need(bodyStart, end - bodyStart);
  if (r.u32le(at + 22) !== oggCrc(r.bytes.subarray(at, end))) return refuse("damaged");
  return { type, granule, serial, start: at, end, lacing, bodyStart };
}

/** What the first packet of a stream says it carries. */
function streamKind(packet: Uint8Array): "opus" | "video" | "sound" | "other" {
  const head = String.fromCharCode(...packet.subarray(0, 8));
  if (head === "OpusHead") return "opus";
  if (head.startsWith("\x80theora") || head.startsWith("OVP80") || head.startsWith("BBCD")) return "video";
  if (head.startsWith("\x01vorbis") || head.startsWith("Speex") || head.startsWith("\x7fFLAC")) return "sound";
  return "other";
}

export function cleanOgg(bytes: Uint8Array, maxMs: number): { bytes: Uint8Array; durationMs: number } {
  const r = new Reader(bytes);
  const first = readPage(r, 0);
  if (!(first.type & 2)) return refuse("damaged");
  const serial = first.serial;
  const packets: Uint8Array[] = [];
  /** Each audio packet's samples, and the granule position of the last page that ends a packet, with the packets ended before it. */
  const samples: number[] = [];
  let firstAudioGranule: { granule: number; packetsBefore: number } | null = null;
  let lastGranule = -1;
  let partial: Uint8Array[] = [];
  let partialLength = 0;
  let head: OpusHead | null = null;
  let ended = false;
  let at = 0;
  while (at < bytes.length) {
    // After the last page: bytes that are not a page, or any page at all after the stream ended, are not the recording's.
    if (ended || r.end - at < 4 || r.ascii(at, 4) !== "OggS") return refuse("trailing-data");
    const page = at === 0 ? first : readPage(r, at);
    if (page.serial !== serial) {
      // Another stream multiplexed in: say what it is when it starts here.
      if (page.type & 2) {
        const body = bytes.subarray(page.bodyStart, page.end);
        const kind = streamKind(body);
        return refuse(kind === "video" ? "has-video" : "several-tracks");
      }
      return refuse("several-tracks");
    }
    if (at > 0 && page.type & 2) return refuse("damaged");
    const continued = (page.type & 1) === 1;
    if (continued !== partial.length > 0) return refuse("damaged");
    let bodyAt = page.bodyStart;
    let ends = 0;
    for (const value of page.lacing) {
      partial.push(bytes.subarray(bodyAt, bodyAt + value));
      partialLength += value;
      bodyAt += value;
      // The comment header may be long (a cover picture): it is dropped. A sound packet cannot be.
      if (partialLength > MAX_PACKET && packets.length >= 2) return refuse("damaged");
      if (value === 255) continue;
      const packet = new Uint8Array(partialLength);
      let to = 0;
      for (const piece of partial) {
        packet.set(piece, to);
        to += piece.length;
      }
      partial = [];
      partialLength = 0;
      ends++;
      if (packets.length === 0) {
        const kind = streamKind(packet);
        if (kind !== "opus")
          return refuse(kind === "video" ? "has-video" : kind === "sound" ? "unsupported" : "not-audio");
        head = readOpusHead(packet);
        // The identification header is alone on the first page (RFC 7845 §3).
        if (page.lacing.length !== 1 || page.granule !== 0) return refuse("damaged");
      } else if (packets.length === 1) {
        if (String.fromCharCode(...packet.subarray(0, 8)) !== "OpusTags") return refuse("damaged");
      } else samples.push(opusPacketSamples(packet));
      packets.push(packet);
    }
    if (ends > 0 && packets.length > 2) {
      if (page.granule < 0) return refuse("damaged");
      if (page.granule < lastGranule) return refuse("damaged");
      firstAudioGranule ??= { granule: page.granule, packetsBefore: samples.length };
      lastGranule = page.granule;
      if (head && (page.granule - head.preSkip) / 48 > maxMs + 1000) return refuse("too-long");
    }
    if (page.type & 4) ended = true;
    at = page.end;
  }
  // A recorder ends its stream on a last page: without it, the upload was cut short.
  if (partial.length > 0 || !ended) return refuse("truncated");
  if (!head || packets.length < 2) return refuse("truncated");
  if (samples.length === 0 || !firstAudioGranule) return refuse("empty");

  const total = samples.reduce((sum, s) => sum + s, 0);
  const onFirstPage = samples.slice(0, firstAudioGranule.packetsBefore).reduce((sum, s) => sum + s, 0);
  // Where the stream's first sample stands: 0 for a recording; the first page may end early only if it is also the last.
  const base =
    firstAudioGranule.granule === lastGranule && firstAudioGranule.packetsBefore === samples.length
      ? 0
      : firstAudioGranule.granule - onFirstPage;
  if (base < 0 || lastGranule > base + total) return refuse("damaged");
  const durationSamples = lastGranule - head.preSkip;
  if (durationSamples <= 0) return refuse("empty");
  const durationMs = Math.round(durationSamples / 48);
  if (durationMs > maxMs || (total - head.preSkip) / 48 > maxMs + 500) return refuse("too-long");
  return { bytes: writeOgg(head, packets.slice(2), samples, base, lastGranule), durationMs };
}

function writeOgg(
  head: OpusHead,
  audio: Uint8Array[],
  samples: number[],
  base: number,
  lastGranule: number,
): Uint8Array {
  const out = new Writer();
  const serial = 0x436c7565; // "Clue": the serial number is the file's own, not the recorder's
  let sequence = 0;
  const page = (type: number, granule: number, packets: Uint8Array[]) => {
    const lacing: number[] = [];
    for (const packet of packets) {
      for (let left = packet.length; ; left -= 255) {
        lacing.push(Math.min(left, 255));
        if (left < 255) break;
      }
    }
    const w = new Writer().ascii("OggS").u8(0).u8(type);
    w.u32le(granule % 2 ** 32).u32le(Math.floor(granule / 2 ** 32));
    w.u32le(serial).u32le(sequence++).u32le(0).u8(lacing.length).bytes(lacing);
    for (const packet of packets) w.bytes(packet);
    const bytes = w.done();
    new DataView(bytes.buffer).setUint32(22, oggCrc(bytes), true);
    out.bytes(bytes);
  };
  const tags = new Writer().ascii("OpusTags").u32le(OGG_VENDOR.length).ascii(OGG_VENDOR).u32le(0).done();
  page(2, 0, [writeOpusHead(head)]);
  page(0, 0, [tags]);
  let granule = base;
  let onPage: Uint8Array[] = [];
  let segments = 0;
  let pageSamples = 0;
  audio.forEach((packet, i) => {
    const needs = Math.floor(packet.length / 255) + 1;
    // A page of at most 255 segments and about a second of sound.
    if (onPage.length > 0 && (segments + needs > 255 || pageSamples >= 48_000)) {
      page(0, granule, onPage);
      onPage = [];
      segments = 0;
      pageSamples = 0;
    }
    onPage.push(packet);
    segments += needs;
    pageSamples += samples[i]!;
    granule += samples[i]!;
  });
  // The last page ends the stream, its granule position as the recording's (which may trim its last packet).
  page(4, lastGranule, onPage);
  return out.done();
}
