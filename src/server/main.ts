/**
 * `npm start`: check the configuration, build the web app if needed, open and migrate the
 * database, serve API + app, and close everything cleanly on SIGTERM / SIGINT.
 */
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { DataDirLockedError } from "./db/data-dir-lock.ts";
import { prepareStatements } from "./db/prepared.ts";
import { startMemoryReport } from "./memory-report.ts";
import { networkAddresses } from "./network.ts";
import { WARM_UP, warmUpJoinPath } from "./warm-up.ts";
import { ensureWebBuild } from "./web-build.ts";

const say = (message: string) => process.stdout.write(`${message}\n`);

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  // `npm run dev` serves the web app from Vite instead.
  const webDir = process.env.SERVE_WEB === "false" ? undefined : await ensureWebBuild(say);
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
    {
      keepConnections: true,
      // Nothing can be answered without it. Stopping lets whatever runs the server start it
      // again, and PGlite recovers its files on the next start, as after a kill -9.
      onEmbeddedFailure: (error) => {
        process.stderr.write(`Cluehunt is stopping: ${error.message}\n`);
        process.exit(1);
      },
    },
  );
  const app = await buildApp({ config, database, webDir });
  // Every connection made and every hot statement prepared before the first class joins.
  await prepareStatements(database.db);
  // …and the join path run a few hundred times, so the first class after a start does not
  // wait while V8 and PGlite compile it (warm-up.ts, decision 027).
  const warmed = await warmUpJoinPath(app, { ...WARM_UP, budgetMs: config.warmUpMs ?? WARM_UP.budgetMs });

  if (config.memoryReportMs) startMemoryReport(database, config.memoryReportMs);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`\n${signal} received: closing the server and the database…`);
    try {
      await app.close();
    } finally {
      await database.close();
    }
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const listensEverywhere = config.host === "0.0.0.0" || config.host === "::";

  say("");
  say(
    `  Cluehunt is running (${database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL"}), ready in ${Math.round(performance.now() - startedAt)} ms`,
  );
  say(
    `  (joining warmed up in ${warmed.ms} ms${warmed.failed > 0 ? `; ${warmed.failed} of its requests failed` : ""})`,
  );
  say("");
  say(`  ➜  Local:   http://localhost:${port}/`);
  if (listensEverywhere) for (const ip of networkAddresses()) say(`  ➜  Network: http://${ip}:${port}/`);
  else if (config.host !== "localhost" && config.host !== "127.0.0.1")
    say(`  ➜  Network: http://${config.host}:${port}/`);
  if (!config.appUrl.startsWith(`http://localhost:`)) say(`  ➜  Public:  ${config.appUrl}/`);
  say("");
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else if ((error as NodeJS.ErrnoException)?.code === "EADDRINUSE") {
    process.stderr.write(
      `Port ${(error as { port?: number }).port ?? ""} is already in use. Stop the other program or set PORT to another number.\n`,
    );
  } else {
    process.stderr.write(
      `Cluehunt could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
