import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { recordingSrc, type UploadedRecording } from "../../shared/games/recordings.ts";
import type { Db } from "../db/client.ts";
import { recordings } from "../db/schema.ts";
import { reserveTeacherStorage } from "../limits/teacher-storage.ts";

/** A recording checked and cleaned by audio/clean-audio.ts cleanAudio, ready to keep. */
export type CheckedRecording = { bytes: Uint8Array; mimeType: string; durationMs: number };

/**
 * Keeps one cleaned recording for its owner (POST /api/recordings), within the owner's storage
 * quota, and says where it is served. The same bytes from the same teacher are the recording
 * already kept: nothing is stored twice, and nothing more is counted.
 */
export async function storeRecording(db: Db, ownerId: string, recording: CheckedRecording): Promise<UploadedRecording> {
  const bytes = Buffer.from(recording.bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const id = await db.transaction(async (tx) => {
    const mine = and(eq(recordings.ownerId, ownerId), eq(recordings.sha256, sha256));
    const [kept] = await tx.select({ id: recordings.id }).from(recordings).where(mine);
    if (kept) return kept.id;
    await reserveTeacherStorage(tx, ownerId, bytes.length);
    const [inserted] = await tx
      .insert(recordings)
      .values({ ownerId, sha256, mimeType: recording.mimeType, durationMs: recording.durationMs, bytes })
      .onConflictDoNothing({ target: [recordings.ownerId, recordings.sha256] })
      .returning({ id: recordings.id });
    if (inserted) return inserted.id;
    const [raced] = await tx.select({ id: recordings.id }).from(recordings).where(mine);
    return raced!.id;
  });
  return {
    id,
    src: recordingSrc(id),
    mimeType: recording.mimeType,
    durationMs: recording.durationMs,
    bytes: bytes.length,
  };
}
