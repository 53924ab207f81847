/**
 * Migration 0024 (the first try kept on each answer's row) on a database that already holds answers:
 * it fills each row's first try from the earliest kept try of the question (the lowest answer_attempts
 * id, not the latest wrong one nor the latest answer), a later try leaves it as it is, and the results
 * count those first tries — on every database.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
import { type Db, queryRows } from "../../src/server/db/client.ts";
import * as schema from "../../src/server/db/schema.ts";
import { createGame } from "../../src/server/games/game-commands.ts";
import { createOrderShuffle } from "../../src/server/play/order-shuffle.ts";
import { joinGroup, recordAnswer } from "../../src/server/play/play-commands.ts";
import { projectRoot } from "../../src/server/project-root.ts";
import { findSessionResults } from "../../src/server/results/results-queries.ts";
import { startSession } from "../../src/server/sessions/session-commands.ts";
import { CreateGameSchema } from "../../src/shared/games/game-contracts.ts";
import { testDatabaseKinds } from "../support/databases.ts";

const shuffle = createOrderShuffle("not-a-secret");
const MIGRATION = "0024_first_tries";

/**
 * Migration 0024's backfill, as its file holds it: the statements after the columns are added. Run on
 * answers kept the way the answer statement kept them before 0024 (no first try on the row), it is
 * what a database of before goes through; the test's rows are made with today's commands, so the
 * database is migrated to today first (a later migration's tables are there for them).
 */
function backfillOf0024(): string {
  const file = fs.readFileSync(path.join(projectRoot, "drizzle", `${MIGRATION}.sql`), "utf8");
  const statements = file.split("--> statement-breakpoint").map((part) => part.trim());
  return statements.filter((part) => !part.startsWith("ALTER TABLE")).join(";\n");
}

type Opened = { db: Db; migrate(folder: string): Promise<void>; close(): Promise<void> };

async function open(kind: "pglite" | "postgres"): Promise<Opened> {
  if (kind === "pglite") {
    const client = new PGlite();
    const db = drizzlePglite(client, { schema });
    return {
      db: db as unknown as Db,
      migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "cluehunt_migration");
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    migrate: (folder) => migratePg(db, { migrationsFolder: folder }),
    close: async () => {
      await pool.end();
      await scratch.drop();
    },
  };
}

describe.each(testDatabaseKinds())("migration 0024 on %s", (kind) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it("fills each answer's first try from its earliest kept try, which a later try leaves alone", async () => {
    const database = await open(kind);
    cleanup.push(() => database.close());
    await database.migrate(path.join(projectRoot, "drizzle"));
    const { db } = database;

    await db.execute(
      sql`insert into users (id, display_name, email, role) values ('t1', 'Máire', 'maire@scoil.ie', 'teacher')`,
    );
    const game = await createGame(
      db,
      "t1",
      CreateGameSchema.parse({
        title: "Fractions",
        questions: [
          { questionText: "Which is the biggest?", options: ["1/2", "1/3", "1/4", "1/8"], correctAnswer: 0 },
          { kind: "typed", questionText: "Cad é 'bread'?", options: ["arán"] },
          { kind: "order", questionText: "Put them in order.", options: ["Seed", "Sprout", "Tree"] },
          { questionText: "Which is the smallest?", options: ["1/2", "1/3", "1/4", "1/8"], correctAnswer: 3 },
        ],
      }),
    );
    const session = await startSession(db, "t1", { gameId: game.id, groupCount: 1 });
    const [group] = await queryRows<{ id: string; join_code: string }>(
      db,
      sql`select id, join_code from session_groups where session_id = ${session.id}`,
    );
    const pupil = async (name: string) =>
      (await joinGroup(db, `p-${name}`, { code: group!.join_code, groupId: group!.id, name })).progressId;
    const aoife = await pupil("Aoife");
    const cian = await pupil("Cian");

    // Their tries as the answer statement before 0024 kept them, in the order they came (questions interleaved):
    // [pupil, question, option, typed, order, right].
    const tries: [string, number, number, string | null, number[] | null, boolean][] = [
      [aoife, 0, 1, null, null, false],
      [cian, 0, 0, null, null, true],
      [aoife, 1, -1, "aran", null, false],
      [aoife, 0, 3, null, null, false],
      [aoife, 1, -1, "arán", null, true],
      [cian, 1, -1, "bread", null, false],
      [aoife, 0, 0, null, null, true],
      [cian, 2, -1, null, [1, 0, 2], false],
      [cian, 1, -1, "arun", null, false],
    ];
    for (const [k, [progress, question, option, typed, order, right]] of tries.entries()) {
      await db.execute(sql`insert into answer_attempts (progress_id, question_index, selected_option, typed_answer, given_order, is_correct, client_attempt_id)
        values (${progress}, ${question}, ${option}, ${typed}, ${order ? `{${order.join(",")}}` : null}::smallint[], ${right}, ${`before-${k}`})`);
      await db.execute(sql`insert into progress_answers (progress_id, question_index, selected_option, typed_answer, given_order, is_correct, was_ever_incorrect)
        values (${progress}, ${question}, ${option}, ${typed}, ${order ? `{${order.join(",")}}` : null}::smallint[], ${right}, ${!right})
        on conflict (progress_id, question_index) do update
          set selected_option = excluded.selected_option, typed_answer = excluded.typed_answer, given_order = excluded.given_order,
              is_correct = excluded.is_correct, was_ever_incorrect = progress_answers.was_ever_incorrect or not excluded.is_correct,
              attempts = progress_answers.attempts + 1`);
    }

    // The answers of before hold no first try; the backfill fills them.
    await db.execute(
      sql`update progress_answers set first_selected_option = null, first_typed_answer = null, first_given_order = null`,
    );
    await db.execute(sql.raw(backfillOf0024()));
    const stored = () =>
      queryRows<{ who: string; q: number; option: number; typed: string | null; order: number[] | null }>(
        db,
        sql`select p.student_name as who, a.question_index as q, a.first_selected_option as option,
                   a.first_typed_answer as typed, a.first_given_order as "order"
              from progress_answers a join student_progress p on p.id = a.progress_id order by 1, 2`,
      );
    const filled = [
      { who: "Aoife", q: 0, option: 1, typed: null, order: null },
      { who: "Aoife", q: 1, option: -1, typed: "aran", order: null },
      { who: "Cian", q: 0, option: 0, typed: null, order: null },
      { who: "Cian", q: 1, option: -1, typed: "bread", order: null },
      { who: "Cian", q: 2, option: -1, typed: null, order: [1, 0, 2] },
    ];
    expect(await stored()).toEqual(filled);
    // The earliest row of answer_attempts per pupil and question, counted directly: the same.
    const earliest = await queryRows<{
      who: string;
      q: number;
      option: number;
      typed: string | null;
      order: number[] | null;
    }>(
      db,
      sql`select distinct on (p.student_name, t.question_index) p.student_name as who, t.question_index as q,
                 t.selected_option as option, t.typed_answer as typed, t.given_order as "order"
            from answer_attempts t join student_progress p on p.id = t.progress_id order by 1, 2, t.id`,
    );
    expect(earliest).toEqual(filled);

    // A later try, through the answer statement of after 0024, changes the latest answer only; a first answer writes its first try.
    await recordAnswer(db, shuffle, cian, "p-Cian", { questionIndex: 1, typedAnswer: "arán", attemptId: "after-1" });
    const right = await recordAnswer(db, shuffle, aoife, "p-Aoife", {
      questionIndex: 2,
      order: [0, 1, 2],
      attemptId: "after-2",
    });
    expect(right.recorded).toBe(true);
    const after = await stored();
    expect(after.filter((r) => r.who === "Cian")).toEqual(filled.filter((r) => r.who === "Cian"));
    expect(after.find((r) => r.who === "Aoife" && r.q === 2)).toMatchObject({ option: -1, typed: null });

    const results = await findSessionResults(db, session.id, "t1");
    const first = results!.questions[0]!.firstAnswers[0]!;
    expect(first).toMatchObject({ pupils: 2, right: 1, options: [1, 1, 0, 0] });
    expect(results!.questions[1]!.firstAnswers[0]).toMatchObject({ pupils: 2, right: 0 });
  });
});
