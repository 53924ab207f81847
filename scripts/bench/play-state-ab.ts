/**
 * `npx tsx scripts/bench/play-state-ab.ts [--db=pglite|postgres] [--rounds=N]`: A/B of the play
 * state's read (decision 033): the statement without the hunt mode (before) and
 * readPlayState (after), called alternately on the same database and the same 30 pupils mid-game,
 * so a busy machine slows both alike; and readPlayState for the same class around the room.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../../src/server/db/client.ts";
import { runStatement, statement } from "../../src/server/db/prepared.ts";
import { users } from "../../src/server/db/schema.ts";
import { sessionIsLiveSql } from "../../src/server/db/session-live.ts";
import { createGame } from "../../src/server/games/game-commands.ts";
import { pictureJsonSql } from "../../src/server/images/picture-sql.ts";
import { createOrderShuffle } from "../../src/server/play/order-shuffle.ts";
import { joinGroup, recordAnswer } from "../../src/server/play/play-commands.ts";
import { readPlayState } from "../../src/server/play/play-queries.ts";
import { findStation } from "../../src/server/play/station-find-commands.ts";
import { findSessionResults } from "../../src/server/results/results-queries.ts";
import { startSession } from "../../src/server/sessions/session-commands.ts";
import { CreateGameSchema } from "../../src/shared/games/game-contracts.ts";
import { groupNumberOf } from "../../src/shared/stations/pupil-hunt.ts";
import { routeOf } from "../../src/shared/stations/station-rules.ts";
import { createScratchDatabase } from "../lib/scratch-database.ts";

/** The order questions' shuffle, as the app makes it from its secret (decision 050). */
const shuffle = createOrderShuffle("not-a-secret");

const OLD = statement<"progressId">(
  "read_play_state_before_issue_29",
  `select p.student_id, p.student_name, p.group_identifier, p.completed_questions_count, p.help_requested,
          p.completed_at is not null as completed, s.question_count, g.title as game_title, g.ai_last_used_subject as game_subject,
          g.language as game_language, s.pupil_language,
          ${sessionIsLiveSql("s")} as live,
          s.sound_effects, p.first_attempt_correct_count,
          cur.position as current_index, cur.question_text, cur.options, wrong.options as wrong_options,
          case when cardinality(wrong.options) > 0 then cur.clue end as clue,
          ${pictureJsonSql("cur")} as picture
   from student_progress p
   join game_sessions s on s.id = p.session_id
   join games g on g.id = s.game_id
   left join lateral (
     select q.position, q.question_text, q.options, q.clue, q.image_id, q.image_alt from questions q
     where q.game_id = s.game_id and q.version = s.question_version
       and not exists (select 1 from progress_answers a where a.progress_id = p.id and a.question_index = q.position and a.is_correct)
     order by q.position limit 1
   ) cur on true
   left join lateral (
     select coalesce(array_agg(distinct w.selected_option::int order by w.selected_option::int), '{}') as options
     from answer_attempts w
     where w.progress_id = p.id and w.question_index = cur.position and not w.is_correct
   ) wrong on true
   where p.id = :progressId::uuid`,
);

/** The screen statement with the hunt mode as it reaches the database: the one before, plus the session's hunt mode. */
const NEW_ALONE = statement<"progressId">(
  "read_play_state_after_issue_29_alone",
  `select p.student_id, p.student_name, p.group_identifier, p.completed_questions_count, p.help_requested,
          p.completed_at is not null as completed, s.question_count, g.title as game_title, g.ai_last_used_subject as game_subject,
          g.language as game_language, s.pupil_language, s.hunt_mode,
          ${sessionIsLiveSql("s")} as live,
          s.sound_effects, p.first_attempt_correct_count,
          cur.position as current_index, cur.question_text, cur.options, wrong.options as wrong_options,
          case when cardinality(wrong.options) > 0 then cur.clue end as clue,
          ${pictureJsonSql("cur")} as picture
   from student_progress p
   join game_sessions s on s.id = p.session_id
   join games g on g.id = s.game_id
   left join lateral (
     select q.position, q.question_text, q.options, q.clue, q.image_id, q.image_alt from questions q
     where q.game_id = s.game_id and q.version = s.question_version
       and not exists (select 1 from progress_answers a where a.progress_id = p.id and a.question_index = q.position and a.is_correct)
     order by q.position limit 1
   ) cur on true
   left join lateral (
     select coalesce(array_agg(distinct w.selected_option::int order by w.selected_option::int), '{}') as options
     from answer_attempts w
     where w.progress_id = p.id and w.question_index = cur.position and not w.is_correct
   ) wrong on true
   where p.id = :progressId::uuid`,
);

const kind = process.argv.find((a) => a.startsWith("--db="))?.split("=")[1] ?? "pglite";
const ROUNDS = Number(process.argv.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? "40");
const PUPILS = 30;
const QUESTIONS = 10;
const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length * 0.95)]!;
const fmt = (v: number[]) => `median ${med(v).toFixed(3)} ms, p95 ${p95(v).toFixed(3)} ms (${v.length} calls)`;

const scratch =
  kind === "postgres"
    ? await createScratchDatabase("postgres://postgres@127.0.0.1:5432/postgres", "cluehunt_ab")
    : null;
const database = await openDatabase(
  scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: undefined },
);
const { db } = database;
try {
  const teacherId = randomUUID();
  await db.insert(users).values({ id: teacherId, name: "Bench", email: `${teacherId}@bench.test`, role: "teacher" });
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    questionText: `What is ${i} + 1?`,
    options: [`${i + 1}`, `${i + 2}`, `${i + 3}`, `${i + 4}`],
    correctAnswer: 0,
    clue: "Count on by one.",
    hidingPlace: "under the globe",
  }));
  const game = await createGame(db, teacherId, CreateGameSchema.parse({ title: "Bench", questions }));
  const screen = await startSession(db, teacherId, { gameId: game.id, groupCount: 6 });
  const room = await startSession(db, teacherId, { gameId: game.id, groupCount: 6, huntMode: "room" });
  const tokens = (
    await queryRows<{ token: string }>(
      db,
      sql`select c.token from station_cards c join questions q on q.station_key = c.station_key where q.game_id = ${game.id} order by q.position`,
    )
  ).map((r) => r.token);
  const pupils = async (sessionId: string) => {
    const groups = (await findSessionResults(db, sessionId, teacherId))!.session.groups;
    const out: Array<{ studentId: string; progressId: string; group: string }> = [];
    for (let i = 0; i < PUPILS; i++) {
      const g = groups[i % groups.length]!;
      const studentId = randomUUID();
      const { progressId } = await joinGroup(db, studentId, { code: g.joinCode, groupId: g.id, name: `P${i}` });
      out.push({ studentId, progressId, group: g.groupIdentifier });
    }
    return out;
  };
  const onScreen = await pupils(screen.id);
  const around = await pupils(room.id);
  // Mid-game: three questions answered right, a wrong try at the fourth (found, around the room).
  for (const p of onScreen) {
    for (let q = 0; q < 3; q++)
      await recordAnswer(db, shuffle, p.progressId, p.studentId, {
        questionIndex: q,
        selectedOption: 0,
        attemptId: randomUUID(),
      });
    await recordAnswer(db, shuffle, p.progressId, p.studentId, {
      questionIndex: 3,
      selectedOption: 1,
      attemptId: randomUUID(),
    });
  }
  for (const p of around) {
    const route = routeOf(groupNumberOf(p.group), QUESTIONS);
    for (let step = 0; step < 4; step++) {
      const q = route[step]!;
      await findStation(db, p.progressId, p.studentId, { token: tokens[q]! });
      await recordAnswer(db, shuffle, p.progressId, p.studentId, {
        questionIndex: q,
        selectedOption: step < 3 ? 0 : 1,
        attemptId: randomUUID(),
      });
    }
  }
  const before: number[] = [],
    after: number[] = [],
    beforeAlone: number[] = [],
    afterAlone: number[] = [],
    roomAfter: number[] = [];
  const time = async (into: number[], run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    into.push(performance.now() - t);
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < PUPILS; i++) {
      const p = onScreen[i]!;
      const r = around[i]!;
      // Before: main's statement and main's presentation of its row (as readPlayState did).
      const old = async () => {
        const [row] = await runStatement<Record<string, unknown>, "progressId">(db, OLD, { progressId: p.progressId });
        if (!row || row.student_id !== p.studentId) throw new Error("not found");
        return {
          progressId: p.progressId,
          studentName: row.student_name,
          gameTitle: row.game_title,
          gameSubject: row.game_subject,
          pupilLanguage: row.pupil_language,
          questionLanguage: row.game_language,
          groupIdentifier: row.group_identifier,
          questionCount: row.question_count,
          completedQuestionsCount: row.completed_questions_count,
          sessionActive: row.live,
          helpRequested: row.help_requested,
          completed: row.completed,
          current:
            row.current_index === null
              ? null
              : {
                  index: row.current_index,
                  questionText: row.question_text,
                  options: row.options,
                  wrongOptions: row.wrong_options ?? [],
                  clue: row.clue,
                  picture: row.picture,
                },
          soundEffects: row.sound_effects,
          correctFirstTimeCount: row.first_attempt_correct_count,
        };
      };
      const now = () => readPlayState(db, shuffle, p.progressId, p.studentId);
      if ((round + i) % 2 === 0) {
        await time(before, old);
        await time(after, now);
      } else {
        await time(after, now);
        await time(before, old);
      }
      await time(roomAfter, () => readPlayState(db, shuffle, r.progressId, r.studentId));
      // The two statements alone, without the code around them.
      await time(beforeAlone, () => runStatement(db, OLD, { progressId: p.progressId }));
      await time(afterAlone, () => runStatement(db, NEW_ALONE, { progressId: p.progressId }));
    }
  }
  const skip = (v: number[]) => v.slice(PUPILS);
  console.log(`${kind.padEnd(8)} play state on screen, before (main's statement)   ${fmt(skip(before))}`);
  console.log(`${kind.padEnd(8)} play state on screen, after  (this branch)        ${fmt(skip(after))}`);
  console.log(`${kind.padEnd(8)} the statement alone, before                       ${fmt(skip(beforeAlone))}`);
  console.log(`${kind.padEnd(8)} the statement alone, after                        ${fmt(skip(afterAlone))}`);
  console.log(`${kind.padEnd(8)} play state around the room (this branch)          ${fmt(skip(roomAfter))}`);
} finally {
  await database.close();
  await scratch?.drop();
}
