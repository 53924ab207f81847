import { GROUP_IDENTIFIERS } from "../../shared/games/curriculum.ts";
import { clueWasShown } from "../../shared/play/progress-rules.ts";
import {
  type FirstAnswerRow,
  firstAnswerRows,
  firstAnswersOf,
  type WrongFirstTry,
} from "../../shared/results/first-answers.ts";
import {
  foldWrongAnswers,
  type ResultAnswer,
  type ResultQuestion,
  type SessionResults,
  type StudentResult,
} from "../../shared/results/results.ts";
import { stationSymbolOf } from "../../shared/stations/station-rules.ts";
import type { Db } from "../db/client.ts";
import { runStatement, statement } from "../db/prepared.ts";
import { isUuid } from "../db/uuid.ts";
import { optionPicturesJsonSql, pictureJsonSql } from "../images/picture-sql.ts";
import { optionRecordingIdsSql } from "../recordings/recording-sql.ts";
import {
  fromJson,
  type GameStation,
  GROUP_ORDER,
  type GroupRow,
  presentGroups,
  SESSION_GAMES_JSON,
  SESSION_GROUPS_JSON,
  SESSION_STATIONS_JSON,
} from "../sessions/session-queries.ts";

/**
 * How many different wrong texts of a typed question the statement reads, most common first: enough
 * to fold into the few the page lists, never a document that grows with every misspelling.
 */
const WRONG_TEXTS_READ = 50;

/** A timestamp as the ISO 8601 text JavaScript writes (UTC, milliseconds). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A question's right answer as the results read it: choose all's right options are stored as a mask
 * (decision 050), given here as their indices, as the games API gives them (game-queries.ts).
 */
const KIND_ANSWER_COLUMNS = `'correctAnswer', case when q.kind = 'multi' then 0 else q.correct_answer end,
   'correctAnswers', case when q.kind = 'multi' then array(select k from generate_series(0, 3) k where q.correct_answer & (1 << k) <> 0) end`;

/**
 * The typed questions' wrong tries across the session's pupils, in one pass over their attempts:
 * per game and question, each text as typed with how many tries gave it, the most common first and
 * at most WRONG_TEXTS_READ of them (folded together by answerKey afterwards, which SQL cannot do).
 * Only a typed answer has a text, and a session without typed questions reads no attempts at all.
 * The texts are grouped byte by byte (collate "C"): the same in both databases, and a cheaper sort.
 * "Nearly" answers are not recorded, so never counted.
 */
const WRONG_TYPED_JSON = `case when exists (select 1 from session_groups kg join questions kq on kq.game_id = kg.game_id and kq.version = kg.question_version
                               where kg.session_id = s.id and kq.kind = 'typed') then
     (select json_agg(json_build_array(w.game_id, w.question_index, w.typed_answer, w.tries))
        from (select c.*, row_number() over (partition by c.game_id, c.question_index order by c.tries desc, c.typed_answer) as rank
                from (select tg.game_id, t.question_index, t.typed_answer collate "C" as typed_answer, count(*) as tries
                        from student_progress tp
                        join session_groups tg on tg.id = tp.group_id
                        join answer_attempts t on t.progress_id = tp.id
                       where tp.session_id = s.id and t.typed_answer is not null and not t.is_correct
                       group by 1, 2, 3) c) w
       where w.rank <= ${WRONG_TEXTS_READ})
   end`;

/**
 * A pupil's latest answer to a question as a row of values (names cost the database more to write, and
 * the server more to parse, than the values, for the 3,000 answers of a class of 200): question, option
 * (or choose all's mask, or -1), right, ever wrong, attempts, the typed text, the order given, and
 * when the first try was wrong that first try as [option, typed text, order]. Each answer row keeps its
 * first try (written by the first answer's insert, never changed after); a question whose first try was
 * right is answered by it, so its latest answer is that try. `answerOf` names the values.
 */
const ANSWER_ROW = `json_build_array(a.question_index, a.selected_option, a.is_correct, a.was_ever_incorrect, a.attempts,
     a.typed_answer, a.given_order,
     case when a.was_ever_incorrect and a.first_selected_option is not null
          then json_build_array(a.first_selected_option, a.first_typed_answer, a.first_given_order) end)`;

/** An answer as the statement gives it (ANSWER_ROW). */
type AnswerRow = [
  number,
  number,
  boolean,
  boolean,
  number,
  string | null,
  number[] | null,
  [number, string | null, number[] | null] | null,
];

const SESSION_RESULTS = statement<"sessionId" | "teacherId">(
  "session_results",
  `select json_build_object(
     'session', json_build_object(
       'id', s.id, 'gameId', s.game_id, 'gameTitle', g.title, 'gameDescription', g.description, 'status', s.status,
       'startTime', ${iso("s.start_time")}, 'endTime', ${iso("s.end_time")}, 'closesAt', ${iso("s.closes_at")}, 'maxDuration', s.max_duration, 'questionCount', s.question_count,
       'pupilLanguage', s.pupil_language, 'huntMode', s.hunt_mode, 'games', ${SESSION_GAMES_JSON},
       'groups', ${SESSION_GROUPS_JSON}),
     'stations', ${SESSION_STATIONS_JSON},
     'wrongTyped', ${WRONG_TYPED_JSON},
     'questions', (select coalesce(json_agg(json_build_object('gameId', q.game_id, 'index', q.position, 'questionText', q.question_text,
                        'kind', q.kind, 'options', q.options, 'fadasCount', q.fadas_count,
                        ${KIND_ANSWER_COLUMNS},
                        'optionNotes', q.option_notes, 'clue', q.clue, 'picture', ${pictureJsonSql("q")}, 'optionPictures', ${optionPicturesJsonSql("q")},
                        'recordingId', q.recording_id, 'clueRecordingId', q.clue_recording_id, 'optionRecordingIds', ${optionRecordingIdsSql("q")})
                     order by v.first, q.position), '[]')
                   from (select sg.game_id, min(sg.question_version) as question_version,
                                min(array_position('${GROUP_ORDER}'::text[], sg.group_identifier)) as first
                         from session_groups sg where sg.session_id = s.id group by sg.game_id) v
                   join questions q on q.game_id = v.game_id and q.version = v.question_version),
     'students', (select coalesce(json_agg(json_build_object(
                     'progressId', p.id, 'studentName', p.student_name, 'groupIdentifier', p.group_identifier,
                     'gameId', (select pg.game_id from session_groups pg where pg.id = p.group_id),
                     'completedQuestionsCount', p.completed_questions_count, 'firstAttemptCorrectCount', p.first_attempt_correct_count,
                     'helpRequested', p.help_requested, 'startedAt', ${iso("p.started_at")}, 'completedAt', ${iso("p.completed_at")},
                     'finds', (select coalesce(json_agg(json_build_object('questionIndex', f.question_index, 'foundAt', ${iso("f.found_at")})
                                  order by f.question_index), '[]')
                               from station_finds f where f.progress_id = p.id),
                     'answers', coalesce(pa.answers, '[]'))
                   order by p.started_at, p.student_name), '[]')
                  from student_progress p
                  left join lateral (select json_agg(${ANSWER_ROW} order by a.question_index) as answers
                                       from progress_answers a where a.progress_id = p.id) pa on true
                  where p.session_id = s.id)
   ) as results
   from game_sessions s join games g on g.id = s.game_id
   where s.id = :sessionId::uuid and s.host_teacher_id = :teacherId::text`,
);

/**
 * The results as the statement builds them: groups' trails as counts, the session's stations beside,
 * students without their tablet (their group's member has it).
 */
type ResultsRow = Omit<SessionResults, "session" | "retention" | "students" | "questions"> & {
  questions: Omit<ResultQuestion, "commonWrongAnswers" | "firstAnswers">[];
  /** The typed questions' wrong texts as [game, question, text, tries], not yet folded; null when none. */
  wrongTyped: [string, number, string, number][] | null;
  /** Each pupil with their answers as rows of values. */
  students: (Omit<StudentResult, "tablet" | "answers"> & { answers: AnswerRow[] })[];
  session: Omit<SessionResults["session"], "groups"> & { groups: GroupRow[] };
  stations: GameStation[] | null;
};

/**
 * A session's results for its host, built by the database as one JSON document in one
 * statement: the session, its games and its groups, every game's questions (game by game in the
 * order of `session.games`; a typed question with its most common wrong answers), and every student
 * with their latest answer (a typed text, an order given) and number of attempts per question, around the room when they found each station, and on a tablet who else is on it and
 * whose turn it is. A teacher's live page asks for this up to twice a second, so it must be one
 * round trip, whatever the class size.
 */
export async function findSessionResults(db: Db, sessionId: string, teacherId: string): Promise<SessionResults | null> {
  if (!isUuid(sessionId)) return null;
  const [row] = await runStatement<{ results: ResultsRow | string }, "sessionId" | "teacherId">(db, SESSION_RESULTS, {
    sessionId,
    teacherId,
  });
  if (!row) return null;
  const {
    stations,
    session,
    students: studentRows,
    questions: questionRows,
    wrongTyped,
    ...rest
  } = fromJson(row.results);
  // Each answer named, and the wrong first tries beside (the first answers are counted from them).
  const rows = studentRows.map((student) => {
    const wrongFirstTries: WrongFirstTry[] = [];
    const answers = student.answers.map(
      ([questionIndex, selectedOption, isCorrect, wasEverIncorrect, attempts, typed, order, first]) => {
        if (first) wrongFirstTries.push([questionIndex, first[0], first[1], first[2]]);
        const answer: ResultAnswer = {
          questionIndex,
          selectedOption,
          isCorrect,
          wasEverIncorrect,
          attempts,
          clueShown: false,
        };
        if (typed !== null) answer.typedAnswer = typed;
        if (order !== null) answer.givenOrder = order;
        return answer;
      },
    );
    return { ...student, answers, wrongFirstTries };
  });
  // A question is known by its game and its index there: each pupil answered their own game's.
  const key = (gameId: string, index: number) => `${gameId}:${index}`;
  const wrongTexts = new Map<string, { text: string; count: number }[]>();
  for (const [gameId, index, text, count] of wrongTyped ?? []) {
    const texts = wrongTexts.get(key(gameId, index)) ?? [];
    texts.push({ text, count });
    wrongTexts.set(key(gameId, index), texts);
  }
  // The first answers: each answer's first try, the wrong ones as the statement found them.
  const firstRows = new Map<string, FirstAnswerRow[]>();
  for (const row of firstAnswerRows(rows)) {
    const rowsOf = firstRows.get(key(row[0], row[1])) ?? [];
    rowsOf.push(row);
    firstRows.set(key(row[0], row[1]), rowsOf);
  }
  const groupOrder = GROUP_IDENTIFIERS.filter((g) => session.groups.some((sg) => sg.groupIdentifier === g));
  // Each pupil's tablet (decision 048) as the statement worked it out for their group's member.
  const tabletOf = new Map(session.groups.flatMap((g) => g.members.map((m) => [m.progressId, m.tablet] as const)));
  const results = {
    ...rest,
    // A typed question's wrong answers as the teacher reads them: the ones the marking cannot tell apart as one.
    questions: questionRows.map(
      (q): ResultQuestion => ({
        ...q,
        commonWrongAnswers: q.kind === "typed" ? foldWrongAnswers(wrongTexts.get(key(q.gameId, q.index)) ?? []) : null,
        firstAnswers: firstAnswersOf(q, firstRows.get(key(q.gameId, q.index)) ?? [], groupOrder),
      }),
    ),
    students: rows.map((s): StudentResult => ({ ...s, tablet: tabletOf.get(s.progressId) ?? null })),
  };
  // Whether each pupil saw each clue follows from the stored answer by the shared rule.
  const questionAt = new Map(results.questions.map((q) => [key(q.gameId, q.index), q]));
  for (const student of results.students) {
    for (const answer of student.answers) {
      const question = questionAt.get(key(student.gameId, answer.questionIndex));
      answer.clueShown = question ? clueWasShown(question, answer) : false;
    }
  }
  // Around the room, each question names its station card (a card not made yet: its place).
  const numberAt = new Map(stations?.map((s) => [key(s.gameId, s.questionIndex), s.number]));
  for (const question of results.questions) {
    const number = numberAt.get(key(question.gameId, question.index)) ?? question.index + 1;
    question.station = stations ? { number, symbol: stationSymbolOf(number) } : null;
  }
  return { ...results, session: { ...session, groups: presentGroups(session.groups, stations) } };
}
