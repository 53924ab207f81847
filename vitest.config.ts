import { configDefaults, defineConfig } from "vitest/config";
import { catalogues } from "./scripts/build/catalogues.ts";

/** Test databases are copies of one PGlite database made and migrated once per run. */
const PGLITE_TEMPLATE = "./tests/support/pglite-template.ts";
/** The unit file that replaces a module with vi.mock: isolated, so that the mock stays its own. */
const UNIT_WITH_MOCKS = "src/server/http/security.test.ts";

export default defineConfig({
  test: {
    // console.error during a test is a failure (tests/support/fail-on-console-error.ts).
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    // A worker opens and closes dozens of embedded databases; twice in two full runs on Node 24.21
    // one died in V8 freeing their WebAssembly code ("Check failed: jit_page_->allocations_.erase
    // (addr) == 1" in ThreadIsolation::UnregisterWasmAllocation). Code kept until the worker exits.
    execArgv: ["--no-wasm-code-gc"],
    // Two files at a time on two cores (Vitest's default leaves one core idle: cores − 1). A file
    // spends much of its time waiting (on its server's database thread, PostgreSQL, timers, child
    // processes), which the other file's work fills. Every file has its own server, database and ports.
    maxWorkers: 2,
    // Three were tried on 12 API files (2026-11-29, other work loading the machine): 191 s against
    // 132 and 208 s with two; a browser file alone keeps ~0.9 of a core busy. The run is CPU-bound.
    // Files start in Vitest's order (on a clean clone: the largest first). Measured on a browser
    // run (42 files, 2026-11-29): the last files to start are short ones whatever the order, and a
    // simulation of that run's durations ended within 1 s of the longest-first order: no sequencer.
    // The API files share nothing but modules (each starts its own server, database,
    // Chromium), so a worker runs one file after another without importing the server, Fastify,
    // Drizzle again for each (isolate: false): a file's import was ~1.7 s of a core on
    // a quiet machine, ~190 s a run; measured on six API files under load, 65 s of CPU instead of 89 s.
    // The unit files share modules the same way; the one that mocks a module (vi.mock), which
    // must not leak into the others, runs in a project of its own, isolated.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "src/**/*.test.ts",
            "tests/docs/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/starter/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, UNIT_WITH_MOCKS],
          environment: "node",
          isolate: false,
          globalSetup: [PGLITE_TEMPLATE],
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          include: [UNIT_WITH_MOCKS],
          environment: "node",
        },
      },
      {
        // Components and hooks of the web app rendered in happy-dom (decision 046): their own logic
        // without a production build or Chromium. The catalogues come from the build's own plugin.
        extends: true,
        plugins: [catalogues()],
        test: {
          name: "web",
          include: ["src/web/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["./tests/support/web-components.tsx"],
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts", "tests/process/**/*.test.ts"],
          isolate: false,
          globalSetup: [PGLITE_TEMPLATE],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          // One worker runs file after file without importing the server, Fastify, Drizzle and
          // playwright-core again for each (as the API project does).
          isolate: false,
          // A page drawn on a loaded machine may take seconds: expect.poll waits longer than its 1 s default.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: [PGLITE_TEMPLATE, "./tests/browser/build-web-app.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Each file drives its own Chromium, after the API tests.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
