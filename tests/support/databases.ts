/**
 * Which databases the suite runs against: PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL is set. Under CI it must be set: the PostgreSQL run may not be skipped.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/server/db/client.ts";

export type DatabaseKind = "pglite" | "postgres";

export function testDatabaseKinds(): DatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === "true") {
    throw new Error("CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suite must run under CI.");
  }
  return url ? ["pglite", "postgres"] : ["pglite"];
}

/** A fresh database: PGlite in memory, or a new PostgreSQL database dropped on close. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database & { url?: string }> {
  if (kind === "pglite") return openDatabase({ kind: "pglite", dataDir: undefined });
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `cluehunt_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
