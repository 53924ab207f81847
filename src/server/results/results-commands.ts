import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { gameSessions, studentProgress } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";
import { progressNotFound, sessionNotFound } from "../http/errors.ts";

/** The host clears a student's help request (they have been helped). */
export async function clearHelpRequest(
  db: Db,
  sessionId: string,
  progressId: string,
  teacherId: string,
): Promise<void> {
  if (!isUuid(sessionId) || !isUuid(progressId)) throw sessionNotFound();
  const [session] = await db
    .select({ host: gameSessions.hostTeacherId })
    .from(gameSessions)
    .where(eq(gameSessions.id, sessionId));
  if (!session || session.host !== teacherId) throw sessionNotFound();
  const updated = await db
    .update(studentProgress)
    .set({ helpRequested: false })
    .where(and(eq(studentProgress.id, progressId), eq(studentProgress.sessionId, sessionId)))
    .returning({ id: studentProgress.id });
  if (updated.length === 0) throw progressNotFound();
}
