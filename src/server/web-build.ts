/**
 * `npm start` on a fresh clone: build the web app once if no build is present. The build runs in
 * a child process: the bundler's memory (over a gigabyte at its peak) is given back when it
 * exits, instead of staying in the server's heap for the rest of the day (docs/PERFORMANCE.md).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { projectRoot } from "./project-root.ts";

export const webDistDir = path.join(projectRoot, "dist", "web");

export async function ensureWebBuild(log: (message: string) => void): Promise<string> {
  if (fs.existsSync(path.join(webDistDir, "index.html"))) return webDistDir;
  log("Building the web app (first start only)…");
  const started = Date.now();
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve("vite/package.json")), "bin", "vite.js");
  // tsx, as for the server itself: the build's plugins are TypeScript (scripts/build). NODE_ENV
  // production whatever the shell says: Vite keeps a NODE_ENV it finds, and "development" or
  // "test" there would bundle React's development build for every pupil.
  const child = spawn(process.execPath, ["--import", "tsx", vite, "build", "--logLevel", "warn"], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`Building the web app failed (exit code ${code})`);
  log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return webDistDir;
}
