/**
 * `npm run test:durations`, after a full `npm test`: writes tests/support/file-durations.json,
 * the seconds each test file took in that run (from Vitest's own record of its last run, in
 * node_modules/.vite/vitest), which tests/support/longest-first.ts starts the longest first by on
 * a clean clone. Files of the run that failed are left out; files no longer in the run drop out.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const cacheDir = path.join(root, "node_modules", ".vite", "vitest");
const out = path.join(root, "tests", "support", "file-durations.json");

const durations: Record<string, number> = {};
for (const dir of fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir) : []) {
  const file = path.join(cacheDir, dir, "results.json");
  if (!fs.existsSync(file)) continue;
  const { results } = JSON.parse(fs.readFileSync(file, "utf8")) as {
    results: Array<[string, { duration?: number; failed?: boolean }]>;
  };
  for (const [key, result] of results) {
    const testFile = key.slice(key.indexOf(":") + 1);
    if (result.failed || result.duration === undefined || !fs.existsSync(path.join(root, testFile))) continue;
    durations[key] = Math.round(result.duration / 100) / 10;
  }
}
if (Object.keys(durations).length === 0) throw new Error(`No test durations under ${cacheDir}: run npm test first`);
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
fs.writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`);
console.info(`${Object.keys(sorted).length} files' durations written to ${path.relative(root, out)}`);
