/**
 * Server only: a WebM (Matroska) recording with one Opus track, read element by element and
 * written again with only what playback needs. What Chromium's MediaRecorder writes: an EBML
 * header, a Segment of unknown size holding Info (its muxing and writing app), Tracks (one
 * A_OPUS track with its OpusHead) and Clusters of unknown size of SimpleBlocks; no Duration,
 * no Cues. The file written: the EBML header, a Segment of known size with Info (timestamp
 * scale, a fixed app name, the Duration measured from the blocks' timestamps), one track
 * (number 1, its OpusHead rebuilt, codec delay and seek pre-roll), and Clusters of known size
 * holding the same Opus packets at the same times. Tags, titles, dates, chapters,
 * attachments, cues, seek heads, void and unknown elements are not carried over.
 *
 * Elements: an ID (1–4 bytes, its length in its first byte's leading zeros, marker kept), a
 * size (1–8 bytes, the same length rule, marker removed; all ones is "unknown"), the payload
 * (https://www.rfc-editor.org/rfc/rfc8794, https://www.matroska.org/technical/elements.html).
 */
import { Reader, refuse, Writer } from "./audio-bytes.ts";
import { type OpusHead, opusPacketSamples, readOpusHead, writeOpusHead } from "./opus.ts";

const ID = {
  EBML: 0x1a45dfa3,
  DocType: 0x4282,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Info: 0x1549a966,
  TimestampScale: 0x2ad7b1,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackType: 0x83,
  CodecID: 0x86,
  CodecPrivate: 0x63a2,
  CodecDelay: 0x56aa,
  SeekPreRoll: 0x56bb,
  ContentEncodings: 0x6d80,
  Video: 0xe0,
  Cluster: 0x1f43b675,
  Timestamp: 0xe7,
  SimpleBlock: 0xa3,
  BlockGroup: 0xa0,
  Block: 0xa1,
  DiscardPadding: 0x75a2,
  Cues: 0x1c53bb6b,
  Chapters: 0x1043a770,
  Tags: 0x1254c367,
  Attachments: 0x1941a469,
  Void: 0xec,
  CRC32: 0xbf,
} as const;

/** What a Segment may hold at its top level: anything else there is not part of a recording. */
const SEGMENT_CHILDREN = new Set<number>([
  ID.SeekHead,
  ID.Info,
  ID.Tracks,
  ID.Cluster,
  ID.Cues,
  ID.Chapters,
  ID.Tags,
  ID.Attachments,
  ID.Void,
  ID.CRC32,
]);
/** What a Cluster may hold: Timestamp, blocks, Position, PrevSize, SilentTracks, EncryptedBlock, Void, CRC-32. */
const CLUSTER_CHILDREN = new Set<number>([
  ID.Timestamp,
  ID.SimpleBlock,
  ID.BlockGroup,
  0xa7,
  0xab,
  0x5854,
  0xaf,
  ID.Void,
  ID.CRC32,
]);

type Element = { id: number; start: number; dataStart: number; dataEnd: number; unknownSize: boolean };

/** A variable-length integer's length from its first byte (1–8), or 0 when the byte is 0. */
const vintLength = (first: number) => (first === 0 ? 0 : Math.clz32(first) - 23);

function readElement(r: Reader, at: number, parentEnd: number): Element {
  const first = r.u8(at);
  const idLength = vintLength(first);
  if (idLength < 1 || idLength > 4) return refuse("damaged");
  r.need(at, idLength);
  let id = 0;
  for (let i = 0; i < idLength; i++) id = id * 256 + r.bytes[at + i]!;
  const sizeAt = at + idLength;
  const sizeFirst = r.u8(sizeAt);
  const sizeLength = vintLength(sizeFirst);
  if (sizeLength < 1) return refuse("damaged");
  r.need(sizeAt, sizeLength);
  let size = sizeFirst & (0xff >> sizeLength);
  let allOnes = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = r.bytes[sizeAt + i]!;
    size = size * 256 + byte;
    allOnes &&= byte === 0xff;
  }
  const dataStart = sizeAt + sizeLength;
  if (allOnes) return { id, start: at, dataStart, dataEnd: parentEnd, unknownSize: true };
  // A size past its parent's end (or the file's): cut short. Sizes past 2^53 land here too.
  if (dataStart + size > parentEnd) return refuse(parentEnd < r.end ? "damaged" : "truncated");
  return { id, start: at, dataStart, dataEnd: dataStart + size, unknownSize: false };
}

/** The children of a master element of known size, each read in turn. */
function* children(r: Reader, parent: { dataStart: number; dataEnd: number }) {
  for (let at = parent.dataStart; at < parent.dataEnd; ) {
    const child = readElement(r, at, parent.dataEnd);
    // Only the Segment and a Cluster may have an unknown size.
    if (child.unknownSize) refuse("damaged");
    yield child;
    at = child.dataEnd;
  }
}

function uint(r: Reader, e: Element): number {
  const length = e.dataEnd - e.dataStart;
  if (length > 7) return refuse("damaged");
  let value = 0;
  for (let at = e.dataStart; at < e.dataEnd; at++) value = value * 256 + r.bytes[at]!;
  return value;
}

function int(r: Reader, e: Element): number {
  const length = e.dataEnd - e.dataStart;
  if (length === 0) return 0;
  const value = uint(r, e);
  return value >= 2 ** (8 * length - 1) ? value - 2 ** (8 * length) : value;
}

const text = (r: Reader, e: Element) =>
  String.fromCharCode(...r.bytes.subarray(e.dataStart, e.dataEnd)).replace(/\0+$/, "");

type Track = { number: number; head: OpusHead; codecDelay: number; seekPreRoll: number };
type Packet = { time: number; data: Uint8Array; samples: number; discardPadding: number };

export type WebmAudio = { bytes: Uint8Array; durationMs: number };

export function cleanWebm(bytes: Uint8Array, maxMs: number): WebmAudio {
  const r = new Reader(bytes);
  const header = readElement(r, 0, bytes.length);
  if (header.id !== ID.EBML || header.unknownSize) return refuse("not-audio");
  for (const child of children(r, header)) {
    if (child.id === ID.DocType && !["webm", "matroska"].includes(text(r, child))) refuse("not-audio");
    if (child.id === ID.DocTypeReadVersion && uint(r, child) > 4) refuse("unsupported");
  }
  const segment = readElement(r, header.dataEnd, bytes.length);
  if (segment.id !== ID.Segment) return refuse("damaged");
  // A Segment of known size must end where the file ends: bytes after it are not a recording's.
  if (!segment.unknownSize && segment.dataEnd < bytes.length) return refuse("trailing-data");

  let scale = 1_000_000;
  let track: Track | null = null;
  let tracksSeen = false;
  const packets: Packet[] = [];

  const block = (data: Uint8Array, clusterTime: number, discardPadding: number) => {
    if (!track) return refuse("damaged");
    const b = new Reader(data);
    const numberLength = vintLength(b.u8(0));
    if (numberLength < 1 || numberLength > 8) return refuse("damaged");
    b.need(0, numberLength + 3);
    let number = data[0]! & (0xff >> numberLength);
    for (let i = 1; i < numberLength; i++) number = number * 256 + data[i]!;
    // A block for a track the file did not declare: another stream hidden beside the sound.
    if (number !== track.number) return refuse("several-tracks");
    const relative = (b.u16be(numberLength) << 16) >> 16;
    const flags = b.u8(numberLength + 2);
    // Lacing (several packets in one block): recorders do not write it for Opus.
    if (flags & 0x06) return refuse("unsupported");
    const packet = data.subarray(numberLength + 3);
    const time = clusterTime + relative;
    if (time < 0) return refuse("damaged");
    const previous = packets.at(-1);
    if (previous && time < previous.time) return refuse("damaged");
    packets.push({ time, data: packet, samples: opusPacketSamples(packet), discardPadding });
    // Stop reading as soon as the recording is longer than allowed (a long file is not parsed to its end).
    if ((time * scale) / 1e6 > maxMs + 1000) refuse("too-long");
  };

  const cluster = (c: Element) => {
    if (!track) return refuse("damaged");
    let clusterTime: number | null = null;
    let at = c.dataStart;
    while (at < c.dataEnd) {
      if (c.unknownSize) {
        // An unknown-size Cluster ends where an element that cannot be inside it begins.
        const id = peekId(r, at);
        if (id === null || !CLUSTER_CHILDREN.has(id)) break;
      }
      const child = readElement(r, at, c.dataEnd);
      if (child.unknownSize) return refuse("damaged");
      if (!CLUSTER_CHILDREN.has(child.id)) return refuse("damaged");
      if (child.id === ID.Timestamp) clusterTime = uint(r, child);
      else if (child.id === ID.SimpleBlock) {
        if (clusterTime === null) return refuse("damaged");
        block(bytes.subarray(child.dataStart, child.dataEnd), clusterTime, 0);
      } else if (child.id === ID.BlockGroup) {
        if (clusterTime === null) return refuse("damaged");
        let data: Uint8Array | null = null;
        let discardPadding = 0;
        for (const g of children(r, child)) {
          if (g.id === ID.Block) data = bytes.subarray(g.dataStart, g.dataEnd);
          else if (g.id === ID.DiscardPadding) discardPadding = int(r, g);
        }
        if (!data) return refuse("damaged");
        block(data, clusterTime, discardPadding);
      } else if (child.id === 0xaf) return refuse("unsupported");
      at = child.dataEnd;
    }
    return at;
  };

  let at = segment.dataStart;
  while (at < segment.dataEnd) {
    const id = peekId(r, at);
    if (id === null || !SEGMENT_CHILDREN.has(id)) {
      // In a Segment of unknown size, bytes that are no Segment element after the recording: a polyglot's tail.
      return refuse(packets.length > 0 || segment.unknownSize ? "trailing-data" : "damaged");
    }
    const element = readElement(r, at, segment.dataEnd);
    if (element.unknownSize && element.id !== ID.Cluster) return refuse("damaged");
    if (element.id === ID.Info) {
      for (const child of children(r, element)) if (child.id === ID.TimestampScale) scale = uint(r, child);
      if (scale < 1 || scale > 1e9) return refuse("damaged");
    } else if (element.id === ID.Tracks) {
      if (tracksSeen) return refuse("several-tracks");
      tracksSeen = true;
      track = readTracks(r, element);
    } else if (element.id === ID.Cluster) {
      at = cluster(element);
      continue;
    }
    at = element.dataEnd;
  }
  if (!track) return refuse("damaged");
  if (packets.length === 0) return refuse("empty");

  const last = packets.at(-1)!;
  const endNs = last.time * scale + (last.samples * 1e9) / 48_000 - Math.max(0, last.discardPadding);
  const durationMs = Math.round(endNs / 1e6);
  // What a decoder would play: every packet's samples, however the timestamps squeeze them together.
  const decodedMs = packets.reduce((sum, p) => sum + p.samples, 0) / 48 - track.codecDelay / 1e6;
  if (durationMs > maxMs || decodedMs > maxMs + 500) return refuse("too-long");
  return { bytes: writeWebm(track, packets, scale, endNs / scale), durationMs };
}

/** The ID at `at`, or null when the bytes there cannot start one (or the file ends). */
function peekId(r: Reader, at: number): number | null {
  if (at >= r.end) return null;
  const length = vintLength(r.bytes[at]!);
  if (length < 1 || length > 4 || at + length > r.end) return null;
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + r.bytes[at + i]!;
  return id;
}

function readTracks(r: Reader, tracks: Element): Track {
  const entries = [...children(r, tracks)].filter((e) => e.id === ID.TrackEntry);
  if (entries.length === 0) return refuse("damaged");
  const read = entries.map((entry) => {
    const fields: {
      number?: number;
      type?: number;
      codec?: string;
      head?: Uint8Array;
      codecDelay: number;
      seekPreRoll: number;
      video: boolean;
      encoded: boolean;
    } = {
      codecDelay: 0,
      seekPreRoll: 80_000_000,
      video: false,
      encoded: false,
    };
    for (const child of children(r, entry)) {
      if (child.id === ID.TrackNumber) fields.number = uint(r, child);
      else if (child.id === ID.TrackType) fields.type = uint(r, child);
      else if (child.id === ID.CodecID) fields.codec = text(r, child);
      else if (child.id === ID.CodecPrivate) fields.head = r.bytes.subarray(child.dataStart, child.dataEnd);
      else if (child.id === ID.CodecDelay) fields.codecDelay = uint(r, child);
      else if (child.id === ID.SeekPreRoll) fields.seekPreRoll = uint(r, child);
      else if (child.id === ID.Video) fields.video = true;
      else if (child.id === ID.ContentEncodings) fields.encoded = true;
    }
    return fields;
  });
  if (read.some((t) => t.type === 1 || t.video || t.codec?.startsWith("V_"))) return refuse("has-video");
  if (read.length > 1) return refuse("several-tracks");
  const only = read[0]!;
  if (only.type !== 2) return refuse("several-tracks");
  // Compressed or encrypted frames, or another codec: not what a recorder writes.
  if (only.codec !== "A_OPUS" || only.encoded) return refuse("unsupported");
  if (!only.number || !only.head) return refuse("damaged");
  if (only.codecDelay > 1e9 || only.seekPreRoll > 1e9) return refuse("damaged");
  return {
    number: only.number,
    head: readOpusHead(only.head),
    codecDelay: only.codecDelay,
    seekPreRoll: only.seekPreRoll,
  };
}

// Writing: every element with its size known, in the fewest bytes that hold it.

function idBytes(id: number): number[] {
  const out: number[] = [];
  for (let value = id; value > 0; value = Math.floor(value / 256)) out.unshift(value % 256);
  return out;
}

function sizeBytes(size: number): number[] {
  let length = 1;
  while (size >= 2 ** (7 * length) - 1) length++;
  const out: number[] = [];
  let value = size;
  for (let i = 0; i < length; i++) {
    out.unshift(value % 256);
    value = Math.floor(value / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

const element = (id: number, ...payload: Uint8Array[]): Uint8Array => {
  const w = new Writer().bytes(idBytes(id));
  const size = payload.reduce((sum, p) => sum + p.length, 0);
  w.bytes(sizeBytes(size));
  for (const p of payload) w.bytes(p);
  return w.done();
};

const uintElement = (id: number, value: number) => {
  const out: number[] = [];
  for (let v = value; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return element(id, new Uint8Array(out.length ? out : [0]));
};
const textElement = (id: number, value: string) => element(id, new Uint8Array([...value].map((c) => c.charCodeAt(0))));
const floatElement = (id: number, value: number) => {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, value);
  return element(id, out);
};

/** The name written as the file's muxing and writing app (both mandatory in Matroska), whatever wrote it first. */
export const WRITING_APP = "Cluehunt";

function writeWebm(track: Track, packets: Packet[], scale: number, durationTicks: number): Uint8Array {
  const header = element(
    ID.EBML,
    uintElement(0x4286, 1),
    uintElement(0x42f7, 1),
    uintElement(0x42f2, 4),
    uintElement(0x42f3, 8),
    textElement(ID.DocType, "webm"),
    uintElement(0x4287, 4),
    uintElement(ID.DocTypeReadVersion, 2),
  );
  const info = element(
    ID.Info,
    uintElement(ID.TimestampScale, scale),
    textElement(0x4d80, WRITING_APP),
    textElement(0x5741, WRITING_APP),
    floatElement(0x4489, durationTicks),
  );
  const tracks = element(
    ID.Tracks,
    element(
      ID.TrackEntry,
      uintElement(ID.TrackNumber, 1),
      uintElement(0x73c5, 1),
      uintElement(ID.TrackType, 2),
      uintElement(0x9c, 0),
      textElement(ID.CodecID, "A_OPUS"),
      element(ID.CodecPrivate, writeOpusHead(track.head)),
      uintElement(ID.CodecDelay, track.codecDelay),
      uintElement(ID.SeekPreRoll, track.seekPreRoll),
      element(0xe1, floatElement(0xb5, 48_000), uintElement(0x9f, track.head.channels)),
    ),
  );
  const clusters: Uint8Array[] = [];
  let current: { time: number; blocks: Uint8Array[] } | null = null;
  const close = () => {
    if (current) clusters.push(element(ID.Cluster, uintElement(ID.Timestamp, current.time), ...current.blocks));
  };
  for (const packet of packets) {
    // A block's time is a signed 16-bit offset from its Cluster's: a new Cluster well before it overflows.
    if (!current || packet.time - current.time > 30_000) {
      close();
      current = { time: packet.time, blocks: [] };
    }
    const relative = packet.time - current.time;
    const blockBytes = new Writer().u8(0x81).u16be(relative & 0xffff);
    if (packet.discardPadding > 0) {
      const block = blockBytes.u8(0).bytes(packet.data).done();
      const padding = new Uint8Array(8);
      new DataView(padding.buffer).setBigInt64(0, BigInt(packet.discardPadding));
      current.blocks.push(element(ID.BlockGroup, element(ID.Block, block), element(ID.DiscardPadding, padding)));
    } else current.blocks.push(element(ID.SimpleBlock, blockBytes.u8(0x80).bytes(packet.data).done()));
  }
  close();
  const segment = element(ID.Segment, info, tracks, ...clusters);
  return new Writer().bytes(header).bytes(segment).done();
}
