/**
 * `npm run bench:results -- [--db=pglite|postgres|all] [--pupils=200] [--reads=300] [--label=name]`: the
 * time of the teacher's results read for a big class, the statement alone and the whole HTTP GET.
 * A fresh database gets a session of 6 groups with `--pupils` pupils (200 unless told) who answer all
 * 15 questions of a game of every kind (10 four-option, true or false, two typed, choose all, order)
 * through the real play commands, about a third of them wrong first (one or two wrong tries, then
 * right; typed wrong answers in a few spellings). Then, after a warm-up, `--reads` reads of
 * findSessionResults in this process and as many GETs of /api/sessions/:id/results from the real
 * app on loopback (signed in as the session's teacher), alternating, with p50 / p90 / p99 of each,
 * and the CPU time this process spent per statement read.
 * One line per database, prefixed by `--label`, so runs of two commits can be interleaved and compared.
 * Uses only what main had before first answers, so it can be copied to an older worktree.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { openDatabase, queryRows } from "../../src/server/db/client.ts";
import { createGame } from "../../src/server/games/game-commands.ts";
import { createOrderShuffle } from "../../src/server/play/order-shuffle.ts";
import { joinGroup, recordAnswer } from "../../src/server/play/play-commands.ts";
import { readPlayState } from "../../src/server/play/play-queries.ts";
import { findSessionResults } from "../../src/server/results/results-queries.ts";
import { startSession } from "../../src/server/sessions/session-commands.ts";
import { CreateGameSchema } from "../../src/shared/games/game-contracts.ts";
import { createScratchDatabase } from "../lib/scratch-database.ts";
import { freePort } from "./server-process.ts";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const dbs = arg("db", "all") === "all" ? ["pglite", "postgres"] : [arg("db", "all")];
const PUPILS = Number(arg("pupils", "200"));
const READS = Number(arg("reads", "300"));
const label = arg("label", "");
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const ORDER_ITEMS = ["Seed", "Sprout", "Sapling", "Tree"];
const TYPED_WRONG = ["sevn", "Sevn.", "six", "Six", "7 ", "severn", "sevem"];
const questions = [
  ...Array.from({ length: 10 }, (_, i) => ({
    questionText: `Which fraction is the biggest? (${i + 1})`,
    options: ["1/2", "1/3", "1/4", "1/8"],
    correctAnswer: 0,
    clue: "The bottom number says how many parts.",
  })),
  { kind: "truefalse", questionText: "2/4 is the same as 1/2.", options: [], correctAnswer: 0 },
  { kind: "typed", questionText: "Write 3 + 4 in words.", options: ["seven"] },
  { kind: "typed", questionText: "Cad é 'bread'?", options: ["arán"], fadasCount: true },
  { kind: "multi", questionText: "Which are halves?", options: ["2/4", "1/3", "3/6", "2/3"], correctAnswers: [0, 2] },
  { kind: "order", questionText: "Put them in order.", options: ORDER_ITEMS },
];

/** A small deterministic generator, so every run (and every commit) answers the same way. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms  p90 ${percentile(sorted, 0.9).toFixed(1)} ms  p99 ${percentile(sorted, 0.99).toFixed(1)} ms`;
};

async function measure(kind: string) {
  const scratch = kind === "postgres" ? await createScratchDatabase(adminUrl, "cluehunt_bench_results") : null;
  const database = await openDatabase(
    scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: undefined },
  );
  const port = await freePort();
  const app = await buildApp({
    config: loadConfig({ PORT: String(port), LOG_LEVEL: "warn", ORDER_SECRET: "bench-not-a-secret" }),
    database,
    logger: false,
    print: () => {},
  });
  try {
    await app.listen({ port, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${port}`;
    const email = `bench-${Date.now()}@scoil.ie`;
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({ displayName: "Bench Teacher", email, password: "password-123" }),
    });
    if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
    const cookie = signup.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const teacherId = ((await signup.json()) as { user: { id: string } }).user.id;

    const { db } = database;
    const shuffle = createOrderShuffle("bench-not-a-secret");
    const game = await createGame(db, teacherId, CreateGameSchema.parse({ title: "Fractions (bench)", questions }));
    const session = await startSession(db, teacherId, { gameId: game.id, groupCount: 6 });
    const groups = (await findSessionResults(db, session.id, teacherId))!.session.groups;
    const next = random(42);
    const fillStart = performance.now();
    for (let i = 0; i < PUPILS; i++) {
      const group = groups[i % groups.length]!;
      const studentId = crypto.randomUUID();
      const { progressId } = await joinGroup(db, studentId, {
        code: group.joinCode,
        groupId: group.id,
        name: `Pupil ${i}`,
      });
      let attempt = 0;
      const send = (body: Record<string, unknown>) =>
        recordAnswer(db, shuffle, progressId, studentId, {
          attemptId: `bench-${i}-${attempt++}`,
          ...body,
        } as Parameters<typeof recordAnswer>[4]);
      for (const [q, question] of questions.entries()) {
        // About a third wrong first, and some of those twice.
        const wrongTries = next() < 0.35 ? (next() < 0.3 ? 2 : 1) : 0;
        const kindOf = (question as { kind?: string }).kind ?? "choice";
        // An order is sent as places of the items as this child was shown them.
        const shown =
          kindOf === "order" ? (await readPlayState(db, shuffle, progressId, studentId)).state.current!.options : [];
        const placesOf = (items: string[]) => items.map((item) => shown.indexOf(item));
        for (let w = 0; w < wrongTries; w++) {
          if (kindOf === "choice") await send({ questionIndex: q, selectedOption: 1 + Math.floor(next() * 3) });
          else if (kindOf === "truefalse") await send({ questionIndex: q, selectedOption: 1 });
          else if (kindOf === "typed")
            await send({ questionIndex: q, typedAnswer: TYPED_WRONG[Math.floor(next() * TYPED_WRONG.length)]! });
          else if (kindOf === "multi")
            await send({ questionIndex: q, selectedOptions: next() < 0.5 ? [0] : [0, 1, 2] });
          else await send({ questionIndex: q, order: placesOf([...ORDER_ITEMS].reverse()) });
        }
        if (kindOf === "choice" || kindOf === "truefalse") await send({ questionIndex: q, selectedOption: 0 });
        else if (kindOf === "typed") await send({ questionIndex: q, typedAnswer: question.options[0]! });
        else if (kindOf === "multi") await send({ questionIndex: q, selectedOptions: [0, 2] });
        else await send({ questionIndex: q, order: placesOf(ORDER_ITEMS) });
      }
    }
    const fillMs = performance.now() - fillStart;
    const [counts] = await queryRows<{ attempts: number; answers: number }>(
      db,
      sql`select (select count(*)::int from answer_attempts) as attempts, (select count(*)::int from progress_answers) as answers`,
    );

    const statement: number[] = [],
      statementCpu: number[] = [],
      http: number[] = [];
    let bytes = 0;
    const get = async () => {
      const res = await fetch(`${url}/api/sessions/${session.id}/results`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`results: ${res.status}`);
      bytes = (await res.arrayBuffer()).byteLength;
    };
    for (let k = 0; k < 20; k++) {
      await findSessionResults(db, session.id, teacherId);
      await get();
    }
    for (let k = 0; k < READS; k++) {
      const cpu = process.cpuUsage();
      let start = performance.now();
      await findSessionResults(db, session.id, teacherId);
      statement.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      statementCpu.push((used.user + used.system) / 1000);
      start = performance.now();
      await get();
      http.push(performance.now() - start);
    }
    const name = `${label ? `${label} ` : ""}${kind}`.padEnd(16);
    console.log(
      `${name} ${PUPILS} pupils, ${counts!.answers} answers, ${counts!.attempts} tries (filled in ${(fillMs / 1000).toFixed(0)} s), document ${(bytes / 1024).toFixed(0)} kB`,
    );
    console.log(`${name} statement  ${summary(statement)}  (${READS} reads)`);
    // This process's CPU per read: PGlite's whole work (it runs here), PostgreSQL's client side only. Less moved by other load than the clock.
    console.log(`${name} its CPU    ${summary(statementCpu)}`);
    console.log(`${name} HTTP GET   ${summary(http)}  (${READS} reads)`);
  } finally {
    await app.close();
    await database.close();
    await scratch?.drop();
  }
}

for (const kind of dbs) await measure(kind);
