/**
 * What Cluehunt keeps about a child (the privacy page's "What is kept about a child",
 * docs/DPIA.md): a pupil joining, finding a station, answering and asking for help writes only the tables and
 * columns listed here, and nothing of their device — no address, no browser — is kept with
 * them. A table or column that a pupil's play starts writing fails this test until the privacy
 * page and the DPIA say what it keeps, and this list is changed with them.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { attemptId, CORRECT, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { rowsMentioning } from "../support/rows-mentioning.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

/** Every column of every table a pupil's play writes: the privacy page's list, as the database holds it. */
const PUPIL_TABLES: Record<string, string[]> = {
  // The first name, the group, counts of questions done and right first time, help asked, times;
  // on a tablet the group's children share, the child's place in its turn order (`seat`).
  student_progress: [
    "completed_at",
    "completed_questions_count",
    "created_at",
    "first_attempt_correct_count",
    "group_id",
    "group_identifier",
    "help_requested",
    "id",
    "seat",
    "session_id",
    "started_at",
    "student_id",
    "student_name",
    "updated_at",
  ],
  // The latest answer to each question (an option, the words typed or the order given), whether it was right, how many tries;
  // beside it the first try's answer (a copy of one of the tries below, kept so the results need not look it up).
  progress_answers: [
    "answered_at",
    "attempts",
    "created_at",
    "first_given_order",
    "first_selected_option",
    "first_typed_answer",
    "given_order",
    "is_correct",
    "progress_id",
    "question_index",
    "selected_option",
    "typed_answer",
    "updated_at",
    "was_ever_incorrect",
  ],
  // Every try.
  answer_attempts: [
    "answered_at",
    "client_attempt_id",
    "created_at",
    "given_order",
    "id",
    "is_correct",
    "progress_id",
    "question_index",
    "selected_option",
    "typed_answer",
    "updated_at",
  ],
  // Around the room: which station cards they found, and when.
  station_finds: ["found_at", "progress_id", "question_index"],
  // The name's comparison key, so two children are not both "Aoife".
  session_names: ["created_at", "name_key", "session_id", "student_id"],
  // How many have joined each group (a count, no one named), and the game the group plays.
  session_groups: [
    "created_at",
    "game_id",
    "group_identifier",
    "id",
    "is_active",
    "join_code",
    "member_count",
    "question_count",
    "question_version",
    "session_id",
    "updated_at",
  ],
};

describe.each(testDatabaseKinds())("what is kept about a pupil on %s", (db) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(async () => server?.close());

  /** Each table's rows, as one text per table. */
  async function tables(): Promise<Map<string, string>> {
    const names = await queryRows<{ table_name: string }>(
      server.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const all = new Map<string, string>();
    for (const { table_name } of names) {
      const [row] = await queryRows<{ digest: string }>(
        server.database.db,
        sql`select coalesce(string_agg(t::text, ',' order by t::text), '') as digest from ${sql.identifier(table_name)} t`,
      );
      all.set(table_name, row!.digest);
    }
    return all;
  }

  it("a pupil's join, station found, answers and help request write only a first name, stations found, answers, tries, times and counts: the tables and columns the privacy page lists", async () => {
    const { session, gameId } = await teacherWithSession(server.url, 1, "room");
    const code = session.groups[0].joinCode as string;
    const before = await tables();

    const tablet = new HttpClient(server.url);
    const browser = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) SchoolTablet/42.7";
    const found = await tablet.post("/api/join/lookup", { code }, { "user-agent": browser });
    const joined = await tablet.post(
      "/api/join",
      { code, groupId: found.body.groupId, name: "Sadhbh" },
      { "user-agent": browser },
    );
    expect(joined.status).toBe(201);
    const progressId = joined.body.progressId as string;
    const play = (path: string, body: unknown) =>
      tablet.post(`/api/play/${progressId}${path}`, body, { "user-agent": browser });
    // Around the room, the first station found: its card's word typed.
    const [card] = await queryRows<{ word: string }>(
      server.database.db,
      sql`select c.word from station_cards c join questions q on q.station_key = c.station_key
          where q.game_id = ${gameId} and q.position = 0`,
    );
    expect((await play("/stations", { word: card!.word })).body.outcome).toBe("found");
    expect(
      (await play("/answers", { questionIndex: 0, selectedOption: (CORRECT[0]! + 1) % 4, attemptId: attemptId() }))
        .status,
    ).toBe(200);
    expect(
      (await play("/answers", { questionIndex: 0, selectedOption: CORRECT[0], attemptId: attemptId() })).status,
    ).toBe(200);
    expect((await play("/help", { requested: true })).status).toBe(200);

    const after = await tables();
    const written = [...after.keys()].filter((table) => after.get(table) !== before.get(table)).sort();
    // limit_counters (PostgreSQL): join attempts counted per address and device for a few minutes, checked below.
    expect(written.filter((table) => table !== "limit_counters")).toEqual(Object.keys(PUPIL_TABLES).sort());
    for (const [table, columns] of Object.entries(PUPIL_TABLES)) {
      const stored = await queryRows<{ column_name: string }>(
        server.database.db,
        sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by column_name`,
      );
      expect(
        stored.map((c) => c.column_name),
        `${table}'s columns`,
      ).toEqual([...columns].sort());
    }

    // Nothing of the device: neither its address nor its browser, anywhere but the short-lived limit counters.
    const address = tablet.options.localAddress!;
    const traces = await rowsMentioning(server.database.db, [address, "SchoolTablet", "iPad"]);
    expect(traces.filter((line) => !line.startsWith("limit_counters "))).toEqual([]);
    if (db === "postgres") {
      const counters = await queryRows<{ key: string; minutes: number }>(
        server.database.db,
        sql`select key, extract(epoch from window_ends - now()) / 60 as minutes from limit_counters where key like ${`%${address}%`}`,
      );
      expect(counters.length, "the join's address is counted").toBeGreaterThan(0);
      // "for a few minutes": every count of the address ends within ten minutes.
      for (const counter of counters) expect(Number(counter.minutes), counter.key).toBeLessThanOrEqual(10);
    }
  });
});
