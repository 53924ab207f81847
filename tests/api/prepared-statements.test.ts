/** Prepared statements pass every value through exactly, on both databases. */

import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client.ts";
import { PgliteInWorker } from "../../src/server/db/pglite-in-worker.ts";
import { prepareStatements, runStatement, statement, statementNames } from "../../src/server/db/prepared.ts";
// The app's modules make the statements it runs (the answer, the join, the lookup…).
import "../../src/server/app.ts";
import { openTestDatabase, testDatabaseKinds } from "../support/databases.ts";

const ECHO = statement<"text" | "number" | "flag">(
  "test_echo",
  "select :text::text as text, :number::int as number, :flag::boolean as flag, :text::text is null as was_null",
);

const TRICKY = [
  "O'Brien",
  "it''s",
  "back\\slash \\' and \\\\",
  "Seán Ó Súilleabháin",
  "😀 👩‍👩‍👧",
  "שלום عربى",
  "$1 :text ::int",
  "'; drop table users; --",
  "line\nbreak\ttab",
  "",
];

describe.each(testDatabaseKinds())("prepared statements on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it("round-trips quotes, backslashes, fadas, emoji, right-to-left text and SQL-looking text", async () => {
    for (const text of TRICKY) {
      const [row] = await runStatement<{ text: string; number: number; flag: boolean }, "text" | "number" | "flag">(
        database.db,
        ECHO,
        { text, number: -7, flag: true },
      );
      expect(row).toEqual({ text, number: -7, flag: true, was_null: false });
    }
  });

  it("passes null as NULL and is ready for concurrent first use", async () => {
    const rows = await Promise.all(
      Array.from({ length: 5 }, () =>
        runStatement<{ was_null: boolean }, "text" | "number" | "flag">(database.db, ECHO, {
          text: null,
          number: 1,
          flag: false,
        }),
      ),
    );
    expect(rows.map(([row]) => row!.was_null)).toEqual([true, true, true, true, true]);
  });

  it("prepares every statement on every connection at start-up, changing nothing", async () => {
    const names = statementNames();
    expect(names).toEqual(
      expect.arrayContaining([
        "guarded_join_lookup",
        "join_groups",
        "lookup_join_codes",
        "guarded_join_lookups",
        "record_answer",
        "read_play_state",
        "add_to_limit_counters",
      ]),
    );
    const counters = async () =>
      (
        (await database.db.execute("select count(*)::int as n from limit_counters")) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]!.n;
    const before = await counters();
    await prepareStatements(database.db);
    const client = (database.db as unknown as { $client: unknown }).$client;
    const preparedOn = async (query: (text: string) => Promise<{ rows: Array<{ name: string }> }>) =>
      (await query("select name from pg_prepared_statements")).rows.map((r) => r.name);
    if (client instanceof PgliteInWorker) {
      expect(await preparedOn((text) => client.query(text))).toEqual(expect.arrayContaining(names));
    } else {
      const pool = client as pg.Pool;
      const connections = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
      try {
        for (const connection of connections)
          expect(await preparedOn((text) => connection.query(text))).toEqual(expect.arrayContaining(names));
      } finally {
        connections.forEach((c) => c.release());
      }
    }
    // Run with NULLs in a transaction rolled back: no counter, no row left behind.
    expect(await counters()).toBe(before);
  });

  it("refuses a number that is not finite", async () => {
    await expect(runStatement(database.db, ECHO, { text: "x", number: Number.NaN, flag: false })).rejects.toThrow(
      /finite/,
    );
  });
});
