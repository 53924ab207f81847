/** Reading sessions: the dashboard's lists (SPEC section 7) and one session for its host's codes page. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { GROUP_IDENTIFIERS, type GroupIdentifier } from "../../shared/catalogue.ts";
import type { SessionDetail, SessionSummary } from "../../shared/sessions.ts";
import type { Db } from "../db/client.ts";
import { games, gameSessions, sessionGroups } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

/** The teacher's own sessions, newest first. */
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

/** The session as its host sees it on the codes page. Anyone else: not found. */
export async function findSessionForHost(db: Db, sessionId: string, teacherId: string): Promise<SessionDetail | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await db
    .select({ session: gameSessions, gameTitle: games.title, gameDescription: games.description })
    .from(gameSessions)
    .innerJoin(games, eq(games.id, gameSessions.gameId))
    .where(and(eq(gameSessions.id, sessionId), eq(gameSessions.hostTeacherId, teacherId)));
  if (!row) return null;
  const groups = await db
    .select({ id: sessionGroups.id, joinCode: sessionGroups.joinCode, groupIdentifier: sessionGroups.groupIdentifier, memberCount: sessionGroups.memberCount })
    .from(sessionGroups)
    .where(eq(sessionGroups.sessionId, sessionId));
  // In the catalogue's order: yellow square first.
  const order = (g: { groupIdentifier: string }) => GROUP_IDENTIFIERS.indexOf(g.groupIdentifier as GroupIdentifier);
  groups.sort((a, b) => order(a) - order(b));
  const s = row.session;
  return {
    id: s.id,
    gameId: s.gameId,
    gameTitle: row.gameTitle,
    gameDescription: row.gameDescription,
    status: s.status,
    startTime: s.startTime.toISOString(),
    endTime: s.endTime?.toISOString() ?? null,
    maxDuration: s.maxDuration,
    questionCount: s.questionCount,
    groups: groups.map((g) => ({ ...g, groupIdentifier: g.groupIdentifier as GroupIdentifier })),
  };
}
