/**
 * The one byte range a media request asks for (RFC 9110 §14): Safari plays no audio or video
 * without them. One range only: a request for several is answered whole, as the RFC allows, so
 * nobody can make the server cut one file into a thousand parts.
 */

/** `whole`: send it all (no Range, another unit, several ranges, one we cannot read); `unsatisfiable`: 416. */
export type ByteRange = { kind: "whole" } | { kind: "unsatisfiable" } | { kind: "part"; start: number; end: number };

const WHOLE: ByteRange = { kind: "whole" };
const RANGE = /^bytes=(\d*)-(\d*)$/;

/** The range of `size` bytes that `header` asks for; `end` is inclusive, as in Content-Range. */
export function byteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return WHOLE;
  const match = RANGE.exec(header.replace(/\s+/g, ""));
  if (!match) return WHOLE;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return WHOLE;
  if (first === "") {
    // The last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  // A range that ends before it starts is not one: the header is ignored (RFC 9110 §14.1.1).
  if (last !== "" && Number(last) < start) return WHOLE;
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}
