/**
 * The files inside a zip archive (an .xlsx is one), unpacked within a byte budget. An archive's
 * headers say how large each file is, but nothing makes them tell the truth: a 1 MB "zip bomb"
 * unpacks to 1 GB whatever it declares. So the declared sizes are checked first (an honest
 * bomb is refused before any unpacking), then every byte actually unpacked is counted, in steps
 * small enough that the count can stop it within a few MB of the budget.
 */
import { Inflate } from "fflate";

export type ZipEntry = { name: string; method: number; compressedSize: number; size: number; dataStart: number };

/** Why an archive was not unpacked: not a zip we can read, or more than the budget inside. */
export type UnzipRefusal = { refused: "unreadable" } | { refused: "tooLarge" };

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** Compressed bytes fed to the inflater at a time: deflate expands at most ~1032×, so one step adds at most ~4 MB. */
const INFLATE_STEP = 4096;

class ZipView {
  constructor(private readonly bytes: Uint8Array) {}
  get length() {
    return this.bytes.length;
  }
  has(offset: number, length: number) {
    return offset >= 0 && offset + length <= this.bytes.length;
  }
  u16(offset: number) {
    return this.bytes[offset]! | (this.bytes[offset + 1]! << 8);
  }
  u32(offset: number) {
    return (this.u16(offset) | (this.u16(offset + 2) << 16)) >>> 0;
  }
  u64(offset: number) {
    return this.u32(offset) + this.u32(offset + 4) * 2 ** 32;
  }
  slice(offset: number, length: number) {
    return this.bytes.subarray(offset, offset + length);
  }
}

/** Where the central directory is and how many entries it holds (zip64 too), or null. */
function findDirectory(zip: ZipView): { offset: number; count: number } | null {
  // The end record is the last 22 bytes, unless a comment (at most 65,535 bytes) follows it.
  let end = zip.length - 22;
  const lowest = Math.max(0, zip.length - 22 - 65535);
  while (end >= lowest && zip.u32(end) !== END_OF_DIRECTORY) end--;
  if (end < lowest || !zip.has(end, 22)) return null;
  let count = zip.u16(end + 10);
  let offset = zip.u32(end + 16);
  if ((count === 0xffff || offset === 0xffffffff) && zip.has(end - 20, 20) && zip.u32(end - 20) === ZIP64_END_LOCATOR) {
    const zip64End = zip.u64(end - 12);
    if (!zip.has(zip64End, 56) || zip.u32(zip64End) !== ZIP64_END_OF_DIRECTORY) return null;
    count = zip.u64(zip64End + 32);
    offset = zip.u64(zip64End + 48);
  }
  return { offset, count };
}

/** Every entry of the central directory, with where its data starts; null when the directory is broken. */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const zip = new ZipView(bytes);
  const directory = findDirectory(zip);
  if (!directory) return null;
  const entries: ZipEntry[] = [];
  let at = directory.offset;
  for (let i = 0; i < directory.count; i++) {
    if (!zip.has(at, 46) || zip.u32(at) !== DIRECTORY_ENTRY) return null;
    const method = zip.u16(at + 10);
    let compressedSize = zip.u32(at + 20);
    let size = zip.u32(at + 24);
    const nameLength = zip.u16(at + 28);
    const extraLength = zip.u16(at + 30);
    const commentLength = zip.u16(at + 32);
    let localOffset = zip.u32(at + 42);
    if (!zip.has(at + 46, nameLength + extraLength)) return null;
    const name = new TextDecoder().decode(zip.slice(at + 46, nameLength));
    // Zip64: the sizes and offset that do not fit 32 bits are in the extra field, in this order.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + zip.u16(x + 2)) {
      if (zip.u16(x) !== 0x0001) continue;
      let field = x + 4;
      if (size === 0xffffffff && zip.has(field, 8)) {
        size = zip.u64(field);
        field += 8;
      }
      if (compressedSize === 0xffffffff && zip.has(field, 8)) {
        compressedSize = zip.u64(field);
        field += 8;
      }
      if (localOffset === 0xffffffff && zip.has(field, 8)) localOffset = zip.u64(field);
    }
    if (!zip.has(localOffset, 30) || zip.u32(localOffset) !== LOCAL_HEADER) return null;
    const dataStart = localOffset + 30 + zip.u16(localOffset + 26) + zip.u16(localOffset + 28);
    if (!zip.has(dataStart, compressedSize)) return null;
    entries.push({ name, method, compressedSize, size, dataStart });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/**
 * Looks at each piece of an entry as it unpacks (the last one with `final`); answering true
 * stops the unpacking (the caller keeps why).
 */
export type PieceCheck = (piece: Uint8Array, final: boolean) => boolean;

/**
 * The contents of these entries, or a refusal once more than `budget` bytes would be unpacked
 * (declared or actual, counted across all of them), or once an entry unpacks to more than its
 * header declared (no honest writer does that; the reader would have cut it there). `check`,
 * if given, sees every entry's pieces as they come and may stop it.
 */
export function unpackWithin(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  budget: number,
  check?: (entry: ZipEntry) => PieceCheck,
): Map<string, Uint8Array> | UnzipRefusal | { refused: "stopped" } {
  if (entries.some((e) => e.method !== STORED && e.method !== DEFLATED)) return { refused: "unreadable" };
  if (entries.reduce((sum, e) => sum + e.size, 0) > budget) return { refused: "tooLarge" };
  const files = new Map<string, Uint8Array>();
  let left = budget;
  for (const entry of entries) {
    const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    const look = check?.(entry);
    if (entry.method === STORED) {
      if (data.length > left) return { refused: "tooLarge" };
      if (look?.(data, true)) return { refused: "stopped" };
      left -= data.length;
      files.set(entry.name, data);
      continue;
    }
    const chunks: Uint8Array[] = [];
    let unpacked = 0;
    let stop: UnzipRefusal | { refused: "stopped" } | null = null;
    const inflater = new Inflate((chunk, final) => {
      if (stop) return;
      unpacked += chunk.length;
      if (unpacked > left) stop = { refused: "tooLarge" };
      else if (unpacked > entry.size) stop = { refused: "unreadable" };
      else if (look?.(chunk, final)) stop = { refused: "stopped" };
      else chunks.push(chunk);
    });
    try {
      for (let at = 0; at < data.length && !stop; at += INFLATE_STEP)
        inflater.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
      if (data.length === 0) inflater.push(data, true);
    } catch {
      return { refused: "unreadable" };
    }
    if (stop) return stop;
    left -= unpacked;
    const whole = new Uint8Array(unpacked);
    let at = 0;
    for (const chunk of chunks) {
      whole.set(chunk, at);
      at += chunk.length;
    }
    files.set(entry.name, whole);
  }
  return files;
}
