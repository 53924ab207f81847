/**
 * A new PostgreSQL database next to `adminUrl`, for a test run or a benchmark, dropped by `drop()`:
 * empty, or a copy of the database named `template` (which nobody may be connected to meanwhile).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  if (template !== undefined && !/^[a-z0-9_]+$/.test(template)) throw new Error(`Not a template name: ${template}`);
  await run(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
