import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { recordingSrc, type UploadedRecording } from "../../shared/games/recordings.ts";
import type { Db, Tx } from "../db/client.ts";
import { recordings } from "../db/schema.ts";
import { UNUSED_IMAGE_GRACE_MS } from "../images/image-commands.ts";
import { copyOwnedFiles, reserveTeacherStorage } from "../limits/teacher-storage.ts";
import { OPTION_RECORDING_COLUMNS } from "./recording-sql.ts";

/** A recording checked and cleaned by audio/clean-audio.ts cleanAudio, ready to keep. */
export type CheckedRecording = { bytes: Uint8Array; mimeType: string; durationMs: number };

/**
 * Keeps cleaned recordings for their owner inside the caller's transaction, within the owner's
 * storage quota, and returns their ids in order. The same bytes from the same teacher are the
 * recording already kept: nothing is stored twice, and nothing more is counted.
 */
export async function keepRecordings(tx: Tx, ownerId: string, checked: readonly CheckedRecording[]): Promise<string[]> {
  if (checked.length === 0) return [];
  const rows = checked.map((r) => {
    const bytes = Buffer.from(r.bytes);
    return { bytes, sha256: createHash("sha256").update(bytes).digest("hex"), r };
  });
  const keptOf = async (sha256: string) =>
    (
      await tx
        .select({ id: recordings.id })
        .from(recordings)
        .where(and(eq(recordings.ownerId, ownerId), eq(recordings.sha256, sha256)))
    )[0]?.id;
  const already = new Map<string, string>();
  for (const { sha256 } of rows) {
    const id = already.has(sha256) ? undefined : await keptOf(sha256);
    if (id) already.set(sha256, id);
  }
  const adding = new Map(rows.filter((row) => !already.has(row.sha256)).map((row) => [row.sha256, row.bytes.length]));
  if (adding.size > 0)
    await reserveTeacherStorage(
      tx,
      ownerId,
      [...adding.values()].reduce((sum, n) => sum + n, 0),
    );
  const ids: string[] = [];
  for (const { bytes, sha256, r } of rows) {
    const known = already.get(sha256);
    if (known) {
      ids.push(known);
      continue;
    }
    const [inserted] = await tx
      .insert(recordings)
      .values({ ownerId, sha256, mimeType: r.mimeType, durationMs: r.durationMs, bytes })
      .onConflictDoNothing({ target: [recordings.ownerId, recordings.sha256] })
      .returning({ id: recordings.id });
    const id = inserted?.id ?? (await keptOf(sha256))!;
    already.set(sha256, id);
    ids.push(id);
  }
  return ids;
}

/**
 * Keeps one cleaned recording (POST /api/recordings) and says where it is served.
 */
export async function storeRecording(db: Db, ownerId: string, recording: CheckedRecording): Promise<UploadedRecording> {
  const [id] = await db.transaction((tx) => keepRecordings(tx, ownerId, [recording]));
  return {
    id: id!,
    src: recordingSrc(id!),
    mimeType: recording.mimeType,
    durationMs: recording.durationMs,
    bytes: recording.bytes.length,
  };
}

/**
 * Copies other recordings (another teacher's, through a share link) to `ownerId`, inside the
 * caller's transaction and within the owner's quota, as pictures are (teacher-storage.ts copyOwnedFiles). Returns each source id's new id.
 */
export const copyRecordings = (tx: Tx, ownerId: string, sourceIds: readonly string[]) =>
  copyOwnedFiles(tx, recordings, ["mime_type", "duration_ms"], ownerId, sourceIds);

/**
 * Deletes recordings older than `graceMs` that no question of any version refers to (recorded,
 * then removed or recorded again in the editor, or never saved), as unused pictures go. Returns how many went.
 */
export async function deleteUnusedRecordings(db: Db, graceMs = UNUSED_IMAGE_GRACE_MS): Promise<number> {
  const columns = ["recording_id", "clue_recording_id", ...OPTION_RECORDING_COLUMNS];
  const deleted = await db
    .delete(recordings)
    .where(
      sql`${recordings.createdAt} < now() - make_interval(secs => ${graceMs / 1000})
          and ${sql.raw(
            columns.map((c) => `not exists (select 1 from questions q where q.${c} = recordings.id)`).join(" and "),
          )}`,
    )
    .returning({ id: recordings.id });
  return deleted.length;
}
