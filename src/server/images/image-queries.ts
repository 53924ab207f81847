import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { images } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

/** The picture's bytes and hash, or null when there is no such picture (or the id is not one). */
export async function findImage(db: Db, imageId: string): Promise<{ bytes: Buffer; sha256: string } | null> {
  if (!isUuid(imageId)) return null;
  const [row] = await db
    .select({ bytes: images.bytes, sha256: images.sha256 })
    .from(images)
    .where(eq(images.id, imageId));
  return row ?? null;
}

/** The bytes of these pictures of one teacher, in base64, by id (a game file carries them; docs/GAME-FORMAT.md). */
export async function picturesInBase64(
  db: Db,
  ownerId: string,
  imageIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(imageIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: images.id, bytes: images.bytes })
    .from(images)
    .where(and(eq(images.ownerId, ownerId), inArray(images.id, ids)));
  return new Map(rows.map((row) => [row.id, Buffer.from(row.bytes).toString("base64")]));
}
