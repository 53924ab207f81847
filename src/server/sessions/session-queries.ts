/** The dashboard's session lists (SPEC section 7): the teacher's own, newest first. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { SessionSummary } from "../../shared/games.ts";
import type { Db } from "../db/client.ts";
import { games, gameSessions } from "../db/schema.ts";

export async function listSessions(db: Db, hostTeacherId: string, which: "active" | "past"): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: gameSessions.id,
      gameId: gameSessions.gameId,
      gameTitle: games.title,
      status: gameSessions.status,
      startTime: gameSessions.startTime,
      endTime: gameSessions.endTime,
    })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(
      and(
        eq(gameSessions.hostTeacherId, hostTeacherId),
        which === "active" ? eq(gameSessions.status, "active") : inArray(gameSessions.status, ["completed", "archived"]),
      ),
    )
    .orderBy(which === "active" ? desc(gameSessions.startTime) : sql`${gameSessions.endTime} desc nulls last`);
  return rows.map((r) => ({ ...r, startTime: r.startTime.toISOString(), endTime: r.endTime?.toISOString() ?? null }));
}
