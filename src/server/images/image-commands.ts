/** Writing pictures: keep an uploaded one (within the teacher's quota), and forget the ones no question uses. */
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { imageSrc, type UploadedImage } from "../../shared/images.ts";
import type { Db } from "../db/client.ts";
import { images, questions } from "../db/schema.ts";
import { reserveTeacherStorage } from "../games/game-commands.ts";

/** How long a picture no question uses is kept: long enough for a teacher to finish the game they are writing. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/**
 * Keeps a checked picture (shared/webp.ts cleanWebp) for its owner and returns its id. The
 * same bytes from the same teacher are the picture already kept: nothing is stored twice.
 */
export async function storeImage(db: Db, ownerId: string, picture: { bytes: Uint8Array; width: number; height: number }): Promise<UploadedImage> {
  const bytes = Buffer.from(picture.bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const id = await db.transaction(async (tx) => {
    await reserveTeacherStorage(tx as unknown as Db, ownerId, bytes.length);
    const [inserted] = await tx
      .insert(images)
      .values({ ownerId, sha256, width: picture.width, height: picture.height, bytes })
      .onConflictDoNothing({ target: [images.ownerId, images.sha256] })
      .returning({ id: images.id });
    if (inserted) return inserted.id;
    const [kept] = await tx.select({ id: images.id }).from(images).where(and(eq(images.ownerId, ownerId), eq(images.sha256, sha256)));
    return kept!.id;
  });
  return { id, src: imageSrc(id), width: picture.width, height: picture.height, bytes: bytes.length };
}

/**
 * Deletes pictures older than `graceMs` that no question refers to (uploaded, then removed
 * or replaced in the editor, or never saved). Returns how many went.
 */
export async function deleteUnusedImages(db: Db, graceMs = UNUSED_IMAGE_GRACE_MS): Promise<number> {
  const deleted = await db
    .delete(images)
    .where(
      sql`${images.createdAt} < now() - make_interval(secs => ${graceMs / 1000})
          and not exists (select 1 from ${questions} q where q.image_id = ${images.id})`,
    )
    .returning({ id: images.id });
  return deleted.length;
}
