// @ts-check
/**
 * `npm start` (decision 055): the server as one built JavaScript file, on a process whose memory
 * allocator gives memory back.
 *
 * - Built, not stripped: running the .ts files makes Node load its TypeScript stripper (SWC built
 *   to WebAssembly, ~20 MB) and keep it for the life of the process. server-bundle.mjs builds
 *   dist/server/main.mjs when a source changed; `node src/server/main.ts` still runs the sources
 *   as they are (tests, `npm run dev`).
 * - On Linux, glibc's malloc is told to return every block over 128 KiB to the system when it is
 *   freed. By default it raises that threshold (up to 32 MiB) once the first large block is
 *   freed, and the half a gigabyte V8's compiler takes for a moment over PostgreSQL's parser then
 *   stays in the process as free heap (the embedded server settled at ~355 MB instead of ~270).
 *   The variable must be set before the process starts, so the process replaces itself (same
 *   PID, same arguments) with it set.
 * - package.json gives V8 `--liftoff-only`: TurboFan's compilation of that parser alone peaks at
 *   ~600 MB, and V8 cannot leave one function unoptimised. A class's joins and answers were no
 *   slower without it (docs/PERFORMANCE.md).
 */
import path from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { ensureServerBundle } from "./server-bundle.mjs";

/** Node 22.15 and later (process.execve: the process replaced, not a child started). */
const replaceable = /** @type {{ execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }} */ (
  /** @type {unknown} */ (process)
);
if (process.platform === "linux" && process.env.MALLOC_MMAP_THRESHOLD_ === undefined && replaceable.execve) {
  replaceable.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_MMAP_THRESHOLD_: String(128 * 1024),
  });
}

const root = path.resolve(import.meta.dirname, "../..");
const { bundle } = await ensureServerBundle({
  root,
  entry: "src/server/main.ts",
  outDir: path.join(root, "dist", "server"),
});
await import(pathToFileURL(bundle).href);
