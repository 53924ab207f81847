/**
 * Our real server, built exactly as main.ts builds it, listening on a free port,
 * against a fresh PGlite or PostgreSQL database.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/config.ts";
import type { Database } from "../../src/server/db/client.ts";
import { openTestDatabase, type DatabaseKind } from "./databases.ts";
import { freePort } from "./free-port.ts";

export type TestServer = {
  url: string;
  port: number;
  app: FastifyInstance;
  database: Database;
  printed: string[];
  close(): Promise<void>;
};

export async function startTestServer(options: {
  db: DatabaseKind;
  env?: Record<string, string>;
  webDir?: string;
  host?: string;
}): Promise<TestServer> {
  const port = await freePort();
  const config = loadConfig({ PORT: String(port), LOG_LEVEL: "warn", ...options.env });
  const database = await openTestDatabase(options.db);
  const printed: string[] = [];
  const app = await buildApp({ config, database, webDir: options.webDir, logger: false, print: (text) => printed.push(text) });
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
    },
  };
}
