/**
 * The server as `npm start` runs it: start-up output, refusing a locked data directory,
 * clean shutdown, and nothing committed lost to kill -9.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/server/project-root.ts";
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
// After the file, not after each test: the tests share a server (see `sharedServer`).
afterAll(async () => {
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

type Shared = { server: ServerProcess; port: number; dataDir: string };
let shared: Shared | undefined;
const isRunning = (server: ServerProcess) => server.child.exitCode === null && server.child.signalCode === null;
/**
 * The server the tests share: a start is seconds of CPU, and none of them needs a server of its
 * own, only one that runs. The first test starts it on an empty data directory, the kill -9 test
 * starts it again on the same data, the last stops it. A test run without the ones before it
 * starts one on an earlier start's data (`dataDirOfEarlierStart`).
 */
async function sharedServer(): Promise<Shared> {
  if (shared && isRunning(shared.server)) return shared;
  const port = await freePort();
  const dataDir = dataDirOfEarlierStart();
  shared = { server: await start({ PORT: String(port), DATA_DIR: dataDir }), port, dataDir };
  return shared;
}

describe("the server process", () => {
  // The one start on an empty data directory, as on a fresh clone: it creates the database, and
  // warms the join path before it listens (WARM_UP_MS unset, as deployed; the other starts skip it).
  it("prints its Local and Network URLs, and serves the app and the API there", async () => {
    const port = await freePort();
    const dataDir = tempDataDir();
    const server = await start({ PORT: String(port), DATA_DIR: dataDir, WARM_UP_MS: "" });
    shared = { server, port, dataDir };
    expect(server.output()).toContain(`Local:   http://localhost:${port}/`);
    const warmed = await server.waitForOutput(/joining warmed up in (\d+) ms(;.*failed)?/, 5000);
    expect(Number(warmed[1]), "the join path was warmed before the server listened").toBeGreaterThan(0);
    expect(warmed[2], "none of the warm-up's requests failed").toBeUndefined();
    // The Network line is printed after the Local one, possibly in a later chunk.
    await server.waitForOutput(new RegExp(`Network: http://\\d+\\.\\d+\\.\\d+\\.\\d+:${port}/`), 5000);

    const page = await fetch(`http://localhost:${port}/some/deep/link`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    const health = await fetch(`http://localhost:${port}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: "pglite" });
  });

  // start.mjs: the bundle built from the sources (no TypeScript stripper in the process), on a
  // process that replaced itself with glibc's malloc set to give large blocks back (decision 055).
  it("runs the server built into one JavaScript file, with malloc giving large blocks back", async () => {
    const { server } = await sharedServer();
    const built = JSON.parse(fs.readFileSync(path.join(projectRoot, "dist/server/main.inputs.json"), "utf8")) as {
      entry: string;
      inputs: string[];
    };
    expect(built.entry).toBe("src/server/main.ts");
    expect(built.inputs).toContain(path.join(projectRoot, "src/server/app.ts"));
    const environment = fs.readFileSync(`/proc/${server.child.pid}/environ`, "utf8").split("\0");
    expect(environment).toContain("MALLOC_MMAP_THRESHOLD_=131072");
    const commandLine = fs.readFileSync(`/proc/${server.child.pid}/cmdline`, "utf8").split("\0");
    // Node's argv names the script by its full path: the command line of the process that replaced it.
    expect(commandLine.slice(1, 4), "the same PID, flags and script after replacing itself").toEqual([
      "--max-semi-space-size=16",
      "--liftoff-only",
      path.join(projectRoot, "src/server/start.mjs"),
    ]);
  });

  it("refuses to open a data directory another server holds, and says so", async () => {
    const { dataDir } = await sharedServer();
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

  it("loses nothing committed when killed with -9, and starts again on the same data", async () => {
    const { server: first, port, dataDir } = await sharedServer();
    const email = `kill9-${Date.now()}@school.ie`;
    const signup = await new HttpClient(`http://localhost:${port}`).post("/api/auth/signup", {
      displayName: "Kill Nine",
      email,
      password: "survives-kill-9",
    });
    expect(signup.status).toBe(201);
    first.child.kill("SIGKILL");
    await first.exited;

    shared = { server: await start({ PORT: String(port), DATA_DIR: dataDir }), port, dataDir };
    const login = await new HttpClient(`http://localhost:${port}`).post("/api/auth/login", {
      email,
      password: "survives-kill-9",
    });
    expect(login.status).toBe(200);
    expect(login.body.user.displayName).toBe("Kill Nine");
  });

  it("closes cleanly on SIGTERM and releases the data directory", async () => {
    const { server, dataDir } = await sharedServer();
    const lock = path.join(dataDir, "cluehunt.lock");
    // Held until now: what releases it is this server's shutdown.
    expect(fs.readFileSync(lock, "utf8")).toBe(String(server.child.pid));
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(lock)).toBe(false);
  });
});
