/**
 * Migration 0010 (decision 017) on a database that already holds a game, a session and a pupil's
 * answers: after it, the pupil's play state, the answer statement and the results still read the
 * session's questions, on every database.
 */
import fs from "node:fs";
import os from "node:os";
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
import { createOrderShuffle } from "../../src/server/play/order-shuffle.ts";
import { currentPlayState, recordAnswer } from "../../src/server/play/play-commands.ts";
import { projectRoot } from "../../src/server/project-root.ts";
import { findSessionResults } from "../../src/server/results/results-queries.ts";
import { testDatabaseKinds } from "../support/databases.ts";

/** The order questions' shuffle, as the app makes it from its secret (decision 050). */
const shuffle = createOrderShuffle("not-a-secret");

const MIGRATION = "0010_game_versions";

/** The migrations folder as it was before 0010. */
function migrationsBefore(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-before-0010-"));
  fs.cpSync(path.join(projectRoot, "drizzle"), dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: Array<{ tag: string; idx: number }> };
  // 0010 and every later migration: the database as it was before this one.
  const from = journal.entries.find((e) => e.tag === MIGRATION)!.idx;
  for (const e of journal.entries.filter((e) => e.idx >= from)) fs.rmSync(path.join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < from);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
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

describe.each(testDatabaseKinds())("migration 0010 on %s", (kind) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanup) await c();
  });

  it("keeps a session started before it on the questions it asked", async () => {
    const database = await open(kind);
    cleanup.push(() => database.close());
    const before = migrationsBefore();
    cleanup.push(async () => fs.rmSync(before, { recursive: true, force: true }));
    await database.migrate(before);

    // A game, a live session and a pupil half-way through, written as the app before 0010 did.
    const [row] = await queryRows<{ game: string; session: string; progress: string }>(
      database.db,
      sql`with teacher as (insert into users (id, display_name, email, role) values ('t1', 'Máire', 'maire@scoil.ie', 'teacher') returning id),
               pupil as (insert into users (id, display_name, email, role, is_anonymous) values ('p1', 'Pupil', 'p1@anon', 'student', true) returning id),
               game as (insert into games (title, creator_id) select 'Bia', id from teacher returning id),
               qs as (insert into questions (game_id, position, question_text, options, correct_answer, clue)
                      select g.id, q.position, q.text, q.options, q.correct, q.clue from game g,
                        (values (0, 'Cad é ''apple''?', array['oráiste','úll','arán','im'], 1, 'Dearg'),
                                (1, 'Cad é ''milk''?', array['bainne','tae','sú','im'], 0, null)) as q(position, text, options, correct, clue) returning 1),
               session as (insert into game_sessions (game_id, host_teacher_id, question_count) select game.id, teacher.id, 2 from game, teacher returning id),
               grp as (insert into session_groups (session_id, join_code, group_identifier) select id, '482913', 'yellow-square' from session returning id, session_id),
               progress as (insert into student_progress (session_id, group_id, group_identifier, student_id, student_name)
                            select grp.session_id, grp.id, 'yellow-square', pupil.id, 'Aoife' from grp, pupil returning id)
          select (select id from game) as game, (select id from session) as session, (select id from progress) as progress, (select count(*) from qs) as n`,
    );
    const { game, session, progress } = row!;
    // Her wrong first try, as the answer statement of the time stored it.
    await database.db.execute(
      sql`insert into answer_attempts (progress_id, question_index, selected_option, is_correct, client_attempt_id) values (${progress}, 0, 0, false, 'before-0010')`,
    );
    await database.db.execute(
      sql`insert into progress_answers (progress_id, question_index, selected_option, is_correct, was_ever_incorrect) values (${progress}, 0, 0, false, true)`,
    );

    await database.migrate(path.join(projectRoot, "drizzle"));
    const versions = await queryRows<{ games: number; questions: number; sessions: number }>(
      database.db,
      sql`select (select question_version from games where id = ${game}) as games,
                 (select min(version) from questions where game_id = ${game}) as questions,
                 (select question_version from game_sessions where id = ${session}) as sessions`,
    );
    expect(versions[0]).toEqual({ games: 1, questions: 1, sessions: 1 });

    const state = await currentPlayState(database.db, shuffle, progress, "p1");
    expect(state.current).toMatchObject({ index: 0, questionText: "Cad é 'apple'?", wrongOptions: [0], clue: "Dearg" });
    const right = await recordAnswer(database.db, shuffle, progress, "p1", {
      questionIndex: 0,
      selectedOption: 1,
      attemptId: "after-0010",
    });
    expect(right).toMatchObject({ isCorrect: true, next: { index: 1, questionText: "Cad é 'milk'?" } });
    const results = await findSessionResults(database.db, session, "t1");
    expect(results!.questions.map((q) => q.questionText)).toEqual(["Cad é 'apple'?", "Cad é 'milk'?"]);
  });
});
