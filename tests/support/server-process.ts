/**
 * Runs the real entry point (what `npm start` runs) as a child process, and reads what it prints.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { projectRoot } from "../../src/server/project-root.ts";

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
};

/** package.json's start script (`node <flags> src/server/start.mjs`) as this Node's arguments: the flags npm start uses. */
function npmStartArguments(): string[] {
  const start = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")).scripts.start as string;
  const [command, ...args] = start.split(/\s+/);
  if (command !== "node")
    throw new Error(`npm start runs ${command}, not node: teach tests/support/server-process.ts how`);
  return args;
}

/**
 * `npm start`'s server, reading the tests' three starter hunts rather than the shipped set (a second
 * or more of CPU at each start, which these tests do not measure) unless `env` names a folder, and
 * without the join path's warm-up (WARM_UP_MS=0) unless `env` sets it: the warm-up runs the join
 * for its whole 3 s budget on a loaded machine, at every start, which these tests (restarts,
 * crashes, proxies) do not measure either. What it does is tests/api/warm-up.test.ts's, and that
 * `npm start` runs it, tests/process/server-process.test.ts's first start.
 */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, npmStartArguments(), {
    cwd: projectRoot,
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      STARTER_GAMES_DIR: path.join(projectRoot, "tests/fixtures/starter-hunts"),
      WARM_UP_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    listeners.forEach((l) => l());
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  return {
    child,
    output: () => output,
    exited,
    waitForOutput(pattern, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = output.match(pattern);
          if (match) {
            cleanup();
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`Timed out waiting for ${pattern}; output so far:\n${output}`));
        }, timeoutMs);
        const onExit = () => {
          check();
          cleanup();
          reject(new Error(`Server exited before printing ${pattern}; output:\n${output}`));
        };
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
          child.off("exit", onExit);
        };
        listeners.add(check);
        child.once("exit", onExit);
        check();
      });
    },
  };
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `condition` every 20 ms; fails naming `what` after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await pause(20);
  }
}

/**
 * The API server (no web build) as a child process, listening; `cleanups` gets a step that
 * kills it (-9) if the test has not already.
 */
export async function startApiServerProcess(
  env: Record<string, string>,
  cleanups: Array<() => Promise<void> | void>,
): Promise<ServerProcess> {
  const server = startServerProcess({ SERVE_WEB: "false", ...env });
  cleanups.push(() => killIfRunning(server));
  await server.waitForOutput(/Local: {3}http:\/\/localhost:\d+\//);
  return server;
}

/** kill -9, unless it has already exited. */
export async function killIfRunning(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill("SIGKILL");
  await server.exited;
}

/**
 * A new DATA_DIR (under the system's temporary directory, named `prefix`…) that already holds
 * the run's migrated database, a copy of tests/support/pglite-template.ts's: the server opens it
 * as on any later start instead of creating it (initdb in a child process, then every migration:
 * ~4 s of a core, measured). The first start on an empty DATA_DIR is proven by
 * tests/process/server-process.test.ts. The caller removes the directory.
 */
export function dataDirWithDatabase(prefix: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = inject("pgliteTemplate");
  if (template) fs.cpSync(path.join(template, "pglite"), path.join(dataDir, "pglite"), { recursive: true });
  return dataDir;
}
