/** Reading a picture to serve it. */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { images } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

/** The picture's bytes and hash, or null when there is no such picture (or the id is not one). */
export async function findImage(db: Db, imageId: string): Promise<{ bytes: Buffer; sha256: string } | null> {
  if (!isUuid(imageId)) return null;
  const [row] = await db.select({ bytes: images.bytes, sha256: images.sha256 }).from(images).where(eq(images.id, imageId));
  return row ?? null;
}
