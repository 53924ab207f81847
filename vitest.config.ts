import { defineConfig } from "vitest/config";

/** Test databases are copies of one PGlite database made and migrated once per run. */
const PGLITE_TEMPLATE = "./tests/support/pglite-template.ts";

export default defineConfig({
  test: {
    // console.error during a test is a failure (tests/support/fail-on-console-error.ts).
    setupFiles: ["./tests/support/fail-on-console-error.ts"],
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/docs/**/*.test.ts"], environment: "node", globalSetup: [PGLITE_TEMPLATE] },
      },
      {
        extends: true,
        test: { name: "api", include: ["tests/api/**/*.test.ts", "tests/process/**/*.test.ts"], globalSetup: [PGLITE_TEMPLATE], testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          globalSetup: [PGLITE_TEMPLATE, "./tests/browser/build-web-app.ts"],
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Each file drives its own Chromium; two at a time on two cores, after the API tests.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
