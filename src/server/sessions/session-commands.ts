/**
 * Live sessions: start (session + groups with unique join codes, in one transaction), read
 * for the host, end (host only), and the sweep that ends sessions past their maxDuration.
 */
import { randomInt } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { GROUP_IDENTIFIERS } from "../../shared/catalogue.ts";
import { DEFAULT_MAX_DURATION_MINUTES, MAX_GROUPS, MIN_GROUPS, playMessages } from "../../shared/progress-rules.ts";
import type { SessionDetail } from "../../shared/sessions.ts";
import { queryRows, type Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { games, gameSessions, questions, sessionGroups } from "../db/schema.ts";
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

const SESSION_FOR_HOST = statement<"sessionId" | "teacherId">(
  "session_for_host",
  `select s.start_time, s.end_time, json_build_object(
     'id', s.id, 'gameId', s.game_id, 'gameTitle', g.title, 'gameDescription', g.description, 'status', s.status,
     'maxDuration', s.max_duration, 'questionCount', s.question_count,
     'groups', (select coalesce(json_agg(json_build_object(
                   'id', sg.id, 'joinCode', sg.join_code, 'groupIdentifier', sg.group_identifier, 'memberCount', sg.member_count,
                   'memberNames', (select coalesce(json_agg(p.student_name order by p.started_at, p.id), '[]') from student_progress p where p.group_id = sg.id),
                   'questionsCompleted', (select coalesce(sum(p.completed_questions_count), 0)::int from student_progress p where p.group_id = sg.id))), '[]')
                from session_groups sg where sg.session_id = s.id)) as session
   from game_sessions s join games g on g.id = s.game_id
   where s.id = :sessionId::uuid and s.host_teacher_id = :teacherId::text`,
);

type SessionRow = { start_time: Date | string; end_time: Date | string | null; session: Omit<SessionDetail, "startTime" | "endTime"> | string };

/**
 * The session as its host sees it on the codes page and the projector: every group with its
 * pupils' names in join order and their right answers summed. One prepared statement, whatever
 * the class size: the projector re-reads it as a class joins and answers. Anyone else: not found.
 */
export async function findSessionForHost(db: Db, sessionId: string, teacherId: string): Promise<SessionDetail | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await runStatement<SessionRow, "sessionId" | "teacherId">(db, SESSION_FOR_HOST, { sessionId, teacherId });
  if (!row) return null;
  const session = (typeof row.session === "string" ? JSON.parse(row.session) : row.session) as Omit<SessionDetail, "startTime" | "endTime">;
  // In the catalogue's order: yellow square first.
  session.groups.sort((a, b) => GROUP_IDENTIFIERS.indexOf(a.groupIdentifier) - GROUP_IDENTIFIERS.indexOf(b.groupIdentifier));
  return { ...session, startTime: new Date(row.start_time).toISOString(), endTime: row.end_time === null ? null : new Date(row.end_time).toISOString() };
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
