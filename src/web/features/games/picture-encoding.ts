/**
 * A picture chosen on the teacher's device, made ready to upload (decision 019): decoded
 * (turned the way the camera held it), drawn at most IMAGE_LIMITS.maxSide pixels on its long
 * side and written as WebP. Drawing on a canvas keeps the pixels and nothing else: EXIF (a
 * photo's place and time), XMP and the file's name stay on the device.
 */
import { IMAGE_LIMITS, imageMessages } from "../../../shared/games/images.ts";

/** Quality first, then size, until the picture fits the server's limit. */
const ATTEMPTS = [
  { quality: 0.82, scale: 1 },
  { quality: 0.7, scale: 1 },
  { quality: 0.6, scale: 0.8 },
  { quality: 0.5, scale: 0.6 },
] as const;

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, IMAGE_LIMITS.contentType, quality));
}

/** The long side at most `maxSide`, never enlarged, never below a pixel. */
export function fittedSize(
  width: number,
  height: number,
  maxSide: number = IMAGE_LIMITS.maxSide,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function encodePicture(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new Error(imageMessages.unreadable);
  }
  try {
    const canvas = document.createElement("canvas");
    for (const { quality, scale } of ATTEMPTS) {
      const size = fittedSize(bitmap.width, bitmap.height, Math.round(IMAGE_LIMITS.maxSide * scale));
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext("2d");
      if (!context) throw new Error(imageMessages.unreadable);
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      const blob = await canvasBlob(canvas, quality);
      // Safari writes PNG when asked for WebP.
      if (!blob || blob.type !== IMAGE_LIMITS.contentType) throw new Error(imageMessages.cannotWriteWebp);
      if (blob.size <= IMAGE_LIMITS.maxBytes) return blob;
    }
    throw new Error(imageMessages.stillTooLarge);
  } finally {
    bitmap.close();
  }
}
