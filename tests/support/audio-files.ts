/**
 * Sound files for the audio cleaner's tests: Chromium's own recordings (tests/fixtures/audio,
 * made by record.ts there with a fake microphone), and builders for the other containers made
 * from the same Opus packets (Ogg, MP4) or from silent AAC-LC frames (an M4A as a voice memo
 * app writes it) or PCM (WAV), each with metadata planted where its recorder would put it, and
 * the hostile variants: a video track, a second sound track, a tail of HTML, huge sizes.
 */
import fs from "node:fs";
import path from "node:path";
import { oggCrc } from "../../src/server/audio/ogg.ts";
import { opusPacketSamples } from "../../src/server/audio/opus.ts";

const fixtures = path.join(import.meta.dirname, "..", "fixtures", "audio");
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));

/** Chromium's MediaRecorder: 5 s without a timeslice (Chromium fixes sizes, Duration and Cues at the end). */
export const CHROMIUM_WEBM_5S = fixture("chromium-5s.webm");
/** 20 s with a 1-second timeslice: unknown-size Segment and Clusters, as an editor that streams its chunks gets. */
export const CHROMIUM_WEBM_20S = fixture("chromium-20s.webm");
/** Chromium's fragmented MP4 with Opus (moov with mvex, then moof+mdat per second). */
export const CHROMIUM_MP4_5S = fixture("chromium-5s.mp4");

/** ffmpeg's AAC-LC M4A as a voice memo app writes it (encode.sh): moov after mdat, an edit list, udta with a title and a date. */
export const FFMPEG_M4A_5S = fixture("voice-memo-5s.m4a");
/** libopus in Ogg (as Firefox's MediaRecorder writes), with title and date comments. */
export const FFMPEG_OGG_5S = fixture("opus-5s.ogg");
/** One second of MP3: a kind we do not take. */
export const FFMPEG_MP3 = fixture("one-second.mp3");
/** An MP4 with H.264 video and AAC sound. */
export const FFMPEG_WITH_VIDEO = fixture("with-video.mp4");

/** Texts planted as a phone or recorder would write them: each must be gone from what is stored. */
export const PLANTED = {
  device: "Máire's iPhone 15 Pro",
  date: "2026-03-14T09:26:53Z",
  place: "+53.3498-006.2603/",
  title: "Answer is the lion",
  html: "<html><script>alert(document.cookie)</script></html>",
} as const;
export const hasText = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(Buffer.from(text, "utf8"));

const cat = (...parts: Array<Uint8Array | number[]>) => Buffer.concat(parts.map((p) => Buffer.from(p)));
const utf8 = (text: string) => Buffer.from(text, "utf8");

// EBML (WebM)

const idBytes = (id: number) => {
  const out: number[] = [];
  for (let v = id; v > 0; v = Math.floor(v / 256)) out.unshift(v % 256);
  return out;
};
/** A size in 8 bytes (or "unknown": all ones). */
const size8 = (size: number | "unknown") =>
  size === "unknown"
    ? [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]
    : [0x01, ...[6, 5, 4, 3, 2, 1, 0].map((i) => Math.floor(size / 2 ** (8 * i)) % 256)];
export const ebml = (id: number, ...payload: Array<Uint8Array | number[]>) => {
  const body = cat(...payload);
  return cat(idBytes(id), size8(body.length), body);
};
export const ebmlUnknown = (id: number, ...payload: Array<Uint8Array | number[]>) =>
  cat(idBytes(id), size8("unknown"), ...payload);
const ebmlUint = (id: number, value: number) =>
  ebml(id, [Math.floor(value / 16777216) % 256, (value >> 16) & 255, (value >> 8) & 255, value & 255]);

/** The Opus packets and OpusHead of a WebM file (walking known- and unknown-size elements). */
export function opusOfWebm(file: Uint8Array): { head: Uint8Array; packets: Uint8Array[] } {
  const packets: Uint8Array[] = [];
  let head = new Uint8Array();
  const masters = new Set([0x18538067, 0x1654ae6b, 0xae, 0x1f43b675, 0xa0]);
  const walk = (at: number, end: number) => {
    while (at < end) {
      const idLength = Math.clz32(file[at]!) - 23;
      let id = 0;
      for (let i = 0; i < idLength; i++) id = id * 256 + file[at + i]!;
      const sizeAt = at + idLength;
      const sizeLength = Math.clz32(file[sizeAt]!) - 23;
      let size = file[sizeAt]! & (0xff >> sizeLength);
      let unknown = size === 0xff >> sizeLength;
      for (let i = 1; i < sizeLength; i++) {
        size = size * 256 + file[sizeAt + i]!;
        unknown &&= file[sizeAt + i] === 0xff;
      }
      const dataAt = sizeAt + sizeLength;
      const dataEnd = unknown ? end : dataAt + size;
      if (masters.has(id)) {
        walk(dataAt, dataEnd);
        if (unknown) return;
      } else if (id === 0x63a2) head = file.slice(dataAt, dataEnd);
      else if (id === 0xa3 || id === 0xa1) packets.push(file.slice(dataAt + 4, dataEnd));
      at = dataEnd;
    }
  };
  walk(0, file.length);
  return { head, packets };
}

const OPUS = opusOfWebm(CHROMIUM_WEBM_5S);
export const OPUS_HEAD = OPUS.head;
/** Chromium's packets, repeated for as long as asked (each packet's length read from its first byte). */
export function opusPackets(seconds: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let samples = 0, i = 0; samples < seconds * 48_000; i++) {
    const packet = OPUS.packets[i % OPUS.packets.length]!;
    out.push(packet);
    samples += opusPacketSamples(packet);
  }
  return out;
}
/** Where each packet starts, in 48 kHz samples. */
const startsOf = (packets: Uint8Array[]) => {
  let at = 0;
  return packets.map((p) => {
    const start = at;
    at += opusPacketSamples(p);
    return start;
  });
};

type WebmOptions = {
  /** Block times multiplied by this (0.1: 21 s of packets stamped as 2.1 s). */
  squeeze?: number;
  seconds?: number;
  tracks?: Uint8Array[];
  packets?: Uint8Array[];
  blockTrack?: number;
  tail?: Uint8Array;
  unknownSizes?: boolean;
};

const opusTrack = (number: number) =>
  ebml(
    0xae,
    ebmlUint(0xd7, number),
    ebmlUint(0x73c5, number),
    ebmlUint(0x83, 2),
    ebml(0x86, utf8("A_OPUS")),
    ebml(0x536e, utf8(PLANTED.title)),
    ebml(0x63a2, OPUS_HEAD),
    ebml(0xe1, ebml(0x9f, [1])),
  );
export const videoTrack = () =>
  ebml(
    0xae,
    ebmlUint(0xd7, 2),
    ebmlUint(0x83, 1),
    ebml(0x86, utf8("V_VP8")),
    ebml(0xe0, ebmlUint(0xb0, 16), ebmlUint(0xba, 16)),
  );
export const secondSoundTrack = () => opusTrack(2);

/** A WebM recording as a phone's browser might write it, metadata planted everywhere it can go. */
export function webmFile({
  seconds = 2,
  tracks = [],
  packets = opusPackets(seconds),
  blockTrack = 1,
  tail,
  unknownSizes = true,
  squeeze = 1,
}: WebmOptions = {}) {
  const info = ebml(
    0x1549a966,
    ebmlUint(0x2ad7b1, 1_000_000),
    ebml(0x4d80, utf8(PLANTED.device)),
    ebml(0x5741, utf8(PLANTED.device)),
    ebml(0x7ba9, utf8(PLANTED.title)),
    ebml(0x4461, utf8(PLANTED.date)),
  );
  const tags = ebml(
    0x1254c367,
    ebml(0x7373, ebml(0x67c8, ebml(0x45a3, utf8("LOCATION")), ebml(0x4487, utf8(PLANTED.place)))),
  );
  const clusters: Buffer[] = [];
  const starts = startsOf(packets).map((samples) => Math.round((samples / 48) * squeeze));
  for (let first = 0; first < packets.length; first += 16) {
    const clusterTime = starts[first]!;
    const blocks = packets.slice(first, first + 16).map((p, i) => {
      const head = Buffer.from([0x80 | blockTrack, 0, 0, 0x80]);
      head.writeInt16BE(starts[first + i]! - clusterTime, 1);
      return ebml(0xa3, head, p);
    });
    const cluster = [ebmlUint(0xe7, clusterTime), ...blocks];
    clusters.push(unknownSizes ? ebmlUnknown(0x1f43b675, ...cluster) : ebml(0x1f43b675, ...cluster));
  }
  const header = ebml(0x1a45dfa3, ebml(0x4282, utf8("webm")), ebmlUint(0x4285, 2));
  const body = [info, ebml(0x1654ae6b, opusTrack(1), ...tracks), tags, ...clusters];
  return new Uint8Array(
    cat(header, unknownSizes ? ebmlUnknown(0x18538067, ...body) : ebml(0x18538067, ...body), tail ?? []),
  );
}

// Ogg

/** An Ogg/Opus file: the OpusHead page, a comment header with an encoder, a title and a date, pages of about half a second. */
export function oggFile({
  seconds = 2,
  packets = opusPackets(seconds),
  extraStream,
  tail,
  squeeze = 1,
}: {
  /** Granule positions multiplied by this (a file that says it is shorter than its packets). */
  squeeze?: number;
  seconds?: number;
  packets?: Uint8Array[];
  extraStream?: Uint8Array;
  tail?: Uint8Array;
} = {}) {
  const pages: Buffer[] = [];
  let sequence = 0;
  const page = (type: number, granule: number, body: Uint8Array[], serial = 0x1234) => {
    const lacing = body.flatMap((p) => [...Array(Math.floor(p.length / 255)).fill(255), p.length % 255]);
    const header = Buffer.alloc(27);
    header.write("OggS", 0, "latin1");
    header[5] = type;
    header.writeBigUInt64LE(BigInt(granule), 6);
    header.writeUInt32LE(serial, 14);
    header.writeUInt32LE(sequence++, 18);
    header[26] = lacing.length;
    const bytes = cat(header, lacing, ...body);
    bytes.writeUInt32LE(oggCrc(bytes), 22);
    pages.push(bytes);
  };
  const comment = (text: string) => cat(Buffer.from(Uint32Array.of(utf8(text).length).buffer), utf8(text));
  const tags = cat(
    utf8("OpusTags"),
    comment(PLANTED.device),
    Buffer.from(Uint32Array.of(3).buffer),
    comment(`TITLE=${PLANTED.title}`),
    comment(`DATE=${PLANTED.date}`),
    comment(`LOCATION=${PLANTED.place}`),
  );
  page(2, 0, [OPUS_HEAD]);
  if (extraStream) page(2, 0, [extraStream], 0x9999);
  page(0, 0, [tags]);
  const preSkip = Buffer.from(OPUS_HEAD).readUInt16LE(10);
  const ends = startsOf([...packets, Uint8Array.of(0)]).slice(1);
  for (let i = 0; i < packets.length; i += 10) {
    const last = i + 10 >= packets.length;
    const end = ends[Math.min(i + 10, packets.length) - 1]!;
    page(last ? 4 : 0, preSkip + Math.round(end * squeeze), packets.slice(i, i + 10));
  }
  return new Uint8Array(cat(...pages, tail ?? []));
}

// MP4

const box = (type: string, ...payload: Array<Uint8Array | number[]>) => {
  const body = cat(...payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, "latin1");
  return cat(head, body);
};
const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
};
const u16 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2);
  values.forEach((v, i) => b.writeUInt16BE(v, i * 2));
  return b;
};
const fullBox = (type: string, ...payload: Array<Uint8Array | number[]>) => box(type, [0, 0, 0, 0], ...payload);

/** A silent AAC-LC frame of one channel (1024 samples). */
export const SILENT_AAC = Uint8Array.of(0x00, 0xc8, 0x00, 0x80, 0x23, 0x80);

type Mp4Options = {
  seconds?: number;
  codec?: "aac" | "opus";
  extraTrack?: "vide" | "soun";
  tail?: Uint8Array;
  fragmented?: boolean;
  /** Sample durations multiplied by this (a sample table that says it is shorter than its frames). */
  squeeze?: number;
};

const soundEntry = (codec: "aac" | "opus") => {
  const entry = cat(
    [0, 0, 0, 0, 0, 0],
    u16(1),
    Buffer.alloc(8),
    u16(1, 16, 0, 0),
    u32(codec === "aac" ? 44100 * 65536 : 48000 * 65536),
  );
  if (codec === "opus") {
    const head = Buffer.from(OPUS_HEAD);
    return box("Opus", entry, box("dOps", [0, 1], u16(head.readUInt16LE(10)), u32(48000), u16(0), [0]));
  }
  // ES_Descriptor → DecoderConfigDescriptor (MPEG-4 audio) → AudioSpecificConfig: AAC-LC, 44.1 kHz, mono.
  const decoder = [4, 17, 0x40, 0x15, 0, 0, 0, 0, 0, 0xfa, 0, 0, 0, 0xfa, 0, 5, 2, 0x12, 0x08];
  return box(
    "mp4a",
    entry,
    fullBox("esds", [3, 3 + decoder.length + 3, 0, 1, 0, ...decoder, 6, 1, 2]),
    box("btrt", u32(0, 64000, 64000)),
  );
};

const trak = (id: number, handler: string, timescale: number, entry: Buffer, stbl: Buffer[]) =>
  box(
    "trak",
    fullBox("tkhd", u32(0, 0, id, 0, 0), Buffer.alloc(60)),
    box(
      "mdia",
      fullBox("mdhd", u32(0, 0, timescale, 0), u16(0x55c4, 0)),
      fullBox("hdlr", u32(0), utf8(handler), Buffer.alloc(12), utf8("Core Media Audio\0")),
      box("minf", box("stbl", fullBox("stsd", u32(1), entry), ...stbl)),
    ),
  );

/** An M4A as a voice memo app writes it (or, with `fragmented`, as Safari's MediaRecorder does), with udta/meta/©xyz, free and uuid boxes. */
export function m4aFile({
  seconds = 2,
  codec = "aac",
  extraTrack,
  tail,
  fragmented = false,
  squeeze = 1,
}: Mp4Options = {}) {
  const frames =
    codec === "aac"
      ? Array.from({ length: Math.round((seconds * 44100) / 1024) }, () => SILENT_AAC)
      : opusPackets(seconds);
  const timescale = codec === "aac" ? 44100 : 48000;
  const delta = codec === "aac" ? 1024 : 960;
  const durations = frames.map((f) =>
    Math.max(1, Math.round((codec === "aac" ? 1024 : opusPacketSamples(f)) * squeeze)),
  );
  const ftyp = box("ftyp", utf8("M4A "), u32(0), utf8("M4A isommp42"));
  const ilst = box(
    "ilst",
    box("\xa9too", box("data", u32(1, 0), utf8(PLANTED.device))),
    box("\xa9day", box("data", u32(1, 0), utf8(PLANTED.date))),
    box("\xa9nam", box("data", u32(1, 0), utf8(PLANTED.title))),
  );
  const udta = box(
    "udta",
    box("\xa9xyz", u16(PLANTED.place.length, 0x15c7), utf8(PLANTED.place)),
    fullBox("meta", fullBox("hdlr", u32(0), utf8("mdir"), Buffer.alloc(12), [0]), ilst),
  );
  const extra = extraTrack
    ? [
        trak(2, extraTrack, timescale, extraTrack === "soun" ? soundEntry(codec) : box("avc1", Buffer.alloc(78)), [
          fullBox("stts", u32(0)),
          fullBox("stsc", u32(0)),
          fullBox("stsz", u32(0, 0)),
          fullBox("stco", u32(0)),
        ]),
      ]
    : [];
  const mvhd = fullBox("mvhd", u32(0, 0, timescale, 0), Buffer.alloc(80));
  const media = cat(...frames);
  if (fragmented) {
    const moov = box(
      "moov",
      mvhd,
      trak(1, "soun", timescale, soundEntry(codec), [
        fullBox("stts", u32(0)),
        fullBox("stsc", u32(0)),
        fullBox("stsz", u32(0, 0)),
        fullBox("stco", u32(0)),
      ]),
      box("mvex", fullBox("trex", u32(1, 1, delta, 0, 0))),
      udta,
    );
    const parts: Buffer[] = [ftyp, moov];
    for (let i = 0; i < frames.length; i += 40) {
      const chunk = frames.slice(i, i + 40);
      const trunLength = 8 + 4 + 8 + chunk.length * 8;
      const moofLength = 8 + 16 + 8 + 20 + trunLength;
      const trun = box(
        "trun",
        [0, 0, 0x03, 0x01],
        u32(chunk.length, moofLength + 8),
        ...chunk.map((f, j) => u32(durations[i + j]!, f.length)),
      );
      // tfhd: default-base-is-moof and a default duration.
      parts.push(
        box("moof", fullBox("mfhd", u32(i / 40 + 1)), box("traf", box("tfhd", [0, 2, 0, 0x08], u32(1, delta)), trun)),
        box("mdat", ...chunk),
      );
    }
    return new Uint8Array(cat(...parts, tail ?? []));
  }
  const stblOf = (offset: number) => [
    fullBox("stts", u32(frames.length), ...durations.map((d) => u32(1, d))),
    fullBox("stsc", u32(1, 1, frames.length, 1)),
    fullBox("stsz", u32(0, frames.length), ...frames.map((f) => u32(f.length))),
    fullBox("stco", u32(1, offset)),
  ];
  const moovOf = (offset: number) =>
    box("moov", mvhd, trak(1, "soun", timescale, soundEntry(codec), stblOf(offset)), ...extra, udta);
  const free = box("free", Buffer.alloc(32));
  const uuid = box("uuid", Buffer.alloc(16, 7), utf8(PLANTED.device));
  // As phones write it: ftyp, mdat, then moov (with the offsets into mdat), a free box and a uuid box at the end.
  const mdat = box("mdat", media);
  const moov = moovOf(ftyp.length + 8);
  return new Uint8Array(cat(ftyp, mdat, moov, free, uuid, tail ?? []));
}

// WAV

/** 16-bit mono PCM at 16 kHz (a tone), with a LIST/INFO chunk naming the software, the date and a title, and a bext chunk. */
export function wavFile({
  seconds = 1,
  tail,
  rate = 16_000,
}: {
  seconds?: number;
  tail?: Uint8Array;
  rate?: number;
} = {}) {
  const samples = Buffer.alloc(seconds * rate * 2);
  for (let i = 0; i < seconds * rate; i++)
    samples.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), i * 2);
  const chunk = (id: string, payload: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, "latin1");
    head.writeUInt32LE(payload.length, 4);
    return cat(head, payload, payload.length & 1 ? [0] : []);
  };
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0);
  fmt.writeUInt16LE(1, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const info = chunk(
    "LIST",
    cat(
      utf8("INFO"),
      chunk("ISFT", utf8(PLANTED.device)),
      chunk("ICRD", utf8(PLANTED.date)),
      chunk("INAM", utf8(PLANTED.title)),
    ),
  );
  const body = cat(utf8("WAVE"), chunk("bext", utf8(PLANTED.place)), chunk("fmt ", fmt), info, chunk("data", samples));
  const head = Buffer.alloc(8);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length, 4);
  return new Uint8Array(cat(head, body, tail ?? []));
}
