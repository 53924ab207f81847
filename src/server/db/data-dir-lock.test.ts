import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.ts";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-lock-"));

describe("data directory lock", () => {
  it("refuses a directory held by another live process, naming it", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      fs.writeFileSync(path.join(dir, "cluehunt.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(`in use by another Cluehunt server (process ${other.pid})`);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that died (kill -9)", async () => {
    const dir = tempDir();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.on("exit", resolve));
    fs.writeFileSync(path.join(dir, "cluehunt.lock"), String(dead.pid));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "cluehunt.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "cluehunt.lock"))).toBe(false);
  });

  it("creates the directory when it does not exist yet", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const release = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, "cluehunt.lock"))).toBe(true);
    release();
  });
});
