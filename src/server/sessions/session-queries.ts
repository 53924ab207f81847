import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { GROUP_IDENTIFIERS } from "../../shared/games/curriculum.ts";
import type { SessionDetail, SessionGroup, SessionSummary } from "../../shared/sessions/session-responses.ts";
import { groupTrail, type SessionStation, type StationCount } from "../../shared/stations/group-trail.server.ts";
import type { Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { gameSessions, games } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

/** The groups' order (the catalogue's: yellow square first), for SQL's array_position. */
export const GROUP_ORDER = `{${GROUP_IDENTIFIERS.join(",")}}`;

/** The teacher's own sessions, newest first. */
export async function listSessions(db: Db, hostTeacherId: string, which: "active" | "past"): Promise<SessionSummary[]> {
  const rows = await db
    .select({
      id: gameSessions.id,
      gameId: gameSessions.gameId,
      gameTitle: games.title,
      // The games the groups play, distinct, in group order (decision 036).
      gameTitles: sql<string[]>`(select coalesce(json_agg(t.title order by t.first), '[]') from (
        select gg.title, min(array_position(${GROUP_ORDER}::text[], sg.group_identifier)) as first
        from session_groups sg join games gg on gg.id = sg.game_id
        where sg.session_id = ${gameSessions.id} group by gg.id, gg.title) t)`,
      status: gameSessions.status,
      startTime: gameSessions.startTime,
      endTime: gameSessions.endTime,
      closesAt: gameSessions.closesAt,
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
  return rows.map((r) => ({
    ...r,
    gameTitles: fromJson(r.gameTitles),
    startTime: r.startTime.toISOString(),
    endTime: r.endTime?.toISOString() ?? null,
    closesAt: r.closesAt?.toISOString() ?? null,
  }));
}

/**
 * The tablet of the member `p` (decision 048) as JSON: the other children on it (same group, same device,
 * a seat each) in turn order, and whether it is `p`'s turn — `turnOf` (shared/play/tablet-turns.ts) in
 * SQL: `p` has not finished and every other child still playing has answered more, or as many from a
 * later seat. Null for a child alone on their device, the siblings' subquery not even run (no seat), or
 * left alone by the others' removal. The device id is only compared, never selected.
 */
const MEMBER_TABLET_JSON = `case when p.seat is not null then (
       select case when count(*) > 0 then json_build_object(
                'with', json_agg(o.student_name order by o.seat, o.id),
                'turn', p.completed_at is null and bool_and(o.completed_at is not null
                          or (o.completed_questions_count, o.seat, o.id) > (p.completed_questions_count, p.seat, p.id))) end
       from student_progress o
       where o.group_id = p.group_id and o.student_id = p.student_id and o.seat is not null and o.id <> p.id) end`;

/**
 * The groups of the session `s` as its host sees them, as JSON: the game each plays, pupils'
 * names in join order (with the stations each found and, on a tablet, its other children and whose
 * turn it is), right answers summed and, around the room, per station how many of the group found it
 * and answered it right (`trail`, made a GroupTrailStop[] by presentGroups). The results statement
 * reads the same groups.
 */
export const SESSION_GROUPS_JSON = `(select coalesce(json_agg(json_build_object(
     'id', sg.id, 'joinCode', sg.join_code, 'groupIdentifier', sg.group_identifier, 'memberCount', sg.member_count,
     'gameId', sg.game_id, 'gameTitle', (select gg.title from games gg where gg.id = sg.game_id), 'questionCount', sg.question_count,
     'members', (select coalesce(json_agg(json_build_object('progressId', p.id, 'name', p.student_name,
                   'stationsFound', (select count(*)::int from station_finds f where f.progress_id = p.id),
                   'tablet', ${MEMBER_TABLET_JSON}) order by p.started_at, p.id), '[]')
                 from student_progress p where p.group_id = sg.id),
     'questionsCompleted', (select coalesce(sum(p.completed_questions_count), 0)::int from student_progress p where p.group_id = sg.id),
     'trail', case when s.hunt_mode = 'room' then (
        select coalesce(json_agg(json_build_object('questionIndex', c.question_index, 'found', c.found, 'answered', c.answered)), '[]')
        from (select e.question_index, count(*) filter (where e.found)::int as found, count(*) filter (where not e.found)::int as answered
              from (select f.question_index, true as found from station_finds f join student_progress p on p.id = f.progress_id where p.group_id = sg.id
                    union all
                    select a.question_index, false from progress_answers a join student_progress p on p.id = a.progress_id
                    where p.group_id = sg.id and a.is_correct) e
              group by e.question_index) c) end)), '[]')
   from session_groups sg where sg.session_id = s.id)`;

/**
 * The games the groups of the session `s` play, as JSON: distinct, in the order of the
 * first group playing each (the catalogue's), each with the question count of the version its groups keep.
 */
export const SESSION_GAMES_JSON = `(select coalesce(json_agg(json_build_object('id', v.game_id, 'title', gg.title, 'questionCount', v.question_count)
     order by v.first), '[]')
   from (select sg.game_id, min(sg.question_count) as question_count,
                min(array_position('${GROUP_ORDER}'::text[], sg.group_identifier)) as first
         from session_groups sg where sg.session_id = s.id group by sg.game_id) v
   join games gg on gg.id = v.game_id)`;

/**
 * Around the room, the stations of every game the session's groups play (its questions' cards'
 * numbers, each with its game, as JSON); null on screen. A game's groups all keep one version.
 */
export const SESSION_STATIONS_JSON = `case when s.hunt_mode = 'room' then (
     select coalesce(json_agg(json_build_object('gameId', q.game_id, 'questionIndex', q.position, 'number', sc.number)
       order by q.game_id, q.position), '[]')
     from (select distinct sg.game_id, sg.question_version from session_groups sg where sg.session_id = s.id) v
     join questions q on q.game_id = v.game_id and q.version = v.question_version
     left join station_cards sc on sc.station_key = q.station_key) end`;

/** A station of one of a session's games: the question at `questionIndex` of `gameId` is the card numbered `number`. */
export type GameStation = SessionStation & { gameId: string };

/** A group as SESSION_GROUPS_JSON reads it: its trail still as counts per station. */
export type GroupRow = Omit<SessionGroup, "trail"> & { trail: StationCount[] | null };

/**
 * The groups in the catalogue's order (yellow square first), each trail along the group's own route
 * through its own game's stations.
 */
export function presentGroups(groups: GroupRow[], stations: GameStation[] | null): SessionGroup[] {
  return groups
    .map((group) => ({
      ...group,
      trail:
        stations && group.trail
          ? groupTrail(
              group.groupIdentifier,
              stations.filter((s) => s.gameId === group.gameId),
              group.trail,
            )
          : null,
    }))
    .sort((a, b) => GROUP_IDENTIFIERS.indexOf(a.groupIdentifier) - GROUP_IDENTIFIERS.indexOf(b.groupIdentifier));
}

const SESSION_FOR_HOST = statement<"sessionId" | "teacherId">(
  "session_for_host",
  `select s.start_time, s.end_time, s.closes_at, ${SESSION_STATIONS_JSON} as stations, json_build_object(
     'id', s.id, 'gameId', s.game_id, 'gameTitle', g.title, 'gameDescription', g.description, 'status', s.status,
     'maxDuration', s.max_duration, 'questionCount', s.question_count, 'pupilLanguage', s.pupil_language,
     'huntMode', s.hunt_mode, 'games', ${SESSION_GAMES_JSON},
     'groups', ${SESSION_GROUPS_JSON}) as session
   from game_sessions s join games g on g.id = s.game_id
   where s.id = :sessionId::uuid and s.host_teacher_id = :teacherId::text`,
);

type SessionRow = {
  start_time: Date | string;
  end_time: Date | string | null;
  closes_at: Date | string | null;
  stations: GameStation[] | string | null;
  session: (Omit<SessionDetail, "startTime" | "endTime" | "closesAt" | "groups"> & { groups: GroupRow[] }) | string;
};

/** A json column as the driver hands it: parsed (node-postgres) or text. */
export const fromJson = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/**
 * The session as its host sees it on the codes page and the projector: every group with its
 * pupils' names in join order and their right answers summed, and around the room its trail. One prepared statement, whatever
 * the class size: the projector re-reads it as a class joins and answers. Anyone else: not found.
 */
export async function findSessionForHost(db: Db, sessionId: string, teacherId: string): Promise<SessionDetail | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await runStatement<SessionRow, "sessionId" | "teacherId">(db, SESSION_FOR_HOST, {
    sessionId,
    teacherId,
  });
  if (!row) return null;
  const session = fromJson(row.session);
  return {
    ...session,
    groups: presentGroups(session.groups, fromJson(row.stations)),
    startTime: new Date(row.start_time).toISOString(),
    endTime: row.end_time === null ? null : new Date(row.end_time).toISOString(),
    closesAt: row.closes_at === null ? null : new Date(row.closes_at).toISOString(),
  };
}
