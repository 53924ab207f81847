/**
 * The student side's writes: join a group (create progress), record an answer, ask for help.
 * Each checks the session is live (db/session-live.ts) in the same statement that writes.
 */
import { and, eq } from "drizzle-orm";
import { ApiError } from "../../shared/api-errors.ts";
import type { OptionPictures, QuestionPicture } from "../../shared/games/images.ts";
import {
  answerKey,
  givenOrder,
  inPlaceCount,
  isRightOrder,
  looseKey,
  maskOf,
  type QuestionKind,
} from "../../shared/games/question-kinds.ts";
import type { AnswerInput, AnswerResponse, PlayState } from "../../shared/play/play-responses.ts";
import { answerMessages, playMessages, tabletMessages } from "../../shared/play/play-texts.ts";
import { TABLET_MAX_PLAYERS, turnOf } from "../../shared/play/tablet-turns.ts";
import type { HuntMode } from "../../shared/stations/station-rules.ts";
import { stationMessages } from "../../shared/stations/station-texts.ts";
import { nameKey, nameTakenMessage } from "../../shared/text.ts";
import type { Db } from "../db/client.ts";
import { retriedOnDeadlock } from "../db/deadlock.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { answerAttempts, sessionNames, studentProgress } from "../db/schema.ts";
import { sessionIsLiveSql } from "../db/session-live.ts";
import { isUuid } from "../db/uuid.ts";
import {
  badRequest,
  conflict,
  notYourProgress,
  progressNotFound,
  removedDeviceCannotRejoin,
  sessionEnded,
  tryAgain,
} from "../http/errors.ts";
import { optionPicturesJsonSql, pictureJsonSql } from "../images/picture-sql.ts";
import { optionRecordingsSql, recordingSrcSql } from "../recordings/recording-sql.ts";
import { ensureStationCards } from "../stations/station-card-commands.ts";
import { runForHuntMode } from "./hunt-modes.ts";
import { foundSql, nextOnRouteSql } from "./hunt-sql.ts";
import { type OrderShuffle, shownToChild } from "./order-shuffle.ts";
import { missingProgress, ownedProgress, readPlayState, readTablet } from "./play-queries.ts";
import { tabletTurnJoinSql } from "./tablet-sql.ts";
import { rememberOnTablet, runForTablet } from "./tablets.ts";

type JoinRow = {
  n: number;
  group_ok: boolean;
  live: boolean;
  removed: boolean;
  inserted_id: string | null;
  existing_id: string | null;
  session_id: string;
  name_owner: string | null;
  /** A device that already held children of the group (a tablet, decision 048) at its limit. */
  tablet_full: boolean;
};

/**
 * The joins of one batch (db/batcher.ts), in one statement: `:joins` is a JSON array of
 * `{n, group_id, code, student_id, name, name_key}`. For each, in the order given: the group
 * must have that code and a live session; a device its teacher took out of the session does not
 * come back (decision 016); the name is claimed in the session (session_names, by its name key)
 * unless another device has it; the progress record is made (or, for the same device, group and
 * name, found: a rejoin); and each group's member count grows by its new members, once per group.
 * Two joins of a batch claiming one name in one session: the insert keeps the first asked and
 * does nothing for the other, whose owner is then the first's device (name taken). No two joins of a
 * batch share a device (the batcher's key): a device's second join would need its first's
 * progress row, which this statement cannot see.
 *
 * Two twins (decision 048). A device joining for the first time (no cookie yet: `new`) holds no
 * child anywhere, so its statement reads nothing of the device's. A device that joined before
 * (`known`) may be a tablet: the children it holds in the session are read; a new name in a
 * group where it holds children takes the next place in the turn order (the first child's place
 * becomes 0), at most TABLET_MAX_PLAYERS of them; a name is added only when this statement claims
 * it (a name the device already holds, folded or in another group, is refused by `judgeJoin`);
 * and a device the teacher took out comes back only while another of its children still plays.
 */
const joinGroupsSql = (device: "new" | "known") =>
  `with input as (
     select * from jsonb_to_recordset(:joins::jsonb)
       as i(n integer, group_id uuid, code text, student_id text, name text, name_key text)
   ),
   g as (
     select i.n, sg.id, sg.session_id, sg.group_identifier,
            ${sessionIsLiveSql("s")} as live
     from input i
     join session_groups sg on sg.id = i.group_id and sg.join_code = i.code
     join game_sessions s on s.id = sg.session_id
   ),${
     device === "new"
       ? ""
       : `
   -- The children the device already holds in the session (index student_progress_student_idx).
   held as (
     select g.n, p.group_id, p.student_name, p.seat
     from g join input i on i.n = g.n
     join student_progress p on p.student_id = i.student_id and p.session_id = g.session_id
   ),
   tablet as (
     select g.n, count(h.n)::int as players, max(h.seat) as last_seat
     from g join input i on i.n = g.n
     left join held h on h.n = g.n and h.group_id = g.id
     group by g.n
   ),
   full_tablet as (
     select t.n from tablet t join input i on i.n = t.n
     where t.players >= ${TABLET_MAX_PLAYERS}
       and not exists (select 1 from held h where h.n = t.n and h.group_id = i.group_id and h.student_name = i.name)
   ),`
   }
   -- A device its teacher took out of this session does not come back (decision 016)${device === "new" ? "" : ", unless another of its children still plays"}.
   removed as (
     select g.n from g join input i on i.n = g.n
     where exists (select 1 from removed_pupils r where r.session_id = g.session_id and r.device_id = i.student_id)${
       device === "new" ? "" : "\n       and not exists (select 1 from held h where h.n = g.n)"
     }
   ),
   claimed as (
     insert into session_names (session_id, name_key, student_id)
     select g.session_id, i.name_key, i.student_id from g join input i on i.n = g.n
     where g.live and g.n not in (select n from removed)${device === "new" ? "" : " and g.n not in (select n from full_tablet)"}
     -- In key order (two batches never wait on each other's rows); the first asked keeps a name.
     order by g.session_id, i.name_key, g.n
     on conflict (session_id, name_key) do nothing
     returning session_id, name_key, student_id
   ),
   owner as (
     select g.n, coalesce(c.student_id, sn.student_id) as student_id${device === "new" ? "" : ", c.student_id is not null as claimed_now"}
     from g join input i on i.n = g.n
     left join claimed c on c.session_id = g.session_id and c.name_key = i.name_key
     left join session_names sn on sn.session_id = g.session_id and sn.name_key = i.name_key
   ),
   inserted as (
     insert into student_progress (session_id, group_id, group_identifier, student_id, student_name${device === "new" ? "" : ", seat"})
     select g.session_id, g.id, g.group_identifier, i.student_id, i.name${
       device === "new"
         ? ""
         : ",\n            case when t.players = 0 then null else coalesce(t.last_seat, t.players - 1) + 1 end"
     }
     from g join input i on i.n = g.n join owner o on o.n = g.n${device === "new" ? "" : " join tablet t on t.n = g.n"}
     where g.live and g.n not in (select n from removed) and o.student_id = i.student_id${device === "new" ? "" : " and o.claimed_now"}
     -- The known twin's inserts also meet student_progress_seat_idx (two children added at once).
     on conflict ${device === "new" ? "(group_id, student_id, student_name) " : ""}do nothing
     returning id, group_id, student_id, student_name
   ),${
     device === "new"
       ? ""
       : `
   -- The child alone on the device until now takes the first place of the tablet's turn order
   -- (children a device joined before tablets existed, in the order they joined).
   seated as (
     update student_progress p set seat = r.seat
     from (select q.id, (row_number() over (partition by q.group_id, q.student_id order by q.started_at, q.id) - 1)::smallint as seat
           from student_progress q join inserted ins on q.group_id = ins.group_id and q.student_id = ins.student_id
           where q.id <> ins.id and q.seat is null) r
     where p.id = r.id
     returning p.id
   ),`
   }
   -- The groups' rows locked in id order, as every batch locks them, then counted once each.
   locked as (
     select sg.id from session_groups sg
     where sg.id in (select group_id from inserted)
     order by sg.id
     for no key update
   ),
   counted as (
     update session_groups sg set member_count = sg.member_count + c.joined
     from (select group_id, count(*)::integer as joined from inserted group by group_id) c
     where sg.id = c.group_id and sg.id in (select id from locked)
     returning sg.id
   )
   select i.n,
          g.id is not null as group_ok,
          coalesce(g.live, false) as live,
          i.n in (select n from removed) as removed,
          ins.id as inserted_id,
          (select p.id from student_progress p where p.group_id = i.group_id and p.student_id = i.student_id and p.student_name = i.name) as existing_id,
          g.session_id,
          o.student_id as name_owner,
          ${device === "new" ? "false" : "i.n in (select n from full_tablet)"} as tablet_full,
          (select count(*) from counted) as groups_counted${device === "new" ? "" : ",\n          (select count(*) from seated) as seated"}
   from input i
   left join g on g.n = i.n
   left join owner o on o.n = i.n
   left join inserted ins on ins.group_id = i.group_id and ins.student_id = i.student_id and ins.student_name = i.name
   order by i.n`;

const JOIN_NEW_DEVICES = statement<"joins">("join_groups", joinGroupsSql("new"));
const JOIN_KNOWN_DEVICES = statement<"joins">("join_groups_known", joinGroupsSql("known"));

const nameTaken = (name: string) => new ApiError(409, "name_taken", nameTakenMessage(name), "name");

/** `knownDevice`: the device joined before (its cookie came with the join), so it may hold children already. */
export type JoinInput = { studentId: string; code: string; groupId: string; name: string; knownDevice: boolean };
export type Joined = { progressId: string; rejoined: boolean; sessionId: string };

/**
 * Creates each join's progress record and counts the member, all in one statement (decision
 * 042). A pupil who joins the same group again under the same name (closed the tab, came
 * back) gets their existing progress back (unique index student_progress_rejoin_idx). A device
 * that joined before runs the tablet's twin (decision 048). Each join gets its progress or its own
 * error. The inputs must not share a device (`joinBatchKeys`).
 */
export async function joinGroups(db: Db, inputs: JoinInput[]): Promise<Array<Joined | Error>> {
  const joins = inputs.map((input, n) => ({
    n,
    group_id: input.groupId,
    code: input.code,
    student_id: input.studentId,
    name: input.name,
    name_key: nameKey(input.name),
  }));
  const params = { joins: JSON.stringify(joins) };
  const statement = inputs.some((input) => input.knownDevice) ? JOIN_KNOWN_DEVICES : JOIN_NEW_DEVICES;
  // Rows are locked in key order, so batches should never deadlock.
  const rows = await retriedOnDeadlock(() => runStatement<JoinRow, "joins">(db, statement, params));
  return Promise.all(
    rows.map((row) => judgeJoin(db, inputs[row.n]!, joins[row.n]!.name_key, row).catch((error: Error) => error)),
  );
}

/** What one join of a batch came to; a join that met another request's claim at that very moment reads it. */
async function judgeJoin(db: Db, input: JoinInput, key: string, row: JoinRow): Promise<Joined> {
  if (!row.group_ok) throw badRequest("details_invalid", playMessages.detailsMissing);
  if (!row.live) throw sessionEnded();
  if (row.removed) throw removedDeviceCannotRejoin();
  if (row.tablet_full) {
    // A name the tablet already has is told as such, full or not.
    if (row.name_owner === input.studentId) await refuseNameHeldByDevice(db, input, key, row.session_id);
    throw conflict("tablet_full", playMessages.tabletFull);
  }
  if (row.name_owner !== null && row.name_owner !== input.studentId) throw nameTaken(input.name);
  if (row.inserted_id) return { progressId: row.inserted_id, rejoined: false, sessionId: row.session_id };
  if (row.existing_id) return { progressId: row.existing_id, rejoined: true, sessionId: row.session_id };
  if (row.name_owner === input.studentId) await refuseNameHeldByDevice(db, input, key, row.session_id);
  // Claimed or joined at this very moment by another request: its rows are not visible to this statement.
  const [owner] = await db
    .select({ studentId: sessionNames.studentId })
    .from(sessionNames)
    .where(and(eq(sessionNames.sessionId, row.session_id), eq(sessionNames.nameKey, key)));
  if (owner && owner.studentId !== input.studentId) throw nameTaken(input.name);
  const [again] = await db
    .select({ id: studentProgress.id })
    .from(studentProgress)
    .where(
      and(
        eq(studentProgress.groupId, input.groupId),
        eq(studentProgress.studentId, input.studentId),
        eq(studentProgress.studentName, input.name),
      ),
    );
  if (!again) throw tryAgain(playMessages.joinFailed);
  return { progressId: again.id, rejoined: true, sessionId: row.session_id };
}

/**
 * The device holds the name already, but not as this exact name in this group: the same child
 * spelt another way on this tablet ("aoife" beside "Aoife"), or a child playing in another group.
 */
async function refuseNameHeldByDevice(db: Db, input: JoinInput, key: string, sessionId: string): Promise<void> {
  const held = await db
    .select({ name: studentProgress.studentName, groupId: studentProgress.groupId })
    .from(studentProgress)
    .where(and(eq(studentProgress.sessionId, sessionId), eq(studentProgress.studentId, input.studentId)));
  const same = held.filter((child) => nameKey(child.name) === key);
  const here = same.find((child) => child.groupId === input.groupId);
  if (here) throw new ApiError(409, "already_on_tablet", tabletMessages.alreadyOnTablet(here.name), "name");
  if (same.length > 0) throw new ApiError(409, "other_group", tabletMessages.otherGroup(input.name), "name");
}

/** What two joins of one batch must not share: the device (its second join is judged after its first). */
export const joinBatchKeys = (input: JoinInput) => [`device:${input.studentId}`];

/** One join on its own (scripts, tests, anything not on the request path). */
export async function joinGroup(
  db: Db,
  studentId: string,
  input: { code: string; groupId: string; name: string },
): Promise<Joined> {
  const [result] = await joinGroups(db, [{ studentId, knownDevice: true, ...input }]);
  if (result instanceof Error) throw result;
  return result!;
}

type AnswerOutcomeRow = {
  owned: boolean;
  live: boolean;
  /** The child is on a tablet (decision 048): the statement without its turn writes nothing for them. */
  on_tablet: boolean;
  /** The tablet's twin: the child whose turn it is (null once every child has finished). */
  turn_id?: string | null;
  turn_name?: string | null;
  has_question: boolean;
  /** The answer's verdict by the question's kind (verdictSql); null without a question. */
  verdict: "right" | "wrong" | "nearly" | "unfit" | null;
  /** On screen: the questions before this one answered right (null around the room). */
  solved_before: number | null;
  hunt_mode: HuntMode;
  /** Around the room: the question index of the pupil's next station (null on screen, or when all are answered). */
  route_next: number | null;
  /** Around the room: this question's station is found (null on screen). */
  found: boolean | null;
  already_correct: boolean;
  earlier_result: boolean | null;
  earlier_question: number | null;
  is_correct: boolean | null;
  completed: boolean;
  session_id: string;
  next_question: {
    index: number;
    kind: QuestionKind;
    questionText: string;
    options: string[];
    picture: QuestionPicture | null;
    optionPictures: OptionPictures;
    recording: string | null;
    optionRecordings: (string | null)[] | null;
  } | null;
  clue: string | null;
  /** The clue's recording's address, read with the clue. */
  clue_recording: string | null;
};

type AnswerParams =
  | "progressId"
  | "studentId"
  | "questionIndex"
  | "selectedOption"
  | "attemptId"
  | "answerShape"
  | "typedAnswer"
  | "typedKey"
  | "looseKey"
  | "givenOrder"
  | "orderRight";

/**
 * The verdict on an answer, by the question's kind (decision 050): 'unfit' when the answer's shape is
 * not the question's (an order for a typed answer, true/false's 2…), and a typed answer compared by
 * its keys (question-kinds.ts typedVerdictOfKeys: 'nearly' when only its fadas are wrong and they count).
 */
const verdictSql = `case
              when q.kind is null then null
              when not (case q.kind
                          when 'choice' then :answerShape::text = 'option'
                          when 'truefalse' then :answerShape::text = 'option' and :selectedOption::smallint < 2
                          when 'multi' then :answerShape::text = 'multi'
                          when 'typed' then :answerShape::text = 'typed'
                          when 'order' then :answerShape::text = 'order' and cardinality(q.options) = cardinality(:givenOrder::smallint[])
                          else false end) then 'unfit'
              when q.kind = 'typed' then
                case when :typedKey::text = any(q.answer_keys) or (not q.fadas_count and :looseKey::text = any(q.answer_loose_keys)) then 'right'
                     when :looseKey::text = any(q.answer_loose_keys) then 'nearly'
                     else 'wrong' end
              when q.kind = 'order' then case when :orderRight::boolean then 'right' else 'wrong' end
              when q.correct_answer = :selectedOption::smallint then 'right'
              else 'wrong' end`;

/**
 * The answer's statement for a session on screen or around the room (decision 033): on screen the
 * questions go in order; around the room along the route of the group, each only once
 * its station is found. Each writes nothing for a session of the other mode (`hunt_mode` says which).
 * The question, the next one, the clue and the count the pupil completes at are those of the game
 * of the pupil's group (`sg`, decision 036), pinned at its version when the session started.
 */
const recordAnswerSql = (mode: HuntMode, device: "alone" | "tablet") =>
  `with target as (
     select p.id, p.session_id, sg.question_count, sg.game_id, sg.question_version,
            p.student_id = :studentId::text as owned, p.seat is not null as on_tablet,${
              device === "tablet" ? "\n            turn.id as turn_id, turn.student_name as turn_name," : ""
            }
            ${sessionIsLiveSql("s")} as live,
            q.correct_answer, q.clue, q.clue_recording_id, q.kind,
            ${verdictSql} as verdict,
            s.hunt_mode,
            ${
              mode === "screen"
                ? `(select count(*)::int from progress_answers a where a.progress_id = p.id and a.question_index < :questionIndex::smallint and a.is_correct) as solved_before,
            null::smallint as route_next, null::boolean as found,`
                : `null::int as solved_before, ${nextOnRouteSql("p", "sg")} as route_next,
            ${foundSql("p", ":questionIndex::smallint")} as found,`
            }
            exists (select 1 from progress_answers a where a.progress_id = p.id and a.question_index = :questionIndex::smallint and a.is_correct) as already_correct,
            e.is_correct as earlier_result,
            e.question_index as earlier_question
     from student_progress p
     join game_sessions s on s.id = p.session_id
     join session_groups sg on sg.id = p.group_id
     left join questions q on q.game_id = sg.game_id and q.version = sg.question_version and q.position = :questionIndex::smallint
     left join answer_attempts e on e.progress_id = p.id and e.client_attempt_id = :attemptId::text${
       device === "tablet" ? `\n     ${tabletTurnJoinSql("p")}` : ""
     }
     where p.id = :progressId::uuid
   ),
   allowed as (
     select * from target
     where owned and live and verdict in ('right', 'wrong') and not already_correct and earlier_result is null and hunt_mode = '${mode}'
       and ${device === "tablet" ? "turn_id = id" : "not on_tablet"}
       and ${mode === "screen" ? "solved_before = :questionIndex::smallint" : "route_next = :questionIndex::smallint and found"}
   ),
   attempt as (
     insert into answer_attempts (progress_id, question_index, selected_option, typed_answer, given_order, is_correct, client_attempt_id)
     select id, :questionIndex::smallint, :selectedOption::smallint, :typedAnswer::text, :givenOrder::smallint[], verdict = 'right', :attemptId::text from allowed
     on conflict (progress_id, client_attempt_id) do nothing
     returning progress_id, is_correct
   ),
   answer as (
     insert into progress_answers (progress_id, question_index, selected_option, typed_answer, given_order, is_correct, was_ever_incorrect,
                                   first_selected_option, first_typed_answer, first_given_order)
     select progress_id, :questionIndex::smallint, :selectedOption::smallint, :typedAnswer::text, :givenOrder::smallint[], is_correct, not is_correct,
            :selectedOption::smallint, :typedAnswer::text, :givenOrder::smallint[] from attempt
     -- A later try changes the latest answer, never the first (first_*), which its insert wrote.
     on conflict (progress_id, question_index) do update
       set selected_option = excluded.selected_option,
           typed_answer = excluded.typed_answer,
           given_order = excluded.given_order,
           is_correct = excluded.is_correct,
           was_ever_incorrect = progress_answers.was_ever_incorrect or not excluded.is_correct,
           attempts = progress_answers.attempts + 1,
           answered_at = now()
       where not progress_answers.is_correct
     returning is_correct, (xmax = 0) as first_ever
   ),
   counted as (
     update student_progress p
     set completed_questions_count = p.completed_questions_count + 1,
         first_attempt_correct_count = p.first_attempt_correct_count + (select case when a.first_ever then 1 else 0 end from answer a),
         completed_at = case
           when p.completed_at is null and p.completed_questions_count + 1 >= (select question_count from allowed) then now()
           else p.completed_at end
     where p.id = :progressId::uuid and exists (select 1 from answer where is_correct)
     returning p.completed_at
   )
   select t.owned, t.live, t.on_tablet,${device === "tablet" ? " t.turn_id, t.turn_name," : ""} t.kind is not null as has_question, t.verdict, t.solved_before, t.hunt_mode, t.route_next, t.found, t.already_correct,
          t.earlier_result, t.earlier_question, t.session_id,
          -- A retried attempt id answers for the question it was first sent for.
          case when t.earlier_question is null or t.earlier_question = :questionIndex::smallint then t.clue
               else (select c.clue from questions c where c.game_id = t.game_id and c.version = t.question_version and c.position = t.earlier_question) end as clue,
          ${recordingSrcSql(`case when t.earlier_question is null or t.earlier_question = :questionIndex::smallint then t.clue_recording_id
               else (select c.clue_recording_id from questions c where c.game_id = t.game_id and c.version = t.question_version and c.position = t.earlier_question) end`)} as clue_recording,
          (select is_correct from attempt) as is_correct,
          coalesce((select completed_at is not null from counted), (select completed_at is not null from student_progress where id = :progressId::uuid)) as completed,
          ${
            mode === "screen" && device === "alone"
              ? `(select json_build_object('index', n.position, 'kind', n.kind, 'questionText', n.question_text,
                  'options', case when n.kind = 'typed' then '{}'::text[] else n.options end, 'picture', ${pictureJsonSql("n")},
                  'optionPictures', ${optionPicturesJsonSql("n")},
                  'recording', ${recordingSrcSql("n.recording_id")}, 'optionRecordings', ${optionRecordingsSql("n")})
             from questions n where n.game_id = t.game_id and n.version = t.question_version and n.position = :questionIndex::smallint + 1)`
              : // Around the room the next question waits for its station to be found, and on a tablet for
                // the next child's turn: never sent with this answer.
                "null::json"
          } as next_question
   from target t`;

const RECORD_ANSWER = statement<AnswerParams>("record_answer", recordAnswerSql("screen", "alone"));
const RECORD_ROOM_ANSWER = statement<AnswerParams>("record_room_answer", recordAnswerSql("room", "alone"));
const RECORD_TABLET_ANSWER = statement<AnswerParams>("record_tablet_answer", recordAnswerSql("screen", "tablet"));
const RECORD_TABLET_ROOM_ANSWER = statement<AnswerParams>(
  "record_tablet_room_answer",
  recordAnswerSql("room", "tablet"),
);
const answerStatements = {
  screen: { alone: RECORD_ANSWER, tablet: RECORD_TABLET_ANSWER },
  room: { alone: RECORD_ROOM_ANSWER, tablet: RECORD_TABLET_ROOM_ANSWER },
} as const;

/**
 * An answer's parameters for the statement (decision 050): the option (choose all's as a mask), a
 * typed answer with its keys, or an order as the items' right places, marked here by the shared rules
 * (question-kinds.ts) since only the server knows the child's shuffle.
 */
function answerParams(input: AnswerInput, progressId: string, shuffle: OrderShuffle) {
  if (input.typedAnswer !== undefined) {
    const key = answerKey(input.typedAnswer);
    return {
      shape: "typed",
      selectedOption: -1,
      typedAnswer: input.typedAnswer,
      typedKey: key,
      looseKey: looseKey(key),
      givenOrder: null,
      orderRight: false,
    };
  }
  if (input.order !== undefined) {
    const shown = shuffle.shownOrder(progressId, input.questionIndex, input.order.length);
    const given = givenOrder(input.order, shown);
    return {
      shape: "order",
      selectedOption: -1,
      typedAnswer: null,
      typedKey: null,
      looseKey: null,
      givenOrder: given,
      orderRight: isRightOrder(given),
    };
  }
  const multi = input.selectedOptions !== undefined;
  return {
    shape: multi ? "multi" : "option",
    selectedOption: multi ? maskOf(input.selectedOptions!) : input.selectedOption!,
    typedAnswer: null,
    typedKey: null,
    looseKey: null,
    givenOrder: null,
    orderRight: false,
  };
}

/**
 * Marks one answer in a single SQL statement (one round trip, atomic on its own):
 * checks ownership, the session, the order of questions and a retried attempt id; records
 * the attempt; upserts the latest answer (the first try kept as the insert wrote it); bumps the counters; and notifies the teacher.
 *
 * The rules are those of `applyAnswer` (shared/play/progress-rules.ts), expressed so that two
 * submits at once cannot double-count: the upsert of the answer row takes that row's lock
 * and only changes a question that is not yet correct, and it alone decides the counter
 * deltas, which the progress update adds to the latest committed values.
 */
export async function recordAnswer(
  db: Db,
  shuffle: OrderShuffle,
  progressId: string,
  studentId: string,
  input: AnswerInput,
): Promise<AnswerResponse & { sessionId: string; recorded: boolean }> {
  if (!isUuid(progressId)) throw progressNotFound();
  const q = input.questionIndex;
  const att = input.attemptId;
  const answer = answerParams(input, progressId, shuffle);
  const args = {
    progressId,
    studentId,
    questionIndex: q,
    attemptId: att,
    answerShape: answer.shape,
    selectedOption: answer.selectedOption,
    typedAnswer: answer.typedAnswer,
    typedKey: answer.typedKey,
    looseKey: answer.looseKey,
    // node-postgres and PGlite both take an array literal for smallint[].
    givenOrder: answer.givenOrder && `{${answer.givenOrder.join(",")}}`,
    orderRight: answer.orderRight,
  };
  const row = await runForHuntMode(progressId, (mode) =>
    runForTablet(progressId, async (onTablet) => {
      const statement = answerStatements[mode][onTablet ? "tablet" : "alone"];
      return (await runStatement<AnswerOutcomeRow, AnswerParams>(db, statement, args))[0];
    }),
  );
  if (!row) throw await missingProgress(db, progressId, studentId);
  if (!row.owned) throw notYourProgress();
  // The next question comes with a correct answer, saving the pupil's device a round trip.
  // Answers go in order, so the next question has never been tried: nothing crossed out, no clue yet.
  const next =
    row.next_question &&
    shownToChild({ ...row.next_question, wrongOptions: [], clue: null, clueRecording: null }, progressId, shuffle);
  const result = (
    isCorrect: boolean,
    questionIndex = q,
    recorded = false,
  ): AnswerResponse & { sessionId: string; recorded: boolean } => ({
    isCorrect,
    completed: Boolean(row.completed),
    questionIndex,
    next: isCorrect && questionIndex === q ? next : null,
    // A wrong answer reveals the question's clue (decision 011); a right one needs none.
    clue: isCorrect ? null : row.clue,
    // Exactly when the clue is sent.
    clueRecording: isCorrect || row.clue === null ? null : row.clue_recording,
    nearly: false,
    // An order's wrong try says how many items are in their right place.
    inPlace: !isCorrect && answer.givenOrder && questionIndex === q ? inPlaceCount(answer.givenOrder) : null,
    sessionId: row.session_id,
    recorded,
  });
  if (row.earlier_result !== null) return result(row.earlier_result, row.earlier_question ?? q);
  if (!row.live) throw sessionEnded();
  if (!row.has_question) throw badRequest("invalid_question", playMessages.noSuchQuestion, "questionIndex");
  // Already answered correctly (a double submit from another tab): nothing changes.
  if (row.already_correct) return result(true);
  // On a tablet only the child whose turn it is answers (decision 048).
  if (row.on_tablet && row.turn_id !== progressId)
    throw new ApiError(409, "not_your_turn", tabletMessages.notYourTurn(row.turn_name ?? ""));
  // Around the room, a question is answered only at its station, found (its question was never sent before).
  if (row.hunt_mode === "room" && (row.route_next !== q || !row.found))
    throw conflict("station_not_found", stationMessages.findStationFirst);
  if (row.hunt_mode === "screen" && row.solved_before !== q) throw conflict("out_of_order", playMessages.answerInOrder);
  if (row.verdict === "unfit") throw badRequest("invalid_input", answerMessages.wrongKind);
  // Right but for its fadas, where they count: the child is told so, and it is not a try (nothing recorded, no clue).
  if (row.verdict === "nearly") return { ...result(false), clue: null, clueRecording: null, nearly: true };
  if (row.is_correct === null) {
    // The same attempt id arrived twice at the same moment; the other one recorded it.
    const [earlier] = await db
      .select({ isCorrect: answerAttempts.isCorrect })
      .from(answerAttempts)
      .where(and(eq(answerAttempts.progressId, progressId), eq(answerAttempts.clientAttemptId, att)));
    if (!earlier) throw tryAgain(playMessages.recordRetry);
    return result(earlier.isCorrect);
  }
  return result(row.is_correct, q, true);
}

/** Returns the session id, for the event the route publishes. */
export async function setHelpRequested(
  db: Db,
  progressId: string,
  studentId: string,
  requested: boolean,
): Promise<string> {
  const { session, live } = await ownedProgress(db, progressId, studentId);
  if (!live) throw sessionEnded();
  await db.update(studentProgress).set({ helpRequested: requested }).where(eq(studentProgress.id, progressId));
  return session.id;
}

/**
 * The pupil's play state as their screen gets it. A station of their route without its card yet
 * (a game saved before cards were made, in a session started before then) gets it first, once.
 */
export async function currentPlayState(
  db: Db,
  shuffle: OrderShuffle,
  progressId: string,
  studentId: string,
): Promise<PlayState> {
  const read = await playStateWithCards(db, shuffle, progressId, studentId);
  return read.onTablet ? tabletPlayState(db, shuffle, read.state, studentId) : read.state;
}

async function playStateWithCards(db: Db, shuffle: OrderShuffle, progressId: string, studentId: string) {
  const read = await readPlayState(db, shuffle, progressId, studentId);
  if (read.cardsMissingFor === null) return read;
  const gameId = read.cardsMissingFor;
  await db.transaction((tx) => ensureStationCards(tx, gameId));
  return readPlayState(db, shuffle, progressId, studentId);
}

/**
 * A tablet's play state (decision 048): the state of the child whose turn it is, whichever of its
 * children was asked for (the device owns them all), with the tablet's children; once all have
 * finished, the asked child's.
 */
async function tabletPlayState(db: Db, shuffle: OrderShuffle, asked: PlayState, studentId: string): Promise<PlayState> {
  rememberOnTablet(asked.progressId);
  const players = await readTablet(db, asked.progressId);
  const turn = turnOf(players);
  const state =
    turn && turn.progressId !== asked.progressId
      ? (await playStateWithCards(db, shuffle, turn.progressId, studentId)).state
      : asked;
  const tablet = {
    players: players.map(({ seat: _seat, ...player }) => player),
    turn: turn?.progressId ?? null,
  };
  return { ...state, tablet };
}
