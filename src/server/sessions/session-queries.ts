/** Reading sessions: the dashboard's lists (SPEC section 7) and one session for its host's codes page and projector. */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { GROUP_IDENTIFIERS } from "../../shared/games/curriculum.ts";
import type { SessionDetail, SessionSummary } from "../../shared/sessions/session-responses.ts";
import type { Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { games, gameSessions } from "../db/schema.ts";
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
        which === "active"
          ? eq(gameSessions.status, "active")
          : inArray(gameSessions.status, ["completed", "archived"]),
      ),
    )
    .orderBy(which === "active" ? desc(gameSessions.startTime) : sql`${gameSessions.endTime} desc nulls last`);
  return rows.map((r) => ({ ...r, startTime: r.startTime.toISOString(), endTime: r.endTime?.toISOString() ?? null }));
}

const SESSION_FOR_HOST = statement<"sessionId" | "teacherId">(
  "session_for_host",
  `select s.start_time, s.end_time, json_build_object(
     'id', s.id, 'gameId', s.game_id, 'gameTitle', g.title, 'gameDescription', g.description, 'status', s.status,
     'maxDuration', s.max_duration, 'questionCount', s.question_count, 'pupilLanguage', s.pupil_language,
     'groups', (select coalesce(json_agg(json_build_object(
                   'id', sg.id, 'joinCode', sg.join_code, 'groupIdentifier', sg.group_identifier, 'memberCount', sg.member_count,
                   'members', (select coalesce(json_agg(json_build_object('progressId', p.id, 'name', p.student_name) order by p.started_at, p.id), '[]') from student_progress p where p.group_id = sg.id),
                   'questionsCompleted', (select coalesce(sum(p.completed_questions_count), 0)::int from student_progress p where p.group_id = sg.id))), '[]')
                from session_groups sg where sg.session_id = s.id)) as session
   from game_sessions s join games g on g.id = s.game_id
   where s.id = :sessionId::uuid and s.host_teacher_id = :teacherId::text`,
);

type SessionRow = {
  start_time: Date | string;
  end_time: Date | string | null;
  session: Omit<SessionDetail, "startTime" | "endTime"> | string;
};

/**
 * The session as its host sees it on the codes page and the projector: every group with its
 * pupils' names in join order and their right answers summed. One prepared statement, whatever
 * the class size: the projector re-reads it as a class joins and answers. Anyone else: not found.
 */
export async function findSessionForHost(db: Db, sessionId: string, teacherId: string): Promise<SessionDetail | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await runStatement<SessionRow, "sessionId" | "teacherId">(db, SESSION_FOR_HOST, {
    sessionId,
    teacherId,
  });
  if (!row) return null;
  const session = (typeof row.session === "string" ? JSON.parse(row.session) : row.session) as Omit<
    SessionDetail,
    "startTime" | "endTime"
  >;
  // In the catalogue's order: yellow square first.
  session.groups.sort(
    (a, b) => GROUP_IDENTIFIERS.indexOf(a.groupIdentifier) - GROUP_IDENTIFIERS.indexOf(b.groupIdentifier),
  );
  return {
    ...session,
    startTime: new Date(row.start_time).toISOString(),
    endTime: row.end_time === null ? null : new Date(row.end_time).toISOString(),
  };
}
