/**
 * Which databases the suite runs against: PGlite always; PostgreSQL too when
 * TEST_DATABASE_URL is set. Under CI it must be set: the PostgreSQL run may not be skipped.
 */
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
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
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, "cluehunt_test");
  const database = await openDatabase({ kind: "postgres", url: scratch.url });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
