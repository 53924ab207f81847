/**
 * A teacher's page while PostgreSQL is down (a private cluster, crashed with pg_ctl -m
 * immediate; never the machine's shared server). The server answers /api/me with 503: that
 * says nothing about who is signed in, so a reload must wait for the server, not send the
 * teacher to the login page, and show their page once PostgreSQL is back.
 */

import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
import { launchBrowser, screenshot, watchPageErrors } from "../support/browser.ts";
import { signUpInPage } from "../support/browser-suite.ts";
import { freePort } from "../support/free-port.ts";
import { findPostgresBinDir, type PrivatePostgres, startPrivatePostgres } from "../support/private-postgres.ts";
import { killIfRunning, type ServerProcess, startServerProcess } from "../support/server-process.ts";

const binDir = findPostgresBinDir();
const missing = !binDir && process.env.CI !== "true";

describe.skipIf(missing)(
  `a teacher's page during a database outage${missing ? " (skipped: initdb/pg_ctl not found; CI=true requires them)" : ""}`,
  () => {
    let pg: PrivatePostgres;
    let server: ServerProcess;
    let browser: Browser;
    let baseUrl: string;

    beforeAll(async () => {
      if (!binDir)
        throw new Error(
          "CI=true but no PostgreSQL server binaries (initdb, pg_ctl): install postgresql or put pg_config on PATH.",
        );
      pg = await startPrivatePostgres(binDir);
      const { url } = await createScratchDatabase(pg.adminUrl, "cluehunt_outage");
      const port = await freePort();
      baseUrl = `http://localhost:${port}`;
      server = startServerProcess({ PORT: String(port), DATABASE_URL: url });
      await server.waitForOutput(/Local: {3}http:\/\/localhost:\d+\//);
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await killIfRunning(server);
      pg?.destroy();
    });

    it("waits for the server on a reload instead of showing the login page, then shows the dashboard", async () => {
      const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
      const errors = watchPageErrors(page, [/status of 503/]);
      await signUpInPage(page, "Múinteoir Seán", { email: `outage-${Date.now()}@scoil.ie` });

      await pg.crash();
      await page.reload();
      // /api/me answers 503 again and again; the teacher is not sent to the login page.
      await expect
        .poll(
          () =>
            page.evaluate(
              () => performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/api/me")).length,
            ),
          { timeout: 10_000 },
        )
        .toBeGreaterThanOrEqual(3);
      await screenshot(page, "outage-reload-waiting");
      expect(new URL(page.url()).pathname).toBe("/dashboard");

      await pg.start();
      await page.getByRole("heading", { name: "Your Games" }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe("/dashboard");
      expect(errors).toEqual([]);
    });
  },
);
