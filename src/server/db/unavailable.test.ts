import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/databases.ts";
import { isDatabaseUnavailable, rootCauseMessage } from "./unavailable.ts";

/** A port nothing listens on: connecting there is what a stopped PostgreSQL looks like. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe("isDatabaseUnavailable", () => {
  it("recognises a refused connection, as Drizzle reports it from the pool", async () => {
    const pool = new pg.Pool({ connectionString: `postgres://nobody@127.0.0.1:${await closedPort()}/none` });
    const error = await drizzle(pool)
      .execute(sql`select 1`)
      .catch((e: unknown) => e);
    await pool.end();
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The log line names the cause, not the whole query.
    expect(rootCauseMessage(error)).toMatch(/^ECONNREFUSED: connect ECONNREFUSED/);
  });

  it("does not take a mistake in a query for an outage", async () => {
    // A copy of the run's migrated template: no initdb, no migrations (tests/support/databases.ts).
    const database = await openTestDatabase("pglite");
    const error = await database.db.execute(sql`select * from no_such_table`).catch((e: unknown) => e);
    await database.close();
    expect(error).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      ),
    ).toBe(true);
    // Opening PGlite takes seconds on a loaded 2-core machine.
  }, 30_000);

  it("recognises a database that accepts connections but never answers (connect and query timeouts)", async () => {
    // A black hole: accepts the TCP connection, never says a word.
    const sockets = new Set<net.Socket>();
    const hole = net.createServer((socket) => sockets.add(socket)).listen(0, "127.0.0.1");
    await new Promise((r) => hole.once("listening", r));
    const { port } = hole.address() as net.AddressInfo;
    const pool = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
      connectionTimeoutMillis: 300,
    });
    const error = await drizzle(pool)
      .execute(sql`select 1`)
      .catch((e: unknown) => e);
    await pool.end();
    sockets.forEach((s) => s.destroy());
    hole.close();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query read timeout"))).toBe(true);
  });
});
