/**
 * The server as `npm start` runs it: start-up output, refusing a locked data directory,
 * clean shutdown, and nothing committed lost to kill -9.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";
import { HttpClient } from "../support/http-client.ts";
import {
  dataDirWithDatabase,
  killIfRunning,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process.ts";

const running: ServerProcess[] = [];
/** Data directories made here, removed once their servers are gone. */
const dataDirs: string[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await killIfRunning(server);
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>) {
  const server = startServerProcess(env);
  running.push(server);
  await server.waitForOutput(/Local: {3}http:\/\/localhost:\d+\//);
  return server;
}

const made = (dir: string) => (dataDirs.push(dir), dir);
const tempDataDir = () => made(fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-data-")));
/** The run's migrated database already in it: a start that is not the first (server-process.ts). */
const dataDirOfEarlierStart = () => made(dataDirWithDatabase("cluehunt-data-"));

describe("the server process", () => {
  // The one start on an empty data directory, as on a fresh clone: it creates the database.
  it("prints its Local and Network URLs, and serves the app and the API there", async () => {
    const port = await freePort();
    const server = await start({ PORT: String(port), DATA_DIR: tempDataDir() });
    expect(server.output()).toContain(`Local:   http://localhost:${port}/`);
    // The Network line is printed after the Local one, possibly in a later chunk.
    await server.waitForOutput(new RegExp(`Network: http://\\d+\\.\\d+\\.\\d+\\.\\d+:${port}/`), 5000);

    const page = await fetch(`http://localhost:${port}/some/deep/link`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    const health = await fetch(`http://localhost:${port}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: "pglite" });
  });

  it("refuses to open a data directory another server holds, and says so", async () => {
    const dataDir = dataDirOfEarlierStart();
    await start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const second = startServerProcess({ PORT: String(await freePort()), DATA_DIR: dataDir });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Cluehunt server`);
  });

  it("stops with a message naming a bad setting", async () => {
    const server = startServerProcess({ PORT: "not-a-port" });
    running.push(server);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid configuration:\n  PORT: must be a whole number from 0 to 65535");
  });

  it("closes cleanly on SIGTERM and releases the data directory", async () => {
    const dataDir = dataDirOfEarlierStart();
    const server = await start({ PORT: String(await freePort()), DATA_DIR: dataDir });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "cluehunt.lock"))).toBe(false);
  });

  it("loses nothing committed when killed with -9, and starts again on the same data", async () => {
    const dataDir = dataDirOfEarlierStart();
    const port = await freePort();
    const first = await start({ PORT: String(port), DATA_DIR: dataDir });
    const email = `kill9-${Date.now()}@school.ie`;
    const signup = await new HttpClient(`http://localhost:${port}`).post("/api/auth/signup", {
      displayName: "Kill Nine",
      email,
      password: "survives-kill-9",
    });
    expect(signup.status).toBe(201);
    first.child.kill("SIGKILL");
    await first.exited;

    await start({ PORT: String(port), DATA_DIR: dataDir });
    const login = await new HttpClient(`http://localhost:${port}`).post("/api/auth/login", {
      email,
      password: "survives-kill-9",
    });
    expect(login.status).toBe(200);
    expect(login.body.user.displayName).toBe("Kill Nine");
  });
});
