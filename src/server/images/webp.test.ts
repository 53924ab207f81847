import { describe, expect, it } from "vitest";
import {
  CHROMIUM_WEBP,
  CHROMIUM_WEBP_ALPHA,
  chunksOf,
  HIDDEN,
  PNG_HEAD,
  truncatedWebp,
  vp8Declaring,
  vp8x,
  webpAnimated,
  webpDeclaring,
  webpOf,
  webpOfSize,
  webpPicture,
  webpWithExif,
  webpWithHugeCanvas,
  webpWithUnflaggedExif,
  webpWithUnknownChunk,
  webpWithXmp,
  withHiddenBytes,
} from "../../../tests/support/webp-files.ts";
import { IMAGE_LIMITS } from "../../shared/games/images.ts";
import { cleanWebp } from "./webp.ts";
import { trimVp8 } from "./webp-vp8.ts";

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
      expect(
        Buffer.from((cleanWebp(result.bytes) as { bytes: Uint8Array }).bytes).equals(Buffer.from(result.bytes)),
      ).toBe(true);
    }
  });

  it("takes a plain lossy and a lossless bitstream and reads their sizes", () => {
    expect(cleanWebp(webpPicture(1280, 720))).toMatchObject({ ok: true, width: 1280, height: 720 });
    // VP8L: signature 0x2f, then (width-1) | (height-1) << 14 in 28 bits, version 0.
    const bits = (300 - 1) | ((1200 - 1) << 14);
    const lossless = Buffer.from([
      0x2f,
      bits & 0xff,
      (bits >> 8) & 0xff,
      (bits >> 16) & 0xff,
      (bits >>> 24) & 0xff,
      0,
      0,
    ]);
    expect(cleanWebp(webpOf([{ fourCC: "VP8L", payload: lossless }]))).toMatchObject({
      ok: true,
      width: 300,
      height: 1200,
    });
  });

  it("refuses files that are not WebP", () => {
    expect(problem(PNG_HEAD)).toBe("not-webp");
    expect(problem(new Uint8Array())).toBe("not-webp");
    expect(problem(Buffer.from("RIFF\x04\x00\x00\x00WAVE", "latin1"))).toBe("not-webp");
    // A container with no bitstream, two bitstreams, or a bitstream that is not one.
    expect(problem(webpOf([{ fourCC: "VP8X", payload: vp8x(0, 40, 30) }]))).toBe("not-webp");
    expect(
      problem(
        webpOf([
          { fourCC: "VP8 ", payload: vp8Declaring(40, 30) },
          { fourCC: "VP8 ", payload: vp8Declaring(40, 30) },
        ]),
      ),
    ).toBe("not-webp");
    expect(problem(webpOf([{ fourCC: "VP8 ", payload: Buffer.from("not a key frame at all") }]))).toBe("not-webp");
    // A canvas that does not match its bitstream, and a zero size.
    expect(
      problem(
        webpOf([
          { fourCC: "VP8X", payload: vp8x(0, 41, 30) },
          { fourCC: "VP8 ", payload: vp8Declaring(40, 30) },
        ]),
      ),
    ).toBe("not-webp");
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
    const huge = webpOf([
      { fourCC: "VP8X", payload: vp8x(0, 16_000_000, 16_000_000) },
      { fourCC: "VP8 ", payload: vp8Declaring(16_000_000 & 0x3fff, 16_000_000 & 0x3fff) },
    ]);
    expect(problem(huge)).not.toBe("ok");
  });

  it("refuses a file cut short anywhere, or with bytes after its end", () => {
    for (let missing = 1; missing < CHROMIUM_WEBP.length - 12; missing += 7)
      expect(problem(truncatedWebp(missing)), `${missing} bytes missing`).not.toBe("ok");
    expect(problem(Buffer.concat([CHROMIUM_WEBP, Buffer.from("lion")]))).toBe("truncated");
    // The RIFF size patched to match a cut file: the chunk that runs past the end gives it away.
    const cut = Buffer.from(truncatedWebp(20));
    cut.writeUInt32LE(cut.length - 8, 4);
    expect(problem(cut)).toBe("truncated");
  });
});

describe("trimVp8: a lossy bitstream cut to the bytes a decoder reads (issue 27)", () => {
  const vp8Of = (file: Uint8Array) => chunksOf(Buffer.from(file)).find((c) => c.fourCC === "VP8 ")!.payload;
  const stored = (file: Buffer) => {
    const result = cleanWebp(file);
    if (!result.ok) throw new Error(result.problem);
    return Buffer.from(result.bytes);
  };

  it("keeps a frame that ends where its decoder stops byte for byte; Chromium's loses only its encoder's last flushed bytes", () => {
    for (const file of [CHROMIUM_WEBP, CHROMIUM_WEBP_ALPHA]) {
      const [before, after] = [vp8Of(file), vp8Of(stored(file))];
      // The frame header (size, start code) kept; a byte of the first partition and two or three of the last.
      expect(after.subarray(3, 10).equals(before.subarray(3, 10))).toBe(true);
      expect(before.length - after.length).toBeGreaterThan(0);
      expect(before.length - after.length).toBeLessThanOrEqual(4);
    }
    for (const file of [webpPicture(1, 1), webpPicture(40, 30, 7), webpPicture(1280, 853), webpOfSize(20_000, 3)])
      expect(stored(file).equals(file)).toBe(true);
  });

  it("cuts bytes hidden after the data of each partition, keeping the picture's header and size", () => {
    for (const file of [CHROMIUM_WEBP, CHROMIUM_WEBP_ALPHA, webpPicture(300, 200), webpOfSize(20_000, 4)]) {
      const hidden = withHiddenBytes(file);
      expect(hidden.includes(HIDDEN)).toBe(true);
      const kept = stored(hidden);
      expect(kept.includes("<script>")).toBe(false);
      expect(kept.includes("53.34")).toBe(false);
      // The same bitstream as the clean file's.
      expect(vp8Of(kept).equals(vp8Of(stored(file)))).toBe(true);
    }
    // Inside the first partition: its declared size grown over bytes nobody reads.
    const payload = vp8Of(webpPicture(300, 200));
    const firstSize = payload.readUIntLE(0, 3) >>> 5;
    const at = 10 + firstSize;
    const grown = Buffer.concat([payload.subarray(0, at), Buffer.from(HIDDEN), payload.subarray(at)]);
    grown.writeUIntLE((payload.readUIntLE(0, 3) & 0x1f) | ((firstSize + HIDDEN.length) << 5), 0, 3);
    const trimmed = trimVp8(grown, 300, 200);
    if (!trimmed.ok) throw new Error(trimmed.problem);
    expect(Buffer.from(trimmed.payload).equals(payload)).toBe(true);
  });

  it("refuses a frame whose partitions need more bytes than its chunk has", () => {
    const payload = vp8Of(webpOfSize(20_000, 5));
    // The first partition declared past the chunk's end; the token partition cut short.
    const overlong = Buffer.from(payload);
    overlong.writeUIntLE((payload.readUIntLE(0, 3) & 0x1f) | (payload.length << 5), 0, 3);
    expect(trimVp8(overlong, 1280, 720)).toEqual({ ok: false, problem: "truncated" });
    expect(trimVp8(payload.subarray(0, payload.length - 100), 1280, 720)).toEqual({ ok: false, problem: "truncated" });
    expect(problem(webpOf([{ fourCC: "VP8 ", payload: payload.subarray(0, payload.length - 100) }]))).toBe("truncated");
    // A header claiming more macroblocks than its data holds: the tokens run out.
    expect(problem(webpDeclaring(320, 240))).toBe("truncated");
  });
});
