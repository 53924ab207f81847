/**
 * The student side's reads: find a group by join code, read one's own progress (never a
 * correct answer), and the ownership check every progress route starts with.
 */

import { and, eq } from "drizzle-orm";
import type { ApiError } from "../../shared/api-errors.ts";
import { GROUP_IDENTIFIERS, type GroupIdentifier } from "../../shared/games/curriculum.ts";
import type { OptionPictures, QuestionPicture } from "../../shared/games/images.ts";
import type { QuestionKind } from "../../shared/games/question-kinds.ts";
import { gameLanguage } from "../../shared/i18n/content-language.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../shared/i18n/languages.ts";
import type { ClassListEntry, JoinLookupResponse, PlayState, TabletPlayer } from "../../shared/play/play-responses.ts";
import { playMessages } from "../../shared/play/play-texts.ts";
import type { TurnCandidate } from "../../shared/play/tablet-turns.ts";
import { pupilHunt, type StationRead } from "../../shared/stations/pupil-hunt.ts";
import type { HuntMode } from "../../shared/stations/station-rules.ts";
import { nameKey } from "../../shared/text.ts";
import type { Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { gameSessions, games, removedPupils, sessionGroups, studentProgress } from "../db/schema.ts";
import { gameSessionIsLive, sessionExpirySql, sessionIsLiveSql } from "../db/session-live.ts";
import { isUuid } from "../db/uuid.ts";
import { badRequest, notFound, notYourProgress, progressNotFound, pupilRemoved, sessionEnded } from "../http/errors.ts";
import { optionImageColumnsOf, optionPicturesJsonSql, pictureJsonSql } from "../images/picture-sql.ts";
import { type CodeLookup, guardedLookupStatement, guardedLookupsStatement } from "../limits/join-limits.ts";
import { optionRecordingsSql, recordingColumnsOf, recordingSrcSql } from "../recordings/recording-sql.ts";
import { runForHuntMode } from "./hunt-modes.ts";
import { answeredRightSql, foundSql, routeOrderSql, stationsJsonSql } from "./hunt-sql.ts";
import { type OrderShuffle, shownToChild } from "./order-shuffle.ts";

/** A JSON column as node-postgres (parsed) or PGlite's EXECUTE (sometimes text) hands it over. */
const parsed = <T>(value: T | string): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

export type LookupRow = {
  group_id: string;
  group_identifier: string;
  session_id: string | null;
  game_title: string | null;
  game_language: string | null;
  game_subject: string | null;
  pupil_language: string | null;
  live: boolean | null;
  class_list: string[] | null;
  taken_names: string[] | null;
  live_ms: number | string | null;
};

/**
 * A code's group, its session, the group's game (decision 036: a group may play a game other than
 * the session's) and class list (with the names already taken): the select both lookups run,
 * `:code` its only parameter. Alone on PGlite; inside the one statement that
 * also counts the lookup against the guessing limits on PostgreSQL (limits/join-limits.ts).
 */
export const FIND_JOIN_CODE_SQL = `select sg.id as group_id, sg.group_identifier, s.id as session_id, g.title as game_title,
          g.language as game_language, g.ai_last_used_subject as game_subject, s.pupil_language,
          ${sessionIsLiveSql("s")} as live, s.class_list,
          extract(epoch from ${sessionExpirySql("s")} - now()) * 1000 as live_ms,
          case when s.class_list is not null then (select array_agg(n.name_key) from session_names n where n.session_id = s.id) end as taken_names
   from session_groups sg
   left join game_sessions s on s.id = sg.session_id
   left join games g on g.id = sg.game_id
   where sg.join_code = :code::text
   -- A code is reused once its session ends, so prefer the live group.
   order by sg.is_active desc, sg.created_at desc
   limit 1`;

/** `text` with `from` replaced by `to`; throws if `from` is not there (the base SQL changed under it). */
function replaced(text: string, from: string | RegExp, to: string): string {
  const out = text.replace(from, to);
  if (out === text) throw new Error(`FIND_JOIN_CODES_SQL: ${String(from)} is no longer in FIND_JOIN_CODE_SQL`);
  return out;
}

/**
 * The same select for several codes at once (the lookups of a class pressing Join together,
 * db/batcher.ts): `:codes` is a JSON array of distinct codes; one row per code found.
 */
export const FIND_JOIN_CODES_SQL = [
  ["select sg.id as group_id", "select distinct on (sg.join_code) sg.join_code as code, sg.id as group_id"],
  [
    "where sg.join_code = :code::text",
    "where sg.join_code = any (array(select jsonb_array_elements_text(:codes::jsonb)))",
  ],
  ["order by sg.is_active desc", "order by sg.join_code, sg.is_active desc"],
  [/\n\s*limit 1$/, ""],
].reduce((sql, [from, to]) => replaced(sql, from!, to as string), FIND_JOIN_CODE_SQL);
const LOOKUP_JOIN_CODES = statement<"codes">("lookup_join_codes", FIND_JOIN_CODES_SQL);

/** Each code's row (undefined where none), in the order asked; a code asked twice is looked up once. */
export async function findJoinCodes(db: Db, codes: string[]): Promise<Array<LookupRow | undefined>> {
  const rows = await runStatement<LookupRow & { code: string }, "codes">(db, LOOKUP_JOIN_CODES, {
    codes: JSON.stringify([...new Set(codes)]),
  });
  const byCode = new Map(rows.map((row) => [row.code, row]));
  return codes.map((code) => byCode.get(code));
}

/** A lookup that found a live group: what the join page shows. */
export type JoinLookup = JoinLookupResponse & { classList: ClassListEntry[] | null };

/**
 * A lookup as the route gets it: the page's answer, and the group's class list as read (names
 * as written, null for none) with the time its session has left, for the join that follows
 * (class-list-cache.ts remembers it; never sent).
 */
export type FoundGroup = { answer: JoinLookup; classList: string[] | null; liveMs: number };

/** The looked-up row as the join page's answer, or the ApiError a wrong code gets. */
export function presentLookup(row: LookupRow | undefined): FoundGroup {
  if (!row) throw notFound(playMessages.invalidJoinCode);
  if (!row.session_id) throw notFound(playMessages.sessionNotFound);
  if (!row.live) throw sessionEnded();
  if (!GROUP_IDENTIFIERS.includes(row.group_identifier as GroupIdentifier))
    throw badRequest("invalid_group", playMessages.groupMissingIdentifier);
  const taken = new Set(row.taken_names ?? []);
  const answer: JoinLookup = {
    groupId: row.group_id,
    groupIdentifier: row.group_identifier as GroupIdentifier,
    sessionId: row.session_id,
    gameTitle: row.game_title ?? "Game Title Not Found",
    pupilLanguage: isLanguage(row.pupil_language) ? row.pupil_language : DEFAULT_LANGUAGE,
    questionLanguage: gameLanguage({ language: row.game_language, aiLastUsedSubject: row.game_subject }),
    classList: row.class_list ? row.class_list.map((name) => ({ name, taken: taken.has(nameKey(name)) })) : null,
  };
  return { answer, classList: row.class_list, liveMs: Number(row.live_ms) };
}

export async function lookupJoinCode(db: Db, code: string): Promise<JoinLookup> {
  const [row] = await findJoinCodes(db, [code]);
  return presentLookup(row).answer;
}

/** The code lookup, for the join limits to guard (limits/join-limits.ts): on PostgreSQL inside the statement that counts it. */
export const joinCodeLookup: CodeLookup<LookupRow, FoundGroup> = {
  guarded: guardedLookupStatement("guarded_join_lookup", FIND_JOIN_CODE_SQL),
  guardedMany: guardedLookupsStatement("guarded_join_lookups", FIND_JOIN_CODES_SQL),
  find: findJoinCodes,
  present: presentLookup,
};

/**
 * Why a progress record is not there: its own device is told its teacher removed it (410,
 * decision 016); anyone else, and any id never removed, just "not found". Only on this
 * failing path does it cost a query.
 */
export async function missingProgress(db: Db, progressId: string, deviceId: string): Promise<ApiError> {
  const [removed] = await db
    .select({ progressId: removedPupils.progressId })
    .from(removedPupils)
    .where(and(eq(removedPupils.progressId, progressId), eq(removedPupils.deviceId, deviceId)));
  return removed ? pupilRemoved() : progressNotFound();
}

type OwnedProgress = {
  progress: typeof studentProgress.$inferSelect;
  session: typeof gameSessions.$inferSelect;
  gameTitle: string;
  live: boolean;
};

/**
 * The progress, if it is this student's ('Not authorized to view this progress.' otherwise), with
 * the title of the game its group plays.
 */
export async function ownedProgress(db: Db, progressId: string, studentId: string): Promise<OwnedProgress> {
  if (!isUuid(progressId)) throw progressNotFound();
  const [row] = await db
    .select({ progress: studentProgress, session: gameSessions, gameTitle: games.title, live: gameSessionIsLive })
    .from(studentProgress)
    .innerJoin(gameSessions, eq(gameSessions.id, studentProgress.sessionId))
    .innerJoin(sessionGroups, eq(sessionGroups.id, studentProgress.groupId))
    .innerJoin(games, eq(games.id, sessionGroups.gameId))
    .where(eq(studentProgress.id, progressId));
  if (!row) throw await missingProgress(db, progressId, studentId);
  if (row.progress.studentId !== studentId) throw notYourProgress();
  return row;
}

type PlayStateRow = {
  student_id: string;
  student_name: string;
  /** The child's place on a tablet (decision 048), null alone on the device. */
  seat: number | null;
  group_identifier: string;
  completed_questions_count: number;
  help_requested: boolean;
  completed: boolean;
  question_count: number;
  live: boolean;
  game_title: string;
  game_subject: string | null;
  game_language: string | null;
  pupil_language: string;
  sound_effects: boolean;
  first_attempt_correct_count: number;
  current_index: number | null;
  kind: QuestionKind | null;
  question_text: string | null;
  options: string[] | null;
  wrong_options: number[] | null;
  clue: string | null;
  picture: QuestionPicture | null;
  option_pictures: OptionPictures;
  recording: string | null;
  option_recordings: (string | null)[] | null;
  clue_recording: string | null;
  hunt_mode: HuntMode;
  /** Around the room only (READ_ROOM_PLAY_STATE): the game of the pupil's group. */
  game_id?: string;
  stations?: StationRead[] | string | null;
};

/**
 * The play state's statement, on screen or around the room (decision 033): the same row, with the
 * current question chosen by `current` (a lateral select of q's columns), and `extra` columns.
 * The questions, their count and the game are those of the pupil's group (`sg`, decision 036): never
 * another group's game, even in the same session.
 */
const playStateSql = (current: string, extra: string) =>
  `select p.student_id, p.student_name, p.group_identifier, p.completed_questions_count, p.help_requested, p.seat,
          p.completed_at is not null as completed, sg.question_count, g.title as game_title, g.ai_last_used_subject as game_subject,
          g.language as game_language, s.pupil_language, s.hunt_mode,
          ${sessionIsLiveSql("s")} as live,
          s.sound_effects, p.first_attempt_correct_count,
          cur.position as current_index, cur.kind, cur.question_text,
          -- A typed answer's options are its accepted answers: they never leave the server (decision 050).
          case when cur.kind = 'typed' then '{}'::text[] else cur.options end as options, wrong.options as wrong_options,
          -- The clue only once this pupil has answered the question wrongly (decision 011).
          case when wrong.any then cur.clue end as clue,
          ${pictureJsonSql("cur")} as picture,
          -- The options' pictures of this question only: none of another question (decision 038).
          ${optionPicturesJsonSql("cur")} as option_pictures,
          -- The teacher's recordings of this question only, the clue's with the clue.
          ${recordingSrcSql("cur.recording_id")} as recording, ${optionRecordingsSql("cur")} as option_recordings,
          case when wrong.any and cur.clue is not null then ${recordingSrcSql("cur.clue_recording_id")} end as clue_recording${extra}
   from student_progress p
   join game_sessions s on s.id = p.session_id
   join session_groups sg on sg.id = p.group_id
   join games g on g.id = sg.game_id
   left join lateral (${current}) cur on true
   -- The options already chosen wrongly for the current question (index answer_attempts_question_idx);
   -- a wrong try at the other kinds crosses nothing out, though it shows the clue.
   left join lateral (
     select coalesce(array_agg(distinct w.selected_option::int order by w.selected_option::int)
                       filter (where cur.kind in ('choice', 'truefalse')), '{}') as options,
            count(*) > 0 as any
     from answer_attempts w
     where w.progress_id = p.id and w.question_index = cur.position and not w.is_correct
   ) wrong on true
   where p.id = :progressId::uuid`;

/** On screen: the first question not yet answered right. */
const READ_PLAY_STATE = statement<"progressId">(
  "read_play_state",
  playStateSql(
    `select q.position, q.kind, q.question_text, q.options, q.clue, q.image_id, q.image_alt, ${optionImageColumnsOf("q")},
            ${recordingColumnsOf("q")} from questions q
     where q.game_id = sg.game_id and q.version = sg.question_version
       and not exists (select 1 from progress_answers a where a.progress_id = p.id and a.question_index = q.position and a.is_correct)
     order by q.position limit 1`,
    "",
  ),
);

/**
 * Around the room: the next station on the route of the group, only once this pupil
 * has found it; and every station of the group's game for the hunt.
 */
const READ_ROOM_PLAY_STATE = statement<"progressId">(
  "read_room_play_state",
  playStateSql(
    `select n.* from (
       select q.position, q.kind, q.question_text, q.options, q.clue, q.image_id, q.image_alt, ${optionImageColumnsOf("q")},
            ${recordingColumnsOf("q")} from questions q
       where q.game_id = sg.game_id and q.version = sg.question_version and not ${answeredRightSql("p")}
       order by ${routeOrderSql("p", "sg")} limit 1) n
     where ${foundSql("p", "n.position")}`,
    `, sg.game_id,
          ${stationsJsonSql("p", "sg")} as stations`,
  ),
);

/**
 * A student's own progress, in one statement; the current question without its answer.
 * `cardsMissingFor`: the game of a station on the pupil's route that has no card yet (a game
 * saved before cards were made, in a session started before then), else null.
 */
export async function readPlayState(
  db: Db,
  shuffle: OrderShuffle,
  progressId: string,
  studentId: string,
): Promise<{ state: PlayState; cardsMissingFor: string | null; onTablet: boolean }> {
  if (!isUuid(progressId)) throw progressNotFound();
  const row = await runForHuntMode(progressId, async (mode) => {
    const statement = mode === "room" ? READ_ROOM_PLAY_STATE : READ_PLAY_STATE;
    return (await runStatement<PlayStateRow, "progressId">(db, statement, { progressId }))[0];
  });
  if (!row) throw await missingProgress(db, progressId, studentId);
  if (row.student_id !== studentId) throw notYourProgress();
  const stations = row.hunt_mode === "room" && row.stations ? parsed(row.stations) : null;
  const cardsMissingFor = stations?.some((s) => s.number === null) ? row.game_id! : null;
  const state: PlayState = {
    progressId,
    studentName: row.student_name,
    gameTitle: row.game_title,
    gameSubject: row.game_subject,
    pupilLanguage: isLanguage(row.pupil_language) ? row.pupil_language : DEFAULT_LANGUAGE,
    questionLanguage: gameLanguage({ language: row.game_language, aiLastUsedSubject: row.game_subject }),
    groupIdentifier: row.group_identifier as GroupIdentifier,
    questionCount: row.question_count,
    completedQuestionsCount: row.completed_questions_count,
    sessionActive: row.live,
    helpRequested: row.help_requested,
    completed: row.completed,
    // The text, the options and what this pupil already got wrong: the correct answer never leaves the server.
    current:
      row.current_index === null
        ? null
        : shownToChild(
            {
              index: row.current_index,
              kind: row.kind!,
              questionText: row.question_text!,
              options: row.options!,
              wrongOptions: row.wrong_options ?? [],
              clue: row.clue,
              picture: row.picture,
              optionPictures: row.option_pictures,
              recording: row.recording,
              optionRecordings: row.option_recordings,
              clueRecording: row.clue_recording,
            },
            progressId,
            shuffle,
          ),
    soundEffects: row.sound_effects,
    correctFirstTimeCount: row.first_attempt_correct_count,
    hunt: stations && pupilHunt(stations, row.group_identifier, row.question_count),
    tablet: null,
  };
  return { state, cardsMissingFor, onTablet: row.seat !== null };
}

type TabletRow = {
  progress_id: string;
  name: string;
  seat: number;
  completed_questions_count: number;
  first_attempt_correct_count: number;
  stations_found: number;
  completed: boolean;
};

/** The children on the tablet of a child (decision 048), in turn order: the same group and device, each with a seat. */
const READ_TABLET = statement<"progressId">(
  "read_tablet",
  `select t.id as progress_id, t.student_name as name, t.seat, t.completed_questions_count, t.first_attempt_correct_count,
          (select count(*)::int from station_finds f where f.progress_id = t.id) as stations_found,
          t.completed_at is not null as completed
   from student_progress p
   join student_progress t on t.group_id = p.group_id and t.student_id = p.student_id and t.seat is not null
   where p.id = :progressId::uuid
   order by t.seat`,
);

/** The children on a child's tablet, read after the child's own play state (which checked the device owns it). */
export async function readTablet(db: Db, progressId: string): Promise<Array<TabletPlayer & TurnCandidate>> {
  const rows = await runStatement<TabletRow, "progressId">(db, READ_TABLET, { progressId });
  return rows.map((row) => ({
    progressId: row.progress_id,
    name: row.name,
    seat: row.seat,
    completedQuestionsCount: row.completed_questions_count,
    correctFirstTimeCount: row.first_attempt_correct_count,
    stationsFound: row.stations_found,
    completed: row.completed,
  }));
}

/** The session of a student's own progress, and the children whose changes their realtime channel carries: theirs, or their tablet's. */
export async function channelOfOwnProgress(
  db: Db,
  progressId: string,
  studentId: string,
): Promise<{ sessionId: string; children: ReadonlySet<string> }> {
  const { session, progress } = await ownedProgress(db, progressId, studentId);
  const children = progress.seat === null ? [progressId] : (await readTablet(db, progressId)).map((c) => c.progressId);
  return { sessionId: session.id, children: new Set(children) };
}
