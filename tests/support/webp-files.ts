/**
 * WebP files for tests: two pictures Chromium's canvas wrote (40×30, opaque and with
 * transparency; each carries the sRGB colour profile Chromium always adds), valid pictures of
 * any size and byte count (vp8-writer.ts), and builders for the files a careless or hostile
 * client could send instead: EXIF and XMP chunks, animation, cut short, declaring huge sizes,
 * bytes hidden inside the bitstream's chunk.
 */
import { vp8Frame } from "./vp8-writer.ts";

/** Chromium 40×30 lossy WebP: VP8X, ICCP (456 bytes), VP8. */
export const CHROMIUM_WEBP = Buffer.from(
  "UklGRhQDAABXRUJQVlA4WAoAAAAgAAAAJwAAHQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggJgEAAPAGAJ0BKigAHgA+aSyRRaQioZqsBABABoS2AF2ZwmQCpl92dXVaYBz4HsZf5wBOzo+KfB0LX5y26SnxHwmsmAAA+daIb8RDK5kh/byU8h5JZ2xeMPCo4C80avA3zDg5wwH0BZafDuvjhgODPWW6VHx8f925A//zE+bL+JRzzj++D/JFTD6IeVe3990F8IbN1v4Ojjg5ApMSsCMHSuBeTglkfpcec9ZysGSIXboXFLdAc6vkYqPuGxnmlZqN2/3zAXUC7uyfPzM/ohUxEHLKbELQ2knJz+YIpFkya9C0SqPvMk/+YEePUcTjRzS4U//MCf2WL0A3DJHtRgENedIidTh+5dNWQ/kz8IA5airmsXkwBJFbWnL6j8+MsTO++5MJ4IQIKoAAAA==",
  "base64",
);

/** Chromium 40×30 lossy WebP with transparency: VP8X, ICCP, ALPH, VP8. */
export const CHROMIUM_WEBP_ALPHA = Buffer.from(
  "UklGRqYDAABXRUJQVlA4WAoAAAAwAAAAJwAAHQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZBTFBIuwAAAA2AalvbMuUZ95kb8Mk+uFPpVHcnUiG6u9sdaGV9CXf3RHZ3fb8PyxExAfgXP39BIujLsoSwQOB5YWFm4lGMsx8AJIFAqCn1QMgyPo9sa+gVof8C9A2z7QKI1W3730TXmvZEKP/AnEFC1P0MoeyDRBcN4VOEj8Px26h5qG+4LPk4LOFPGLG7Sev7fC6z+5SEuyRwXh2uIJSCe/1Wtf4LJyUQ2NHcFP/JZAGEHqUdx8bGShhjEL7DGHvGfxwAVlA4IPQAAAAwBwCdASooAB4APm0skUWkIqGaqgQAQAbEtABihdMkULyxAHMAZIB5YX6zfB9+u3o7gI8xJ3yRaIHvw1EmoVobJgAA/vkREbOX/SCi1W/gVWvEfpNjUUq85R2xWRM9eCf2PixwNtX6fULPX/jP9QmrF5Fmybdkivxty6lCYofjP9bnU36f3pkBMlgiFYvJ4a0/x+Z5fkFlOXzEwfKG6uWLRO1GAAHwqNRqXR7L/r++//ap5SZNf6BJ/8IEGX/05/iwp/7rKAMuI4V8YjA9xS//vthoA419vlsMhP3eScluas/91/4wK5TELewJhCbQqXZQAAAA",
  "base64",
);

export type Chunk = { fourCC: string; payload: Buffer };

/** The chunks of a WebP file, in order. */
export function chunksOf(file: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  for (let at = 12; at + 8 <= file.length; ) {
    const size = file.readUInt32LE(at + 4);
    chunks.push({ fourCC: file.toString("latin1", at, at + 4), payload: file.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size & 1);
  }
  return chunks;
}

/** A WebP file of these chunks (each padded to an even length), with its RIFF size right. */
export function webpOf(chunks: Chunk[]): Buffer {
  const parts = chunks.map(({ fourCC, payload }) => {
    const header = Buffer.alloc(8);
    header.write(fourCC, 0, "latin1");
    header.writeUInt32LE(payload.length, 4);
    return Buffer.concat([header, payload, Buffer.alloc(payload.length & 1)]);
  });
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(12);
  head.write("RIFF", 0, "latin1");
  head.writeUInt32LE(body.length + 4, 4);
  head.write("WEBP", 8, "latin1");
  return Buffer.concat([head, body]);
}

/** A VP8X payload: flags, and the canvas size. */
export function vp8x(flags: number, width: number, height: number): Buffer {
  const payload = Buffer.alloc(10);
  payload[0] = flags;
  payload.writeUIntLE(width - 1, 4, 3);
  payload.writeUIntLE(height - 1, 7, 3);
  return payload;
}

/**
 * The Chromium picture's VP8 bitstream, declaring another size (the bytes still describe 40×30):
 * refused, as too wide before the server reads further, or as cut short once it parses the frame.
 */
export function vp8Declaring(width: number, height: number): Buffer {
  const payload = Buffer.from(chunksOf(CHROMIUM_WEBP).find((c) => c.fourCC === "VP8 ")!.payload);
  payload.writeUInt16LE(width & 0x3fff, 6);
  payload.writeUInt16LE(height & 0x3fff, 8);
  return payload;
}

const VP8 = () => chunksOf(CHROMIUM_WEBP).find((c) => c.fourCC === "VP8 ")!;

/** The picture with an EXIF block that says where it was taken and what it shows. */
export const webpWithExif = () =>
  webpOf([
    { fourCC: "VP8X", payload: vp8x(0x08, 40, 30) },
    VP8(),
    { fourCC: "EXIF", payload: Buffer.from("Exif\0\0GPS 53.3498N 6.2603W answer-is-lion.jpg") },
  ]);
/** The same with the EXIF chunk but its VP8X flag left unset (a file that lies about itself). */
export const webpWithUnflaggedExif = () =>
  webpOf([
    { fourCC: "VP8X", payload: vp8x(0, 40, 30) },
    VP8(),
    { fourCC: "EXIF", payload: Buffer.from("Exif\0\0answer-is-lion") },
  ]);
export const webpWithXmp = () =>
  webpOf([
    { fourCC: "VP8X", payload: vp8x(0x04, 40, 30) },
    VP8(),
    { fourCC: "XMP ", payload: Buffer.from("<x:xmpmeta>lion</x:xmpmeta>") },
  ]);
export const webpAnimated = () =>
  webpOf([
    { fourCC: "VP8X", payload: vp8x(0x02, 40, 30) },
    { fourCC: "ANIM", payload: Buffer.alloc(6) },
    { fourCC: "ANMF", payload: Buffer.alloc(16) },
  ]);
export const webpWithUnknownChunk = () =>
  webpOf([VP8(), { fourCC: "NOTE", payload: Buffer.from("the answer is lion") }]);
export const webpDeclaring = (width: number, height: number) =>
  webpOf([{ fourCC: "VP8 ", payload: vp8Declaring(width, height) }]);
/** A valid lossy picture of `width` × `height` (a flat grey one); another `seed` (0 to 65535), another picture. */
export const webpPicture = (width: number, height: number, seed = 0) =>
  webpOf([{ fourCC: "VP8 ", payload: vp8Frame(width, height, { seed }) }]);
/** What a hand-made file hides after the bitstream's data, inside its chunk. */
export const HIDDEN = "<script>alert(1)</script> Exif GPS 53.34N 6.26W answer-is-lion.jpg";
/** `file` (one of ours or Chromium's) with HIDDEN appended to its `VP8 ` chunk: every decoder reads it as the same picture. */
export function withHiddenBytes(file: Buffer): Buffer {
  return webpOf(
    chunksOf(file).map((c) =>
      c.fourCC === "VP8 " ? { fourCC: c.fourCC, payload: Buffer.concat([c.payload, Buffer.from(HIDDEN)]) } : c,
    ),
  );
}
export const webpWithHugeCanvas = () => webpOf([{ fourCC: "VP8X", payload: vp8x(0, 16_000_000, 16_000_000) }, VP8()]);
/** The Chromium picture cut short by `missing` bytes (a dropped upload). */
export const truncatedWebp = (missing: number) => CHROMIUM_WEBP.subarray(0, CHROMIUM_WEBP.length - missing);
/** A PNG signature and header: not WebP. */
export const PNG_HEAD = Buffer.from("89504e470d0a1a0a0000000d49484452000000280000001e0806000000", "hex");

/**
 * A distinct valid picture of exactly `size` bytes (even, 4 KiB to 400 KiB), as the server
 * keeps it: 1280 × 720, its macroblocks filled with noise until the bitstream is that long.
 * `seed` (0 to 65535) makes it unique, so a teacher keeps each as a picture of its own.
 */
export function webpOfSize(size: number, seed: number): Buffer {
  const file = webpOf([{ fourCC: "VP8 ", payload: vp8Frame(1280, 720, { seed, bytes: size - 12 - 8 }) }]);
  if (file.length !== size) throw new Error(`webpOfSize: ${file.length} bytes, not ${size}`);
  return file;
}
