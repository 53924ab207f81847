/**
 * Live sessions: start (session + groups with unique join codes, in one transaction), read
 * for the host, end (host only), and the sweep that ends sessions past their maxDuration.
 */
import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { GROUP_IDENTIFIERS, type GroupIdentifier } from "../../shared/catalogue.ts";
import { DEFAULT_MAX_DURATION_MINUTES, MAX_GROUPS, MIN_GROUPS, playMessages } from "../../shared/progress-rules.ts";
import type { SessionDetail } from "../../shared/sessions.ts";
import { queryRows, type Db } from "../db/client.ts";
import { games, gameSessions, questions, sessionGroups, studentProgress } from "../db/schema.ts";
import { isUuid } from "../games/game-commands.ts";
import { badRequest, forbidden, HttpError, notFound } from "../http/errors.ts";

export const JOIN_CODE_ATTEMPTS = 10;
export const randomJoinCode = () => String(randomInt(100000, 1000000));

export async function startSession(
  db: Db,
  teacherId: string,
  input: { gameId: string; groupCount: number },
  nextCode: () => string = randomJoinCode,
): Promise<{ id: string }> {
  if (!Number.isInteger(input.groupCount) || input.groupCount < MIN_GROUPS || input.groupCount > MAX_GROUPS) {
    throw badRequest("invalid_group_count", playMessages.groupCountRange, "groupCount");
  }
  if (!isUuid(input.gameId)) throw notFound("Game data could not be read.");
  const [game] = await db.select({ creatorId: games.creatorId }).from(games).where(eq(games.id, input.gameId));
  if (!game) throw notFound("Game data could not be read.");
  if (game.creatorId !== teacherId) throw forbidden(playMessages.notAuthorizedToStart);

  return db.transaction(async (tx) => {
    const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(questions).where(eq(questions.gameId, input.gameId))) as [{ count: number }];
    if (Number(count) === 0) throw badRequest("game_has_no_questions", playMessages.gameHasNoQuestions);
    const [session] = await tx
      .insert(gameSessions)
      .values({ gameId: input.gameId, hostTeacherId: teacherId, status: "active", maxDuration: DEFAULT_MAX_DURATION_MINUTES, questionCount: Number(count) })
      .returning({ id: gameSessions.id });

    const usedHere = new Set<string>();
    for (const groupIdentifier of GROUP_IDENTIFIERS.slice(0, input.groupCount)) {
      let created = false;
      for (let attempt = 0; attempt < JOIN_CODE_ATTEMPTS && !created; attempt++) {
        const joinCode = nextCode();
        if (usedHere.has(joinCode)) continue;
        // Unique among active sessions, by the partial unique index; a clash inserts nothing.
        const rows = await queryRows<{ id: string }>(
          tx as unknown as Db,
          sql`insert into session_groups (session_id, join_code, group_identifier)
              values (${session!.id}, ${joinCode}, ${groupIdentifier})
              on conflict (join_code) where is_active do nothing
              returning id`,
        );
        if (rows.length > 0) {
          usedHere.add(joinCode);
          created = true;
        }
      }
      if (!created) throw new HttpError(503, "join_code_exhausted", playMessages.uniqueCodeFailed);
    }
    return { id: session!.id };
  });
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
  // One statement for every group with its pupils' names and right answers, whatever the class size.
  const groups = await db
    .select({
      id: sessionGroups.id,
      joinCode: sessionGroups.joinCode,
      groupIdentifier: sessionGroups.groupIdentifier,
      memberCount: sessionGroups.memberCount,
      memberNames: sql<string[]>`coalesce(array_agg(${studentProgress.studentName} order by ${studentProgress.startedAt}, ${studentProgress.id}) filter (where ${studentProgress.id} is not null), '{}')`,
      questionsCompleted: sql<number>`coalesce(sum(${studentProgress.completedQuestionsCount}), 0)::int`,
    })
    .from(sessionGroups)
    .leftJoin(studentProgress, eq(studentProgress.groupId, sessionGroups.id))
    .where(eq(sessionGroups.sessionId, sessionId))
    .groupBy(sessionGroups.id);
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

/** Host only. Completed, endTime recorded, codes freed. Ending twice is harmless. Returns whether it ended now. */
export async function endSession(db: Db, sessionId: string, teacherId: string): Promise<boolean> {
  if (!isUuid(sessionId)) throw notFound("Session not found.");
  const [session] = await db.select({ host: gameSessions.hostTeacherId, status: gameSessions.status }).from(gameSessions).where(eq(gameSessions.id, sessionId));
  if (!session) throw notFound("Session not found.");
  if (session.host !== teacherId) throw forbidden(playMessages.notAuthorizedToEnd);
  if (session.status !== "active") return false;
  await db.transaction(async (tx) => {
    await tx.update(gameSessions).set({ status: "completed", endTime: sql`now()` }).where(and(eq(gameSessions.id, sessionId), eq(gameSessions.status, "active")));
    await tx.update(sessionGroups).set({ isActive: false }).where(eq(sessionGroups.sessionId, sessionId));
  });
  return true;
}

/** Ends every active session older than its maxDuration (minutes). Returns their ids. */
export async function endExpiredSessions(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const ended = await queryRows<{ id: string }>(
      tx as unknown as Db,
      sql`update game_sessions set status = 'completed', end_time = start_time + make_interval(mins => max_duration)
          where status = 'active' and start_time + make_interval(mins => max_duration) <= now()
          returning id`,
    );
    if (ended.length === 0) return [];
    const ids = ended.map((e) => e.id);
    await tx.update(sessionGroups).set({ isActive: false }).where(inArray(sessionGroups.sessionId, ids));
    return ids;
  });
}
