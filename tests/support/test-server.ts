/**
 * Our real server, built exactly as main.ts builds it, listening on a free port,
 * against a fresh PGlite or PostgreSQL database.
 */
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { type AppOptions, buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import { type Database, openDatabase } from "../../src/server/db/client.ts";
import { type DatabaseKind, openTestDatabase } from "./databases.ts";
import { watchErrorKeys } from "./error-keys.ts";
import { freePort } from "./free-port.ts";
import { testPasswordHashing } from "./test-password-hashing.ts";

/**
 * The starter hunts every test server reads unless its `env` names others: three small files
 * (tests/fixtures/starter-hunts/), so that no test waits on, or depends on, the shipped set.
 */
export const FIXTURE_STARTER_GAMES_DIR = path.resolve(import.meta.dirname, "../fixtures/starter-hunts");

export type TestServer = {
  url: string;
  port: number;
  app: FastifyInstance;
  database: Database & { url?: string };
  printed: string[];
  close(): Promise<void>;
};

export async function startTestServer(options: {
  db: DatabaseKind;
  env?: Record<string, string>;
  webDir?: string;
  host?: string;
  /** A second instance on the same PostgreSQL database as another test server. */
  shareDatabaseOf?: TestServer;
  appOptions?: Partial<AppOptions>;
  /**
   * Hash passwords with better-auth's own scrypt, for a test of what its cost does; otherwise
   * a cheaper scrypt of the same shape (test-password-hashing.ts).
   */
  productionPasswordHashing?: boolean;
}): Promise<TestServer> {
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    LOG_LEVEL: "warn",
    STARTER_GAMES_DIR: FIXTURE_STARTER_GAMES_DIR,
    ...options.env,
  });
  const shared = options.shareDatabaseOf?.database.url;
  const database = shared
    ? { ...(await openDatabase({ kind: "postgres", url: shared })), url: shared }
    : await openTestDatabase(options.db);
  const printed: string[] = [];
  const app = await buildApp({
    config,
    database,
    webDir: options.webDir,
    logger: false,
    print: (text) => printed.push(text),
    passwordHashing: options.productionPasswordHashing ? undefined : testPasswordHashing,
    ...options.appOptions,
  });
  const errorKeyProblems = watchErrorKeys(app);
  await app.listen({ port, host: options.host ?? "127.0.0.1" });
  return {
    url: `http://localhost:${port}`,
    port,
    app,
    database,
    printed,
    async close() {
      await app.close();
      await database.close();
      const problems = errorKeyProblems();
      if (problems.length > 0)
        throw new Error(`Errors sent without a catalogue key with Irish:\n${[...new Set(problems)].join("\n")}`);
    },
  };
}
