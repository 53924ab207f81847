/**
 * `npx tsx scripts/bench/class-progress-read.ts [--db=pglite|postgres|all] [--pupils=30] [--sessions=6] [--reads=200] [--label=name]`:
 * the time of a saved class's progress statement (findClassProgress) for a class that played several
 * sessions. A fresh database gets a class of `--pupils` names and `--sessions` sessions started with it
 * of a game of 10 four-option questions, every pupil answering every question through the real play
 * commands, about a third wrong first (one or two wrong tries, then right). Then, after a warm-up,
 * `--reads` reads, with p50 / p90 / p99 and this process's CPU per read. One line per database,
 * prefixed by `--label`, so runs of two commits can be interleaved and compared. Uses only what main
 * had before first answers, so it can be copied to an older worktree.
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createClass } from "../../src/server/classes/class-commands.ts";
import { findClassProgress } from "../../src/server/classes/class-queries.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { createGame } from "../../src/server/games/game-commands.ts";
import { createOrderShuffle } from "../../src/server/play/order-shuffle.ts";
import { joinGroup, recordAnswer } from "../../src/server/play/play-commands.ts";
import { findSessionResults } from "../../src/server/results/results-queries.ts";
import { startSession } from "../../src/server/sessions/session-commands.ts";
import { CreateGameSchema } from "../../src/shared/games/game-contracts.ts";
import { createScratchDatabase } from "../lib/scratch-database.ts";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const dbs = arg("db", "all") === "all" ? ["pglite", "postgres"] : [arg("db", "all")];
const PUPILS = Number(arg("pupils", "30"));
const SESSIONS = Number(arg("sessions", "6"));
const READS = Number(arg("reads", "200"));
const label = arg("label", "");
const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const QUESTIONS = 10;
const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
  questionText: `Which fraction is the biggest? (${i + 1})`,
  options: ["1/2", "1/3", "1/4", "1/8"],
  correctAnswer: 0,
  clue: "The bottom number says how many parts.",
}));

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
  const scratch = kind === "postgres" ? await createScratchDatabase(adminUrl, "cluehunt_bench_class") : null;
  const database = await openDatabase(
    scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: undefined },
  );
  try {
    const { db } = database;
    const teacherId = "bench-teacher";
    await db.execute(
      sql`insert into users (id, display_name, email, role) values (${teacherId}, 'Bench Teacher', 'bench@scoil.ie', 'teacher')`,
    );
    const shuffle = createOrderShuffle("bench-not-a-secret");
    const game = await createGame(db, teacherId, CreateGameSchema.parse({ title: "Fractions (bench)", questions }));
    const names = Array.from({ length: PUPILS }, (_, i) => `Pupil ${i}`);
    const saved = await createClass(db, teacherId, { name: "4th Class", level: null, names } as Parameters<
      typeof createClass
    >[2]);
    const next = random(42);
    for (let s = 0; s < SESSIONS; s++) {
      const session = await startSession(db, teacherId, { gameId: game.id, groupCount: 6, classId: saved.id });
      const groups = (await findSessionResults(db, session.id, teacherId))!.session.groups;
      for (let i = 0; i < PUPILS; i++) {
        const group = groups[i % groups.length]!;
        const studentId = crypto.randomUUID();
        const { progressId } = await joinGroup(db, studentId, {
          code: group.joinCode,
          groupId: group.id,
          name: names[i]!,
        });
        let attempt = 0;
        const send = (questionIndex: number, selectedOption: number) =>
          recordAnswer(db, shuffle, progressId, studentId, {
            attemptId: `bench-${s}-${i}-${attempt++}`,
            questionIndex,
            selectedOption,
          } as Parameters<typeof recordAnswer>[4]);
        for (let q = 0; q < QUESTIONS; q++) {
          const wrongTries = next() < 0.35 ? (next() < 0.3 ? 2 : 1) : 0;
          for (let w = 0; w < wrongTries; w++) await send(q, 1 + Math.floor(next() * 3));
          await send(q, 0);
        }
      }
    }

    for (let k = 0; k < 20; k++) await findClassProgress(db, saved.id, teacherId);
    const times: number[] = [],
      cpu: number[] = [];
    let needsLook = 0;
    for (let k = 0; k < READS; k++) {
      const before = process.cpuUsage();
      const start = performance.now();
      const progress = await findClassProgress(db, saved.id, teacherId);
      times.push(performance.now() - start);
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
      needsLook = JSON.stringify(progress).length;
    }
    const name = `${label ? `${label} ` : ""}${kind}`.padEnd(16);
    console.log(
      `${name} class progress  ${summary(times)}  (${READS} reads, ${PUPILS} pupils × ${SESSIONS} sessions × ${QUESTIONS} questions, document ${(needsLook / 1024).toFixed(0)} kB)`,
    );
    console.log(`${name} its CPU         ${summary(cpu)}`);
  } finally {
    await database.close();
    await scratch?.drop();
  }
}

for (const kind of dbs) await measure(kind);
