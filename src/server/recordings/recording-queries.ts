import { eq } from "drizzle-orm";
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
