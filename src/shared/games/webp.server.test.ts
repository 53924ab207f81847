import { describe, expect, it } from "vitest";
import {
  CHROMIUM_WEBP,
  CHROMIUM_WEBP_ALPHA,
  chunksOf,
  PNG_HEAD,
  truncatedWebp,
  vp8Declaring,
  vp8x,
  webpAnimated,
  webpDeclaring,
  webpOf,
  webpWithExif,
  webpWithHugeCanvas,
  webpWithUnflaggedExif,
  webpWithUnknownChunk,
  webpWithXmp,
} from "../../../tests/support/webp-files.ts";
import { IMAGE_LIMITS } from "./images.ts";
import { cleanWebp } from "./webp.server.ts";

const problem = (bytes: Uint8Array) => {
  const result = cleanWebp(bytes);
  return result.ok ? "ok" : result.problem;
};

describe("cleanWebp", () => {
  it("takes the pictures Chromium's canvas writes, with their size, and removes the colour profile", () => {
    for (const file of [CHROMIUM_WEBP, CHROMIUM_WEBP_ALPHA]) {
      const result = cleanWebp(file);
      if (!result.ok) throw new Error(result.problem);
      expect([result.width, result.height]).toEqual([40, 30]);
      const kept = chunksOf(Buffer.from(result.bytes));
      expect(kept.map((c) => c.fourCC)).toEqual(file === CHROMIUM_WEBP ? ["VP8X", "VP8 "] : ["VP8X", "ALPH", "VP8 "]);
      // The ICC flag is cleared and the RIFF size is the new length.
      expect(kept[0]!.payload[0]! & 0x20).toBe(0);
      expect(Buffer.from(result.bytes).readUInt32LE(4)).toBe(result.bytes.length - 8);
      expect(Buffer.from(result.bytes).includes("mluc")).toBe(false);
      expect(file.includes("mluc")).toBe(true);
      // Cleaning a clean file changes nothing.
      expect(Buffer.from((cleanWebp(result.bytes) as { bytes: Uint8Array }).bytes).equals(Buffer.from(result.bytes))).toBe(true);
    }
  });

  it("takes a plain lossy and a lossless bitstream and reads their sizes", () => {
    expect(cleanWebp(webpDeclaring(1280, 720))).toMatchObject({ ok: true, width: 1280, height: 720 });
    // VP8L: signature 0x2f, then (width-1) | (height-1) << 14 in 28 bits, version 0.
    const bits = (300 - 1) | ((1200 - 1) << 14);
    const lossless = Buffer.from([0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff, 0, 0]);
    expect(cleanWebp(webpOf([{ fourCC: "VP8L", payload: lossless }]))).toMatchObject({ ok: true, width: 300, height: 1200 });
  });

  it("refuses files that are not WebP", () => {
    expect(problem(PNG_HEAD)).toBe("not-webp");
    expect(problem(new Uint8Array())).toBe("not-webp");
    expect(problem(Buffer.from("RIFF\x04\x00\x00\x00WAVE", "latin1"))).toBe("not-webp");
    // A container with no bitstream, two bitstreams, or a bitstream that is not one.
    expect(problem(webpOf([{ fourCC: "VP8X", payload: vp8x(0, 40, 30) }]))).toBe("not-webp");
    expect(problem(webpOf([{ fourCC: "VP8 ", payload: vp8Declaring(40, 30) }, { fourCC: "VP8 ", payload: vp8Declaring(40, 30) }]))).toBe("not-webp");
    expect(problem(webpOf([{ fourCC: "VP8 ", payload: Buffer.from("not a key frame at all") }]))).toBe("not-webp");
    // A canvas that does not match its bitstream, and a zero size.
    expect(problem(webpOf([{ fourCC: "VP8X", payload: vp8x(0, 41, 30) }, { fourCC: "VP8 ", payload: vp8Declaring(40, 30) }]))).toBe("not-webp");
    expect(problem(webpDeclaring(0, 30))).toBe("not-webp");
  });

  it("refuses EXIF and XMP, flagged or not, and chunks it does not know", () => {
    expect(problem(webpWithExif())).toBe("metadata");
    expect(problem(webpWithUnflaggedExif())).toBe("metadata");
    expect(problem(webpWithXmp())).toBe("metadata");
    expect(problem(webpWithUnknownChunk())).toBe("metadata");
  });

  it("refuses animation", () => {
    expect(problem(webpAnimated())).toBe("animated");
  });

  it(`refuses more than ${IMAGE_LIMITS.maxSide} pixels on either side, however it is declared`, () => {
    expect(problem(webpDeclaring(1281, 10))).toBe("too-wide");
    expect(problem(webpDeclaring(10, 1281))).toBe("too-wide");
    expect(problem(webpDeclaring(16383, 16383))).toBe("too-wide");
    expect(problem(webpWithHugeCanvas())).toBe("not-webp");
    const huge = webpOf([{ fourCC: "VP8X", payload: vp8x(0, 16_000_000, 16_000_000) }, { fourCC: "VP8 ", payload: vp8Declaring(16_000_000 & 0x3fff, 16_000_000 & 0x3fff) }]);
    expect(problem(huge)).not.toBe("ok");
  });

  it("refuses a file cut short anywhere, or with bytes after its end", () => {
    for (let missing = 1; missing < CHROMIUM_WEBP.length - 12; missing += 7) expect(problem(truncatedWebp(missing)), `${missing} bytes missing`).not.toBe("ok");
    expect(problem(Buffer.concat([CHROMIUM_WEBP, Buffer.from("lion")]))).toBe("truncated");
    // The RIFF size patched to match a cut file: the chunk that runs past the end gives it away.
    const cut = Buffer.from(truncatedWebp(20));
    cut.writeUInt32LE(cut.length - 8, 4);
    expect(problem(cut)).toBe("truncated");
  });
});
