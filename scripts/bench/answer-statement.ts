/**
 * `npx tsx scripts/bench/answer-statement.ts [--db=pglite|postgres|all] [--pupils=N] [--questions=N] [--option-pictures]`: the
 * time of the hot-path statements themselves, without HTTP: the code lookup and the join,
 * recordAnswer (a wrong and a right answer), readPlayState and the teacher's results (while the class joins, and once
 * every pupil has answered every question, two tries each), called in this process on a fresh database;
 * then the same class around the room: a station found by its token, the answers and the play state with the hunt. The HTTP
 * benchmark (`npm run bench`) measures whole requests under load; this isolates the SQL, so a
 * change to a statement can be compared before and after even on a busy machine (it reports
 * medians of many calls). `--option-pictures`: every question's four options have pictures
 * (decision 038), so the statements build four option pictures each.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { type Database, openDatabase, queryRows } from "../../src/server/db/client.ts";
import { images, users } from "../../src/server/db/schema.ts";
import { createGame } from "../../src/server/games/game-commands.ts";
import { createOrderShuffle } from "../../src/server/play/order-shuffle.ts";
import { joinGroup, recordAnswer } from "../../src/server/play/play-commands.ts";
import { lookupJoinCode, readPlayState } from "../../src/server/play/play-queries.ts";
import { findStation } from "../../src/server/play/station-find-commands.ts";
import { findSessionResults } from "../../src/server/results/results-queries.ts";
import { startSession } from "../../src/server/sessions/session-commands.ts";
import { CreateGameSchema } from "../../src/shared/games/game-contracts.ts";
import { groupNumberOf } from "../../src/shared/stations/pupil-hunt.ts";
import { routeOf } from "../../src/shared/stations/station-rules.ts";
import { createScratchDatabase } from "../lib/scratch-database.ts";

/** The order questions' shuffle, as the app makes it from its secret (decision 050). */
const shuffle = createOrderShuffle("not-a-secret");

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const dbs = arg("db", "all") === "all" ? ["pglite", "postgres"] : [arg("db", "all")];
const pupils = Number(arg("pupils", "30"));
const QUESTIONS = Number(arg("questions", "10"));
const optionPictures = process.argv.includes("--option-pictures");
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const fmt = (values: number[]) =>
  `median ${percentile(values, 50).toFixed(2)} ms, p95 ${percentile(values, 95).toFixed(2)} ms (${values.length} calls)`;

async function timed<T>(into: number[], run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await run();
  into.push(performance.now() - start);
  return result;
}

async function measure(database: Database) {
  const { db } = database;
  const teacherId = randomUUID();
  await db
    .insert(users)
    .values({ id: teacherId, name: "Bench Teacher", email: `${teacherId}@bench.test`, role: "teacher" });
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    questionText: `What is ${i} + 1?`,
    options: [`${i + 1}`, `${i + 2}`, `${i + 3}`, `${i + 4}`],
    correctAnswer: 0,
    clue: "Count on by one.",
  }));
  if (optionPictures) {
    // Four picture rows of the teacher's (the bytes are never read by the statements measured).
    const pictures = await db
      .insert(images)
      .values(
        [0, 1, 2, 3].map((k) => ({
          ownerId: teacherId,
          sha256: `bench-${k}`,
          width: 640,
          height: 480,
          bytes: Buffer.alloc(1000, k),
        })),
      )
      .returning({ id: images.id });
    for (const q of questions) Object.assign(q, { optionImageIds: pictures.map((p) => p.id) });
  }
  const game = await createGame(db, teacherId, CreateGameSchema.parse({ title: "Bench", questions }));
  const session = await startSession(db, teacherId, { gameId: game.id, groupCount: 1 });
  const results = await findSessionResults(db, session.id, teacherId);
  const group = results!.session.groups[0]!;

  const players: Array<{ studentId: string; progressId: string }> = [];
  const lookup: number[] = [],
    join: number[] = [],
    liveResults: number[] = [];
  for (let i = 0; i < pupils; i++) {
    // A pupil's device id (decision 014): no account behind it.
    const studentId = randomUUID();
    await timed(lookup, () => lookupJoinCode(db, group.joinCode));
    const { progressId } = await timed(join, () =>
      joinGroup(db, studentId, { code: group.joinCode, groupId: group.id, name: `Pupil ${i}` }),
    );
    players.push({ studentId, progressId });
    if (i % 10 === 9) await timed(liveResults, () => findSessionResults(db, session.id, teacherId));
  }

  const wrong: number[] = [],
    right: number[] = [],
    state: number[] = [];
  // Warm up: the first call on a connection prepares the statement.
  for (const p of players.slice(0, 2)) await readPlayState(db, shuffle, p.progressId, p.studentId);
  for (let q = 0; q < QUESTIONS; q++) {
    for (const p of players) {
      await timed(wrong, () =>
        recordAnswer(db, shuffle, p.progressId, p.studentId, {
          questionIndex: q,
          selectedOption: 1,
          attemptId: randomUUID(),
        }),
      );
      await timed(state, () => readPlayState(db, shuffle, p.progressId, p.studentId));
      await timed(right, () =>
        recordAnswer(db, shuffle, p.progressId, p.studentId, {
          questionIndex: q,
          selectedOption: 0,
          attemptId: randomUUID(),
        }),
      );
    }
  }
  // The results page of a class that has answered everything: the largest document it reads.
  const answeredResults: number[] = [];
  await findSessionResults(db, session.id, teacherId);
  for (let k = 0; k < 20; k++) await timed(answeredResults, () => findSessionResults(db, session.id, teacherId));
  const room = await measureRoom(database, teacherId, game.id);
  return {
    ...room,
    wrong: wrong.slice(5),
    right: right.slice(5),
    state: state.slice(5),
    lookup: lookup.slice(5),
    join: join.slice(5),
    results: liveResults,
    answeredResults,
  };
}

/** The same class around the room: each pupil finds each station by its token, then answers it wrongly and rightly. */
async function measureRoom(database: Database, teacherId: string, gameId: string) {
  const { db } = database;
  const session = await startSession(db, teacherId, { gameId, groupCount: 6, huntMode: "room" });
  const results = await findSessionResults(db, session.id, teacherId);
  const tokens = (
    await queryRows<{ token: string; position: number }>(
      db,
      sql`select c.token, q.position from station_cards c join questions q on q.station_key = c.station_key
          where q.game_id = ${gameId} order by q.position`,
    )
  ).map((r) => r.token);
  const players: Array<{ studentId: string; progressId: string; route: number[] }> = [];
  for (let i = 0; i < pupils; i++) {
    const group = results!.session.groups[i % results!.session.groups.length]!;
    const studentId = randomUUID();
    const { progressId } = await joinGroup(db, studentId, {
      code: group.joinCode,
      groupId: group.id,
      name: `Pupil ${i}`,
    });
    players.push({ studentId, progressId, route: routeOf(groupNumberOf(group.groupIdentifier), QUESTIONS) });
  }
  const find: number[] = [],
    wrong: number[] = [],
    right: number[] = [],
    state: number[] = [];
  for (const p of players.slice(0, 2)) await readPlayState(db, shuffle, p.progressId, p.studentId);
  for (let step = 0; step < QUESTIONS; step++) {
    for (const p of players) {
      const q = p.route[step]!;
      await timed(find, () => findStation(db, p.progressId, p.studentId, { token: tokens[q]! }));
      await timed(wrong, () =>
        recordAnswer(db, shuffle, p.progressId, p.studentId, {
          questionIndex: q,
          selectedOption: 1,
          attemptId: randomUUID(),
        }),
      );
      await timed(state, () => readPlayState(db, shuffle, p.progressId, p.studentId));
      await timed(right, () =>
        recordAnswer(db, shuffle, p.progressId, p.studentId, {
          questionIndex: q,
          selectedOption: 0,
          attemptId: randomUUID(),
        }),
      );
    }
  }
  return { roomFind: find.slice(5), roomWrong: wrong.slice(5), roomRight: right.slice(5), roomState: state.slice(5) };
}

async function main() {
  for (const kind of dbs) {
    const scratch = kind === "postgres" ? await createScratchDatabase(adminUrl, "cluehunt_bench") : null;
    const database = await openDatabase(
      scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: undefined },
    );
    try {
      const r = await measure(database);
      console.log(`${kind.padEnd(8)} code lookup     ${fmt(r.lookup)}`);
      console.log(`${kind.padEnd(8)} join            ${fmt(r.join)}`);
      console.log(`${kind.padEnd(8)} results (live)  ${fmt(r.results)}`);
      console.log(`${kind.padEnd(8)} results (done)  ${fmt(r.answeredResults)}`);
      console.log(`${kind.padEnd(8)} answer (wrong)  ${fmt(r.wrong)}`);
      console.log(`${kind.padEnd(8)} answer (right)  ${fmt(r.right)}`);
      console.log(`${kind.padEnd(8)} play state      ${fmt(r.state)}`);
      console.log(`${kind.padEnd(8)} room: find      ${fmt(r.roomFind)}`);
      console.log(`${kind.padEnd(8)} room: wrong     ${fmt(r.roomWrong)}`);
      console.log(`${kind.padEnd(8)} room: right     ${fmt(r.roomRight)}`);
      console.log(`${kind.padEnd(8)} room: state     ${fmt(r.roomState)}`);
    } finally {
      await database.close();
      await scratch?.drop();
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
