/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port), so
 * a test may crash and restart it without touching the machine's shared server that other
 * tests use. As root, the cluster runs as the `postgres` user: PostgreSQL refuses root.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port.ts";

/** The directory with initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
export function findPostgresBinDir(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim());
  } catch {
    // no pg_config: look where Debian and Ubuntu put the server binaries
  }
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, "bin")));
  }
  return candidates.find((dir) => fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl")));
}

export type PrivatePostgres = {
  port: number;
  /** The superuser's URL of the `postgres` database. */
  adminUrl: string;
  /** pg_ctl stop -m immediate: every backend is killed at once, as in a crash (recovery on the next start). */
  crash(): Promise<void>;
  start(): Promise<void>;
  destroy(): void;
};

export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-pg-"));
  const dataDir = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL will not run as root: hand the directory to the postgres user and run as it.
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const argv = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(binDir, tool), ...args]] : [path.join(binDir, tool), args];
  // Asynchronous, so that the test's clients keep running while PostgreSQL stops and starts.
  const run = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [command, commandArgs] = argv(tool, args);
      execFile(command, commandArgs, { cwd: dir }, (error, stdout, stderr) =>
        error ? reject(new Error(`${tool} ${args.join(" ")} failed:\n${stdout}\n${stderr}`)) : resolve(),
      );
    });
  const port = await freePort();
  await run("initdb", ["-D", dataDir, "--auth=trust", "--username=postgres", "--no-sync"]);
  // The socket lives in our directory, not /var/run/postgresql, which belongs to the shared server.
  const start = () =>
    run("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(dir, "postgres.log"),
      "-w",
      "-t",
      "60",
      "-o",
      `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1`,
      "start",
    ]);
  await start();
  let stopped = false;
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: () => run("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]),
    start,
    destroy() {
      if (stopped) return;
      stopped = true;
      spawnSync(...argv("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
