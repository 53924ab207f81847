/**
 * The join limits around a batch of lookups: lookups that arrive together are read
 * together (db/batcher.ts), yet they are judged as if they came one after another, so a flood
 * of guesses with the right code among them cannot learn it past the wrong-code allowance.
 * Run on each database with its own counters (PostgreSQL's shared rows, PGlite's in-process
 * map), against a lookup of one made-up group instead of the app's tables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, testDatabaseKinds } from "../../../tests/support/databases.ts";
import { ApiError } from "../../shared/api-errors.ts";
import type { Database } from "../db/client.ts";
import { type CodeLookup, createJoinLimits, guardedLookupStatement, guardedLookupsStatement } from "./join-limits.ts";
import { databaseCounters, inProcessCounters } from "./limit-counters.ts";
import { JOIN_GUESS_LIMITS } from "./limits.ts";

const RIGHT = "424242";
type Row = { group_id: string; live: boolean };
const one = (codeSql: string) => `select v.code, 'group-1' as group_id, true as live
   from (values ('${RIGHT}')) as v(code) where v.code ${codeSql}`;
const lookup: CodeLookup<Row, string> = {
  guarded: guardedLookupStatement("test_guarded_lookup", one("= :code::text")),
  guardedMany: guardedLookupsStatement(
    "test_guarded_lookups",
    one("= any (array(select jsonb_array_elements_text(:codes::jsonb)))"),
  ),
  find: async (_db, codes) => codes.map((code) => (code === RIGHT ? { group_id: "group-1", live: true } : undefined)),
  present(row) {
    if (!row) throw new ApiError(404, "not_found", "pupil.join.invalidCode");
    return row.group_id;
  },
};

const outcome = (p: Promise<string>) =>
  p.then(
    () => 200,
    (e: unknown) => (e instanceof ApiError ? e.status : 500),
  );

describe.each(testDatabaseKinds())("lookups sent together on %s", (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const limits = () =>
    createJoinLimits(
      database,
      kind === "postgres" ? databaseCounters(database.db) : inProcessCounters(),
      (e) => {
        throw e;
      },
      lookup,
    );

  it("refuses the right code that comes after the allowance's worth of wrong codes in the same moment", async () => {
    const guard = limits();
    const address = "198.51.100.21";
    // All in one tick: the first lookup runs alone, the other 29 wait and go together.
    const place = 25;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        outcome(guard.lookUp({ address, deviceId: null }, i === place ? RIGHT : String(100000 + i))),
      ),
    );
    expect(results.filter((s, i) => i !== place && s === 404)).toHaveLength(JOIN_GUESS_LIMITS.wrongPerAddress);
    expect(results[place]).toBe(429);
  });

  it("answers the right codes of a class in the same moment, with a few wrong codes among them", async () => {
    const guard = limits();
    const address = "198.51.100.22";
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        outcome(guard.lookUp({ address, deviceId: null }, i % 10 === 3 ? String(200000 + i) : RIGHT)),
      ),
    );
    expect(results.filter((s) => s === 200)).toHaveLength(27);
    expect(results.filter((s) => s === 404)).toHaveLength(3);
  });
});
