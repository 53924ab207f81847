/**
 * The join path warmed before the server listens (decision 027, src/server/warm-up.ts), on
 * every database: it runs the real lookup and join statements, writes nothing to any session,
 * counts only under documentation addresses (never a real client's allowance), stops at its
 * time budget, and leaves the server joining pupils as before.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { addressKey } from "../../src/server/limits/address-key.ts";
import { warmUpAddress, warmUpJoinPath } from "../../src/server/warm-up.ts";
import { joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("warming the join path on %s", (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ db });
  });
  afterAll(() => server?.close());

  const count = async (table: "student_progress" | "session_names") =>
    Number(
      (
        await queryRows<{ n: string | number }>(
          server.database.db,
          sql`select count(*) as n from ${sql.identifier(table)}`,
        )
      )[0]!.n,
    );
  const members = async (sessionId: string) =>
    Number(
      (
        await queryRows<{ n: string | number }>(
          server.database.db,
          sql`select coalesce(sum(member_count), 0) as n from session_groups where session_id = ${sessionId}::uuid`,
        )
      )[0]!.n,
    );

  it("runs every round without a failure and writes nothing to a live session", async () => {
    const { sessionId, session } = await teacherWithSession(server.url, 2);
    await joinedStudent(server.url, session.groups[0].joinCode, "Aoife");
    const before = {
      progress: await count("student_progress"),
      names: await count("session_names"),
      members: await members(sessionId),
    };

    const warmed = await warmUpJoinPath(server.app, { rounds: 60, budgetMs: 60_000 });

    expect(warmed).toMatchObject({ rounds: 60, failed: 0 });
    expect({
      progress: await count("student_progress"),
      names: await count("session_names"),
      members: await members(sessionId),
    }).toEqual(before);
    // The server joins pupils as before, in the same session.
    await joinedStudent(server.url, session.groups[1].joinCode, "Bríd");
    expect(await members(sessionId)).toBe(before.members + 1);
  });

  it("stops when its time is up", async () => {
    const warmed = await warmUpJoinPath(server.app, { rounds: 100_000, budgetMs: 300 });
    expect(warmed.rounds).toBeGreaterThan(0);
    expect(warmed.rounds).toBeLessThan(100_000);
    expect(warmed.ms).toBeLessThan(5_000);
  });

  it("comes from documentation addresses only (RFC 3849), each its own /64, so no real client's allowance is spent", () => {
    const addresses = new Set(Array.from({ length: 600 }, (_, round) => warmUpAddress(round)));
    for (const address of addresses) expect(address).toMatch(/^2001:db8:0:[0-9a-f]{1,2}::1$/);
    expect(addresses.size).toBe(254);
    expect(new Set([...addresses].map(addressKey)).size).toBe(254);
  });

  if (db === "postgres") {
    it("counts its lookups and joins in the shared limits under those addresses, and under no other", async () => {
      await queryRows(server.database.db, sql`delete from limit_counters`);
      await warmUpJoinPath(server.app, { rounds: 30, budgetMs: 60_000 });
      const keys = (await queryRows<{ key: string }>(server.database.db, sql`select key from limit_counters`)).map(
        (r) => r.key,
      );
      // The lookup's volume counter, and the wrong codes it met: the statements really ran.
      expect(keys.some((k) => k.startsWith("rate:join-lookup:2001:db8:0:"))).toBe(true);
      expect(keys.some((k) => k.startsWith("rate:join-join:2001:db8:0:"))).toBe(true);
      for (const key of keys) expect(key).toMatch(/2001:db8:0:[0-9a-f]+::\/64/);
    });
  }
});
