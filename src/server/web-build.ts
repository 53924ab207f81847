/**
 * `npm start` on a fresh clone: build the web app once if no build is present.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const webDistDir = path.join(projectRoot, "dist", "web");

export async function ensureWebBuild(log: (message: string) => void): Promise<string> {
  if (fs.existsSync(path.join(webDistDir, "index.html"))) return webDistDir;
  log("Building the web app (first start only)…");
  const started = Date.now();
  const { build } = await import("vite");
  await build({ configFile: path.join(projectRoot, "vite.config.ts"), logLevel: "warn" });
  log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return webDistDir;
}
