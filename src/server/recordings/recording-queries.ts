import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { recordings } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

export type StoredRecording = { bytes: Buffer; sha256: string; mimeType: string };

/** The recording's bytes, hash and type, or null when there is no such recording (or the id is not one). */
export async function findRecording(db: Db, recordingId: string): Promise<StoredRecording | null> {
  if (!isUuid(recordingId)) return null;
  const [row] = await db
    .select({ bytes: recordings.bytes, sha256: recordings.sha256, mimeType: recordings.mimeType })
    .from(recordings)
    .where(eq(recordings.id, recordingId));
  return row ?? null;
}

/** The owner's recordings among `recordingIds` as a game file holds them (game-file.ts): by id, their type and their bytes in base64. */
export async function recordingsInBase64(
  db: Db,
  ownerId: string,
  recordingIds: readonly string[],
): Promise<Map<string, { mimeType: string; data: string }>> {
  const ids = [...new Set(recordingIds)].filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: recordings.id, mimeType: recordings.mimeType, bytes: recordings.bytes })
    .from(recordings)
    .where(and(eq(recordings.ownerId, ownerId), inArray(recordings.id, ids)));
  return new Map(
    rows.map((row) => [row.id, { mimeType: row.mimeType, data: Buffer.from(row.bytes).toString("base64") }]),
  );
}
