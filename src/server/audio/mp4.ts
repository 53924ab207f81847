/**
 * Server only: an MP4/M4A recording with one sound track, AAC-LC or Opus, read box by box
 * (ISO/IEC 14496-12) and written again as a plain M4A: ftyp, moov (mvhd, one trak with tkhd, mdhd,
 * hdlr, smhd, dinf and a sample table whose description is rebuilt from the codec's own
 * configuration) and one mdat holding the same samples in order. Dates are written as 0. What
 * is dropped: udta and meta (titles, ©day dates, ©too encoders, ©xyz places, Apple's voice memo
 * fields, cover art), free/skip/wide/uuid boxes, edit lists, bit-rate boxes, sidx and mfra. A
 * fragmented MP4 (Safari's and Chromium's MediaRecorder: an empty sample table, mvex, then
 * moof+mdat pairs) is read fragment by fragment and rebuilt as a plain one.
 *
 * Box: a 32-bit big-endian size (1: a 64-bit size follows the type; 0: to the end of the file,
 * only at the top level), a four-character type, the payload.
 */
import { Reader, refuse, Writer } from "./audio-bytes.ts";
import { opusPacketSamples } from "./opus.ts";

type Box = { type: string; start: number; dataStart: number; end: number };

/** What a file may hold at its top level; after the movie, anything else is a polyglot's tail. */
const TOP_LEVEL = new Set([
  "ftyp",
  "moov",
  "mdat",
  "free",
  "skip",
  "wide",
  "uuid",
  "meta",
  "udta",
  "moof",
  "mfra",
  "sidx",
  "styp",
  "pdin",
  "prft",
  "emsg",
]);

function readBox(r: Reader, at: number, parentEnd: number, topLevel = false): Box {
  r.need(at, 8);
  let size = r.u32be(at);
  const type = r.ascii(at + 4, 4);
  let dataStart = at + 8;
  if (size === 1) {
    size = r.u64be(at + 8);
    dataStart += 8;
  } else if (size === 0) {
    if (!topLevel) return refuse("damaged");
    size = parentEnd - at;
  }
  if (size < dataStart - at) return refuse("damaged");
  if (at + size > parentEnd) return refuse(parentEnd < r.end ? "damaged" : "truncated");
  return { type, start: at, dataStart, end: at + size };
}

function* boxes(r: Reader, parent: { dataStart: number; end: number }, skip = 0) {
  for (let at = parent.dataStart + skip; at < parent.end; ) {
    const box = readBox(r, at, parent.end);
    yield box;
    at = box.end;
  }
}

const child = (r: Reader, parent: Box, type: string, skip = 0) => {
  for (const box of boxes(r, parent, skip)) if (box.type === type) return box;
  return null;
};
const need = (box: Box | null): Box => box ?? refuse("damaged");

type Codec =
  | { kind: "aac"; objectType: number; frequencyIndex: number; channels: number; sampleRate: number }
  | { kind: "opus"; channels: number; preSkip: number; inputRate: number; gain: number };

type Sample = { offset: number; size: number; duration: number };

type SoundTrack = {
  id: number;
  timescale: number;
  codec: Codec;
  samples: Sample[];
  units: number;
  fragmented: boolean;
  defaults: Defaults;
};
type Defaults = { duration: number; size: number };

const AAC_RATES = [96000, 88200, 64000, 48000, 44100, 32000, 24000, 22050, 16000, 12000, 11025, 8000, 7350];

/** An MPEG-4 descriptor's length: up to four bytes of seven bits, the top bit saying another follows. */
function descriptor(r: Reader, at: number, end: number): { tag: number; dataStart: number; end: number } {
  const tag = r.u8(at);
  let length = 0;
  let i = 1;
  for (; i <= 4; i++) {
    const byte = r.u8(at + i);
    length = length * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) break;
  }
  if (i > 4) return refuse("damaged");
  const dataStart = at + i + 1;
  if (dataStart + length > end) return refuse("damaged");
  return { tag, dataStart, end: dataStart + length };
}

/** esds: ES_Descriptor → DecoderConfigDescriptor (MPEG-4 audio) → DecoderSpecificInfo, the AudioSpecificConfig. */
function readEsds(r: Reader, esds: Box): Codec {
  const es = descriptor(r, esds.dataStart + 4, esds.end);
  if (es.tag !== 3) return refuse("damaged");
  const flags = r.u8(es.dataStart + 2);
  let at = es.dataStart + 3;
  if (flags & 0x80) at += 2;
  if (flags & 0x40) at += 1 + r.u8(at);
  if (flags & 0x20) at += 2;
  const config = descriptor(r, at, es.end);
  if (config.tag !== 4) return refuse("damaged");
  // 0x40: MPEG-4 audio; 0x67: MPEG-2 AAC-LC. MP3 (0x6b, 0x69) and the rest: not a kind we take.
  const objectTypeIndication = r.u8(config.dataStart);
  if (objectTypeIndication !== 0x40 && objectTypeIndication !== 0x67) return refuse("unsupported");
  const specific = descriptor(r, config.dataStart + 13, config.end);
  if (specific.tag !== 5 || specific.end - specific.dataStart < 2) return refuse("damaged");
  const bits = r.u16be(specific.dataStart);
  const objectType = bits >> 11;
  const frequencyIndex = (bits >> 7) & 0xf;
  const channels = (bits >> 3) & 0xf;
  const frameLength960 = (bits >> 2) & 1;
  // AAC-LC, at a standard rate, mono or stereo, 1024-sample frames: what voice memos and Safari write.
  if (objectType !== 2 || frequencyIndex > 12 || channels < 1 || channels > 2 || frameLength960)
    return refuse("unsupported");
  return { kind: "aac", objectType, frequencyIndex, channels, sampleRate: AAC_RATES[frequencyIndex]! };
}

/** dOps (Opus in ISO BMFF): version 0, channels, pre-skip, input rate, gain, mapping family: big-endian. */
function readDops(r: Reader, dops: Box): Codec {
  if (r.u8(dops.dataStart) !== 0) return refuse("unsupported");
  const channels = r.u8(dops.dataStart + 1);
  const family = r.u8(dops.dataStart + 10);
  if (family !== 0) return refuse("unsupported");
  if (channels < 1 || channels > 2) return refuse("damaged");
  const gain = (r.u16be(dops.dataStart + 8) << 16) >> 16;
  return { kind: "opus", channels, preSkip: r.u16be(dops.dataStart + 2), inputRate: r.u32be(dops.dataStart + 4), gain };
}

function readSampleEntry(r: Reader, stsd: Box): Codec {
  if (r.u32be(stsd.dataStart + 4) !== 1) return refuse("unsupported");
  const entry = readBox(r, stsd.dataStart + 8, stsd.end);
  if (entry.type !== "mp4a" && entry.type !== "Opus") return refuse("unsupported");
  // AudioSampleEntry: 8 bytes, then 20 (version 0); QuickTime's version 1 adds 16 bytes, version 2 36.
  const version = r.u16be(entry.dataStart + 8);
  const childrenAt = 28 + (version === 1 ? 16 : version === 2 ? 36 : 0);
  if (version > 2) return refuse("damaged");
  if (entry.type === "Opus") return readDops(r, need(child(r, entry, "dOps", childrenAt)));
  const wave = child(r, entry, "wave", childrenAt);
  return readEsds(r, need(wave ? child(r, wave, "esds") : child(r, entry, "esds", childrenAt)));
}

/** A full box's version, the offset of its fields, and a reader that refuses reads past the box's end (a table longer than its box). */
const full = (r: Reader, box: Box) => ({
  version: r.u8(box.dataStart),
  at: box.dataStart + 4,
  r: new Reader(r.bytes, box.end),
});

function readTrack(
  r: Reader,
  trak: Box,
  maxUnits: number,
  fileLength: number,
): { handler: string; track?: SoundTrack } {
  const tkhd = full(r, need(child(r, trak, "tkhd")));
  const id = r.u32be(tkhd.at + (tkhd.version === 1 ? 16 : 8));
  const mdia = need(child(r, trak, "mdia"));
  const hdlr = need(child(r, mdia, "hdlr"));
  const handler = r.ascii(hdlr.dataStart + 8, 4);
  if (handler !== "soun") return { handler };
  const mdhd = full(r, need(child(r, mdia, "mdhd")));
  const timescale = r.u32be(mdhd.at + (mdhd.version === 1 ? 16 : 8));
  if (timescale < 1) return refuse("damaged");
  const stbl = need(child(r, need(child(r, mdia, "minf")), "stbl"));
  const codec = readSampleEntry(r, need(child(r, stbl, "stsd")));

  // The sample table: durations (stts), sizes (stsz), samples per chunk (stsc), chunk offsets (stco/co64).
  const stts = full(r, need(child(r, stbl, "stts")));
  const stsz = full(r, child(r, stbl, "stsz") ?? refuse(child(r, stbl, "stz2") ? "unsupported" : "damaged"));
  const stsc = full(r, need(child(r, stbl, "stsc")));
  const co = child(r, stbl, "stco") ?? child(r, stbl, "co64");
  const chunkOffsets = full(r, need(co));
  const wide = co?.type === "co64";

  const fixedSize = stsz.r.u32be(stsz.at);
  const count = stsz.r.u32be(stsz.at + 4);
  // Every sample is at least one byte of the file: a count larger than that is a lie.
  if (count > fileLength) return refuse("damaged");
  const durations: number[] = [];
  let units = 0;
  for (let i = 0, entries = stts.r.u32be(stts.at); i < entries; i++) {
    const run = stts.r.u32be(stts.at + 4 + i * 8);
    const delta = stts.r.u32be(stts.at + 8 + i * 8);
    if (durations.length + run > count) return refuse("damaged");
    units += run * delta;
    if (units > maxUnits) return refuse("too-long");
    for (let j = 0; j < run; j++) durations.push(delta);
  }
  if (durations.length !== count) return refuse("damaged");
  const samples: Sample[] = [];
  const chunks = chunkOffsets.r.u32be(chunkOffsets.at);
  const stscEntries = stsc.r.u32be(stsc.at);
  for (let e = 0; e < stscEntries && samples.length < count; e++) {
    const firstChunk = stsc.r.u32be(stsc.at + 4 + e * 12);
    const perChunk = stsc.r.u32be(stsc.at + 8 + e * 12);
    const nextFirst = e + 1 < stscEntries ? stsc.r.u32be(stsc.at + 4 + (e + 1) * 12) : chunks + 1;
    if (firstChunk < 1 || nextFirst <= firstChunk || nextFirst > chunks + 1) return refuse("damaged");
    for (let c = firstChunk; c < nextFirst; c++) {
      let offset = wide
        ? chunkOffsets.r.u64be(chunkOffsets.at + 4 + (c - 1) * 8)
        : chunkOffsets.r.u32be(chunkOffsets.at + 4 + (c - 1) * 4);
      for (let s = 0; s < perChunk; s++) {
        const index = samples.length;
        if (index >= count) return refuse("damaged");
        const size = fixedSize || stsz.r.u32be(stsz.at + 8 + index * 4);
        samples.push({ offset, size, duration: durations[index]! });
        offset += size;
      }
    }
  }
  if (samples.length !== count) return refuse("damaged");
  return {
    handler,
    track: { id, timescale, codec, samples, units, fragmented: false, defaults: { duration: 0, size: 0 } },
  };
}

/** A movie fragment's samples for the sound track (tfhd, tfdt, trun), their offsets from the moof or a base offset. */
function readFragment(r: Reader, moof: Box, track: SoundTrack, maxUnits: number) {
  for (const traf of boxes(r, moof)) {
    if (traf.type !== "traf") continue;
    const tfhd = full(r, need(child(r, traf, "tfhd")));
    const flags = r.u32be(tfhd.at - 4) & 0xffffff;
    if (r.u32be(tfhd.at) !== track.id) return refuse("several-tracks");
    let at = tfhd.at + 4;
    let base = moof.start;
    if (flags & 0x01) {
      base = r.u64be(at);
      at += 8;
    }
    if (flags & 0x02) {
      if (r.u32be(at) !== 1) return refuse("unsupported");
      at += 4;
    }
    let defaultDuration = track.defaults.duration;
    let defaultSize = track.defaults.size;
    if (flags & 0x08) {
      defaultDuration = r.u32be(at);
      at += 4;
    }
    if (flags & 0x10) defaultSize = r.u32be(at);
    let next = base;
    for (const trun of boxes(r, traf)) {
      if (trun.type !== "trun") continue;
      const t = full(r, trun);
      const trunFlags = r.u32be(trun.dataStart) & 0xffffff;
      const count = t.r.u32be(t.at);
      let field = t.at + 4;
      if (trunFlags & 0x01) {
        next = base + ((r.u32be(field) << 0) | 0);
        field += 4;
      }
      if (trunFlags & 0x04) field += 4;
      const perSample = [0x100, 0x200, 0x400, 0x800].filter((f) => trunFlags & f).length * 4;
      t.r.need(field, count * perSample);
      // Every sample is at least a byte of the file: more samples than bytes is a lie.
      if (track.samples.length + count > r.end) return refuse("damaged");
      for (let i = 0; i < count; i++) {
        let f = field + i * perSample;
        let duration = defaultDuration;
        let size = defaultSize;
        if (trunFlags & 0x100) {
          duration = r.u32be(f);
          f += 4;
        }
        if (trunFlags & 0x200) size = r.u32be(f);
        track.samples.push({ offset: next, size, duration });
        track.units += duration;
        next += size;
      }
      if (track.units > maxUnits) return refuse("too-long");
    }
  }
}

export function cleanMp4(bytes: Uint8Array, maxMs: number): { bytes: Uint8Array; durationMs: number } {
  const r = new Reader(bytes);
  const media: Array<{ start: number; end: number }> = [];
  let track: SoundTrack | null = null;
  let moovSeen = false;
  let maxUnits = Infinity;
  for (let at = 0; at < bytes.length; ) {
    if (bytes.length - at < 8) return refuse(moovSeen ? "trailing-data" : "truncated");
    const type = r.ascii(at + 4, 4);
    if (!TOP_LEVEL.has(type)) return refuse(moovSeen || media.length > 0 ? "trailing-data" : "damaged");
    if (at === 0 && type !== "ftyp") return refuse("not-audio");
    const box = readBox(r, at, bytes.length, true);
    if (box.type === "moov") {
      if (moovSeen) return refuse("damaged");
      moovSeen = true;
      const tracks: Array<{ handler: string; track?: SoundTrack }> = [];
      for (const trak of boxes(r, box)) {
        if (trak.type !== "trak") continue;
        // The time scale is known only inside the track: the limit in its units is set after it.
        const read = readTrack(r, trak, Number.MAX_SAFE_INTEGER, bytes.length);
        tracks.push(read);
      }
      if (tracks.some((t) => t.handler === "vide")) return refuse("has-video");
      if (tracks.length !== 1) return refuse(tracks.length === 0 ? "damaged" : "several-tracks");
      track = tracks[0]!.track ?? refuse("several-tracks");
      maxUnits = ((maxMs + 1000) * track.timescale) / 1000;
      if (track.units > maxUnits) return refuse("too-long");
      const mvex = child(r, box, "mvex");
      if (mvex) {
        track.fragmented = true;
        const trex = child(r, mvex, "trex");
        if (trex) {
          const t = full(r, trex);
          if (r.u32be(t.at) !== track.id) return refuse("several-tracks");
          track.defaults = { duration: r.u32be(t.at + 8), size: r.u32be(t.at + 12) };
        }
      }
    } else if (box.type === "moof") {
      if (!track?.fragmented) return refuse("damaged");
      readFragment(r, box, track, maxUnits);
    } else if (box.type === "mdat") media.push({ start: box.dataStart, end: box.end });
    at = box.end;
  }
  if (!track) return refuse(media.length > 0 ? "truncated" : "damaged");
  if (track.samples.length === 0) return refuse("empty");
  // Every sample inside a mdat's payload (they are in file order: found by halving): a sample table pointing at the
  // moov, a tag or past the end is refused. And what a decoder would play, sample by sample.
  let decoded = 0;
  for (const sample of track.samples) {
    if (sample.size < 1 || sample.duration < 1) return refuse("damaged");
    let low = 0;
    let high = media.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (media[middle]!.start <= sample.offset) low = middle;
      else high = middle - 1;
    }
    const m = media[low];
    const inside = m && sample.offset >= m.start && sample.offset + sample.size <= m.end;
    if (!inside) return refuse(sample.offset + sample.size > bytes.length ? "truncated" : "damaged");
    decoded +=
      track.codec.kind === "opus"
        ? opusPacketSamples(bytes.subarray(sample.offset, sample.offset + sample.size)) / 48_000
        : 1024 / track.codec.sampleRate;
  }
  const total = track.units;
  const durationMs = Math.round((total * 1000) / track.timescale);
  if (durationMs > maxMs || decoded * 1000 > maxMs + 500) return refuse("too-long");
  return { bytes: writeMp4(bytes, track, total), durationMs };
}

// Writing: a plain M4A, its moov before its mdat.

function box(type: string, ...payload: Uint8Array[]): Uint8Array {
  const size = 8 + payload.reduce((sum, p) => sum + p.length, 0);
  const w = new Writer().u32be(size).ascii(type);
  for (const p of payload) w.bytes(p);
  return w.done();
}
const fullBox = (type: string, version: number, flags: number, body: Writer) =>
  box(
    type,
    new Writer()
      .u8(version)
      .bytes([(flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff])
      .done(),
    body.done(),
  );

const MATRIX = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
const matrix = (w: Writer) => {
  for (const value of MATRIX) w.u32be(value);
  return w;
};

function sampleEntry(codec: Codec): Uint8Array {
  const w = new Writer().bytes([0, 0, 0, 0, 0, 0]).u16be(1).bytes(new Array(8).fill(0));
  w.u16be(codec.channels).u16be(16).u16be(0).u16be(0);
  const rate = codec.kind === "opus" ? 48_000 : codec.sampleRate;
  w.u32be(rate < 65_536 ? rate * 65_536 : 0);
  if (codec.kind === "opus") {
    const dops = new Writer()
      .u8(0)
      .u8(codec.channels)
      .u16be(codec.preSkip)
      .u32be(codec.inputRate)
      .u16be(codec.gain & 0xffff)
      .u8(0);
    return box("Opus", w.done(), box("dOps", dops.done()));
  }
  // ES_Descriptor { ES_ID 0, no flags, DecoderConfigDescriptor { MPEG-4 audio, audio stream, DecoderSpecificInfo { the two bytes of an AAC-LC config } }, SLConfigDescriptor { 2 } }.
  const config = ((codec.objectType << 11) | (codec.frequencyIndex << 7) | (codec.channels << 3)) & 0xffff;
  const specific = [5, 2, config >> 8, config & 0xff];
  const decoder = [4, 13 + specific.length, 0x40, 0x15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...specific];
  const es = [3, 3 + decoder.length + 3, 0, 0, 0, ...decoder, 6, 1, 2];
  return box("mp4a", w.done(), fullBox("esds", 0, 0, new Writer().bytes(es)));
}

function writeMp4(source: Uint8Array, track: SoundTrack, total: number): Uint8Array {
  const { timescale, codec, samples } = track;
  const opus = codec.kind === "opus";
  const ftyp = opus
    ? box("ftyp", new Writer().ascii("isom").u32be(0).ascii("isomiso2Opus").done())
    : box("ftyp", new Writer().ascii("M4A ").u32be(0).ascii("M4A isommp42").done());
  // Creation and modification dates 0; rate 1.0, volume 1.0, the identity matrix, next track 2.
  const mvhdBody = new Writer().u32be(0).u32be(0).u32be(timescale).u32be(total).u32be(0x10000).u16be(0x100);
  const mvhd = fullBox(
    "mvhd",
    0,
    0,
    matrix(mvhdBody.bytes(new Array(10).fill(0)))
      .bytes(new Array(24).fill(0))
      .u32be(2),
  );
  // Enabled and in the movie; dates 0, track 1, its duration in the movie's time scale (the same as the media's).
  const tkhdBody = new Writer().u32be(0).u32be(0).u32be(1).u32be(0).u32be(total).bytes(new Array(8).fill(0));
  const tkhd = fullBox("tkhd", 0, 3, matrix(tkhdBody.u16be(0).u16be(0).u16be(0x100).u16be(0)).u32be(0).u32be(0));
  const mdhd = fullBox(
    "mdhd",
    0,
    0,
    new Writer().u32be(0).u32be(0).u32be(timescale).u32be(total).u16be(0x55c4).u16be(0),
  );
  const hdlr = fullBox(
    "hdlr",
    0,
    0,
    new Writer().u32be(0).ascii("soun").bytes(new Array(12).fill(0)).ascii("SoundHandler").u8(0),
  );
  const smhd = fullBox("smhd", 0, 0, new Writer().u16be(0).u16be(0));
  const dinf = box("dinf", fullBox("dref", 0, 0, new Writer().u32be(1).bytes(fullBox("url ", 0, 1, new Writer()))));
  const stsd = fullBox("stsd", 0, 0, new Writer().u32be(1).bytes(sampleEntry(codec)));
  const runs: Array<[number, number]> = [];
  for (const s of samples) {
    const last = runs.at(-1);
    if (last && last[1] === s.duration) last[0]++;
    else runs.push([1, s.duration]);
  }
  const sttsBody = new Writer().u32be(runs.length);
  for (const [count, delta] of runs) sttsBody.u32be(count).u32be(delta);
  const stts = fullBox("stts", 0, 0, sttsBody);
  const stsc = fullBox("stsc", 0, 0, new Writer().u32be(1).u32be(1).u32be(samples.length).u32be(1));
  const stszBody = new Writer().u32be(0).u32be(samples.length);
  for (const s of samples) stszBody.u32be(s.size);
  const stsz = fullBox("stsz", 0, 0, stszBody);
  const mediaLength = samples.reduce((sum, s) => sum + s.size, 0);
  // The one chunk's offset depends on the moov's size, which this offset is inside of (four bytes either way).
  const moovWith = (offset: number) =>
    box(
      "moov",
      mvhd,
      box(
        "trak",
        tkhd,
        box("mdia", mdhd, hdlr, box("minf", smhd, dinf, box("stbl", stsd, stts, stsc, stsz, stco(offset)))),
      ),
    );
  const stco = (offset: number) => fullBox("stco", 0, 0, new Writer().u32be(1).u32be(offset));
  const moovLength = moovWith(0).length;
  const moov = moovWith(ftyp.length + moovLength + 8);
  const out = new Writer()
    .bytes(ftyp)
    .bytes(moov)
    .u32be(8 + mediaLength)
    .ascii("mdat");
  for (const s of samples) out.bytes(source.subarray(s.offset, s.offset + s.size));
  return out.done();
}
