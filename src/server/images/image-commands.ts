import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { imageSrc, type UploadedImage } from "../../shared/games/images.ts";
import type { Db, Tx } from "../db/client.ts";
import { images, questions } from "../db/schema.ts";
import { copyOwnedFiles, reserveTeacherStorage } from "../limits/teacher-storage.ts";
import { OPTION_IMAGE_COLUMNS } from "./picture-sql.ts";

/** How long a picture no question uses is kept: long enough for a teacher to finish the game they are writing. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** A picture checked by images/webp.ts cleanWebp, ready to keep. */
export type CheckedPicture = { bytes: Uint8Array; width: number; height: number };

/**
 * Keeps checked pictures for their owner inside the caller's transaction, within the owner's
 * storage quota, and returns their ids in order. The same bytes from the same teacher are the
 * picture already kept: nothing is stored twice.
 */
export async function keepPictures(tx: Tx, ownerId: string, pictures: readonly CheckedPicture[]): Promise<string[]> {
  if (pictures.length === 0) return [];
  const rows = pictures.map((p) => {
    const bytes = Buffer.from(p.bytes);
    return { bytes, sha256: createHash("sha256").update(bytes).digest("hex"), width: p.width, height: p.height };
  });
  await reserveTeacherStorage(
    tx,
    ownerId,
    rows.reduce((sum, row) => sum + row.bytes.length, 0),
  );
  const ids: string[] = [];
  for (const row of rows) {
    const [inserted] = await tx
      .insert(images)
      .values({ ownerId, ...row })
      .onConflictDoNothing({ target: [images.ownerId, images.sha256] })
      .returning({ id: images.id });
    if (inserted) ids.push(inserted.id);
    else {
      const [kept] = await tx
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.ownerId, ownerId), eq(images.sha256, row.sha256)));
      ids.push(kept!.id);
    }
  }
  return ids;
}

/** Keeps one checked picture (POST /api/images) and says where it is served. */
export async function storeImage(db: Db, ownerId: string, picture: CheckedPicture): Promise<UploadedImage> {
  const [id] = await db.transaction((tx) => keepPictures(tx, ownerId, [picture]));
  return { id: id!, src: imageSrc(id!), width: picture.width, height: picture.height, bytes: picture.bytes.length };
}

/**
 * Copies other pictures (another teacher's, through a share link) to `ownerId`, inside the
 * caller's transaction and within the owner's quota (teacher-storage.ts copyOwnedFiles). Returns each source id's new id.
 */
export const copyPictures = (tx: Tx, ownerId: string, sourceIds: readonly string[]) =>
  copyOwnedFiles(tx, images, ["width", "height"], ownerId, sourceIds);

/**
 * Deletes pictures older than `graceMs` that no question or option refers to (uploaded, then removed
 * or replaced in the editor, or never saved). Returns how many went.
 */
export async function deleteUnusedImages(db: Db, graceMs = UNUSED_IMAGE_GRACE_MS): Promise<number> {
  const deleted = await db
    .delete(images)
    .where(
      sql`${images.createdAt} < now() - make_interval(secs => ${graceMs / 1000})
          and not exists (select 1 from ${questions} q where q.image_id = ${images.id})
          and ${sql.raw(
            OPTION_IMAGE_COLUMNS.map((c) => `not exists (select 1 from questions q where q.${c} = images.id)`).join(
              " and ",
            ),
          )}`,
    )
    .returning({ id: images.id });
  return deleted.length;
}
