/**
 * Server only: what the audio cleaners share. A cleaner refuses by throwing a Refusal (caught
 * once, in cleanAudio); reads past the end of the bytes are refused as a file cut short; the
 * rebuilt file is written with a small growing writer.
 */
export type AudioProblem =
  /** Not a sound file we recognise at all (a picture, a document, a web page). */
  | "not-audio"
  /** A sound file of a kind we do not take (MP3, FLAC, AMR, Vorbis, HE-AAC, laced blocks…). */
  | "unsupported"
  | "too-big"
  | "too-long"
  /** Cut short: an element, box, page or chunk runs past the end of the bytes. */
  | "truncated"
  /** Bytes after the recording's last element, box, page or chunk (a polyglot: a sound header with a page or a script after it). */
  | "trailing-data"
  | "has-video"
  /** More than one sound track (or a track that is neither sound nor video). */
  | "several-tracks"
  /** The structure is broken: a size or value that cannot be, a checksum that does not match, nesting too deep. */
  | "damaged"
  /** A well-formed file with no sound in it. */
  | "empty";

export class Refusal extends Error {
  readonly problem: AudioProblem;
  constructor(problem: AudioProblem) {
    super(problem);
    this.problem = problem;
  }
}

export const refuse = (problem: AudioProblem): never => {
  throw new Refusal(problem);
};

/** Bounds-checked big- and little-endian reads: reading past `end` refuses the file as cut short. */
export class Reader {
  readonly bytes: Uint8Array;
  readonly end: number;
  constructor(bytes: Uint8Array, end = bytes.length) {
    this.bytes = bytes;
    this.end = end;
  }
  need(at: number, length: number) {
    if (at < 0 || length < 0 || at + length > this.end) refuse("truncated");
  }
  u8(at: number) {
    this.need(at, 1);
    return this.bytes[at]!;
  }
  u16be(at: number) {
    this.need(at, 2);
    return (this.bytes[at]! << 8) | this.bytes[at + 1]!;
  }
  u32be(at: number) {
    this.need(at, 4);
    return (
      ((this.bytes[at]! << 24) | (this.bytes[at + 1]! << 16) | (this.bytes[at + 2]! << 8) | this.bytes[at + 3]!) >>> 0
    );
  }
  u64be(at: number) {
    return this.u32be(at) * 2 ** 32 + this.u32be(at + 4);
  }
  u16le(at: number) {
    this.need(at, 2);
    return this.bytes[at]! | (this.bytes[at + 1]! << 8);
  }
  u32le(at: number) {
    this.need(at, 4);
    return (
      (this.bytes[at]! | (this.bytes[at + 1]! << 8) | (this.bytes[at + 2]! << 16) | (this.bytes[at + 3]! << 24)) >>> 0
    );
  }
  ascii(at: number, length: number) {
    this.need(at, length);
    return String.fromCharCode(...this.bytes.subarray(at, at + length));
  }
}

/** A growing byte buffer for the rebuilt file. */
export class Writer {
  private buffer = new Uint8Array(1024);
  length = 0;
  private room(more: number) {
    if (this.length + more <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + more));
    grown.set(this.buffer.subarray(0, this.length));
    this.buffer = grown;
  }
  bytes(data: Uint8Array | number[]) {
    this.room(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
    return this;
  }
  u8(value: number) {
    return this.bytes([value & 0xff]);
  }
  u16be(value: number) {
    return this.bytes([(value >>> 8) & 0xff, value & 0xff]);
  }
  u32be(value: number) {
    return this.bytes([(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
  }
  u16le(value: number) {
    return this.bytes([value & 0xff, (value >>> 8) & 0xff]);
  }
  u32le(value: number) {
    return this.bytes([value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff]);
  }
  ascii(text: string) {
    return this.bytes([...text].map((c) => c.charCodeAt(0) & 0xff));
  }
  /** Overwrite four bytes already written (a size known only afterwards). */
  setU32be(at: number, value: number) {
    new DataView(this.buffer.buffer).setUint32(at, value);
  }
  done(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
