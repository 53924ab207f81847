import { describe, expect, it } from "vitest";
import { byteRange } from "./byte-range.ts";

describe("byteRange", () => {
  it.each([
    ["bytes=0-99", { kind: "part", start: 0, end: 99 }],
    ["bytes=0-1", { kind: "part", start: 0, end: 1 }],
    ["bytes=900-", { kind: "part", start: 900, end: 999 }],
    ["bytes=-100", { kind: "part", start: 900, end: 999 }],
    ["bytes=-5000", { kind: "part", start: 0, end: 999 }],
    ["bytes=0-999999999", { kind: "part", start: 0, end: 999 }],
    ["bytes = 10 - 19", { kind: "part", start: 10, end: 19 }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=1000-2000", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    // Whole: several ranges, a backwards one, a negative one, another unit, nonsense.
    ["bytes=0-9,20-29", { kind: "whole" }],
    ["bytes=20-10", { kind: "whole" }],
    ["bytes=--5", { kind: "whole" }],
    ["bytes=-5-10", { kind: "whole" }],
    ["items=0-9", { kind: "whole" }],
    ["bytes=-", { kind: "whole" }],
    ["bytes=0x10-", { kind: "whole" }],
  ])("%s of 1000 bytes", (header, expected) => {
    expect(byteRange(header, 1000)).toEqual(expected);
  });

  it("sends everything when no range is asked for", () => {
    expect(byteRange(undefined, 1000)).toEqual({ kind: "whole" });
  });
});
