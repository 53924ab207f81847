/**
 * The shell around every page: each SPEC route exists, the offline banner, the route error
 * view, the teacher-only guard for students, and the role polling of the auth gate.
 */
import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { teacherWithSession } from "../support/classroom.ts";

const suite = useBrowserSuite({ db: "pglite" });

async function freshPage(): Promise<Page> {
  const context = await suite.browser.newContext({ baseURL: suite.server.url });
  return context.newPage();
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 }).textContent();

describe("routes", () => {
  it("has every route of the spec, public and teacher-only", async () => {
    const page = await freshPage();
    const errors = watchPageErrors(page);
    for (const [path, title] of [
      ["/login", "Teacher Login"],
      ["/signup", "Teacher Signup"],
      ["/forgot-password", "Reset Password"],
      ["/join", "Enter Join Code"],
      ["/404", "404 - Page Not Found"],
    ]) {
      await page.goto(path!);
      await expect.poll(() => heading(page)).toBe(title);
    }
    await page.goto("/404");
    await signUpInPage(page, "Ciarán", { email: `routes-${Date.now()}@scoil.ie`, through: "api" });
    for (const [path, title] of [
      ["/dashboard", "Teacher Dashboard"],
      ["/create-game", "Create New Game"],
      ["/start-session/00000000-0000-0000-0000-000000000000", "Start Session"],
      ["/session-codes/00000000-0000-0000-0000-000000000000", "Session Codes"],
      ["/results/00000000-0000-0000-0000-000000000000", "Session Results"],
      ["/classes", "My classes"],
      ["/classes/00000000-0000-0000-0000-000000000000", "Edit class"],
    ]) {
      await page.goto(path!);
      await expect.poll(() => heading(page)).toBe(title);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("serves React's production build, as npm start does (never its development build)", async () => {
    const page = await freshPage();
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.url().endsWith(".js")) scripts.push(response.text());
    });
    await page.goto("/join");
    await expect.poll(() => heading(page)).toBe("Enter Join Code");
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    // A warning only React DOM's development build carries (its nesting check).
    expect(bodies.filter((body) => body.includes("In HTML, %s cannot be a child of"))).toEqual([]);
    await page.context().close();
  });
});

describe("offline banner", () => {
  it("shows whenever the browser is offline, and goes when it is back", async () => {
    const page = await freshPage();
    await page.goto("/login");
    await page.getByRole("heading", { name: "Teacher Login" }).waitFor();
    const banner = page.getByText("You are offline. Some features may be limited.");
    expect(await banner.count()).toBe(0);
    await page.context().setOffline(true);
    await banner.waitFor();
    await screenshot(page, "offline-banner");
    await page.context().setOffline(false);
    await banner.waitFor({ state: "detached" });
    await page.context().close();
  });
});

describe("route error view", () => {
  it("reads 'Unexpected Application Error!' when a page cannot load, and recovers on the next page", async () => {
    const page = await freshPage();
    const errors = watchPageErrors(page, [/Failed to fetch dynamically imported module|net::ERR_FAILED|signup-page/]);
    await page.goto("/login");
    await page.getByRole("heading", { name: "Teacher Login" }).waitFor();
    // The signup page's code fails to download (a classroom Wi-Fi drop).
    await page.route(/signup-page-.*\.js$/, (route) => route.abort());
    await page.getByRole("link", { name: "Sign up here" }).click();
    await page.getByRole("heading", { name: "Unexpected Application Error!" }).waitFor();
    await screenshot(page, "route-error");
    await page.goBack();
    await page.getByRole("heading", { name: "Teacher Login" }).waitFor();
    expect(errors.filter((e) => !/signup-page|dynamically imported/.test(e))).toEqual([]);
    await page.context().close();
  });

  it("fetches a page's code again when the first download fails", async () => {
    const page = await freshPage();
    const errors = watchPageErrors(page, [/net::ERR_FAILED/]);
    await page.goto("/login");
    await page.getByRole("heading", { name: "Teacher Login" }).waitFor();
    let aborted = 0;
    await page.route(/signup-page-.*\.js$/, (route) => (aborted++ === 0 ? route.abort() : route.continue()));
    await page.getByRole("link", { name: "Sign up here" }).click();
    await page.getByRole("heading", { name: "Teacher Signup" }).waitFor();
    expect(aborted).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("teacher-only guard", () => {
  it("shows 'Loading...' while auth loads, then sends a student (anonymous) to the landing page", async () => {
    const page = await freshPage();
    // A pupil's device: signed in by joining a session (decision 014).
    const { session } = await teacherWithSession(suite.server.url, 1);
    await page.goto("/404");
    const status = await page.evaluate(
      async (group) =>
        (
          await fetch("/api/join", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ code: group.joinCode, groupId: group.id, name: "Guarded" }),
          })
        ).status,
      session.groups[0] as { joinCode: string; id: string },
    );
    expect(status).toBe(201);

    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/me", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dashboard");
    await page.getByRole("status").filter({ hasText: "Loading..." }).waitFor();
    await screenshot(page, "guard-loading");
    release();
    await page.waitForURL(`${suite.server.url}/`);
    await expect.poll(() => heading(page)).toBe("Cluehunt");
    await page.context().close();
  });
});

describe("a teacher on the join page", () => {
  it("is told to log out or use another window, at the code step, and stays signed in", async () => {
    const page = await freshPage();
    await page.goto("/404");
    await signUpInPage(page, "Ciarán", { email: `join-teacher-${Date.now()}@scoil.ie`, through: "api" });
    const { session } = await teacherWithSession(suite.server.url, 1);
    await page.goto("/join");
    await page.getByLabel("Join Code").fill(session.groups[0].joinCode);
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("alert")
      .filter({
        hasText: "You are logged in as a teacher. Log out, or use another browser window, to join as a student.",
      })
      .waitFor();
    await screenshot(page, "join-as-teacher");
    expect(await page.evaluate(async () => (await (await fetch("/api/me")).json()).user.role)).toBe("teacher");
    await page.context().close();
  });
});

describe("auth gate role polling", () => {
  const setRole = (email: string, role: string | null) =>
    suite.server.database.db.execute(sql`update users set role = ${role} where email = ${email}`);

  it("shows 'Finishing account setup…' and lets the teacher in once the role appears", async () => {
    const page = await freshPage();
    const email = `poll-ok-${Date.now()}@scoil.ie`;
    await page.goto("/404");
    await signUpInPage(page, "Ciarán", { email: email, through: "api" });
    await setRole(email, null);
    await page.goto("/dashboard");
    await page.getByText("Finishing account setup…").waitFor();
    await screenshot(page, "finishing-setup");
    await setRole(email, "teacher");
    await page.getByRole("heading", { name: "Teacher Dashboard" }).waitFor({ timeout: 8000 });
    await page.context().close();
  });

  it("gives up after 5 polls 3 seconds apart with the setup-failed text", async () => {
    const page = await freshPage();
    const email = `poll-fail-${Date.now()}@scoil.ie`;
    await page.goto("/404");
    await signUpInPage(page, "Ciarán", { email: email, through: "api" });
    await setRole(email, null);
    // The page's clock is Playwright's, stopped: the page's timers run only as the test moves it on,
    // so the 15 s of polls pass at once, to the millisecond, however slow the machine.
    // Installed on a blank page, so that no timer of the page the sign-up was on runs as it stops,
    // and only the dashboard's requests are counted.
    await page.goto("about:blank");
    await page.clock.install({ time: new Date("2026-09-01T09:00:00Z") });
    await page.clock.pauseAt(new Date("2026-09-01T09:00:01Z"));
    let polls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/me")) polls++;
    });
    let answers = 0;
    page.on("requestfinished", (request) => {
      if (request.url().endsWith("/api/me")) answers++;
    });
    await page.goto("/dashboard");
    // The page's zero-delay timers run only as the stopped clock moves: a millisecond at a time until it shows.
    const shownAsTheClockMoves = (text: Locator) =>
      expect
        .poll(async () => {
          await page.clock.runFor(1);
          return text.count();
        })
        .toBe(1);
    const setup = page.getByText("Finishing account setup…");
    const failed = page.getByText(
      "Account setup is taking longer than expected. Please try logging out and logging back in.",
    );
    await shownAsTheClockMoves(setup);
    // The first look at the account (and any second one the page makes as it loads), all answered.
    await page.waitForTimeout(300);
    await expect.poll(() => answers).toBe(polls);
    const looks = polls;
    expect(looks).toBeGreaterThanOrEqual(1);
    expect(looks).toBeLessThanOrEqual(2);
    await page.clock.runFor(1);
    // Five polls, each 3 s after the last (within 20 ms either side): none a little before, one just after.
    for (const poll of [1, 2, 3, 4, 5]) {
      await page.clock.runFor(2_980);
      await page.waitForTimeout(100);
      expect(polls, `poll ${poll} came early`).toBe(looks + poll - 1);
      expect(await failed.count()).toBe(0);
      await page.clock.runFor(40);
      await expect.poll(() => answers).toBe(looks + poll);
      await page.clock.runFor(1);
    }
    // Then, with nothing more asked of the server, the setup-failed text.
    await shownAsTheClockMoves(failed);
    expect(polls).toBe(looks + 5);
    await screenshot(page, "setup-failed");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/login");
    await page.context().close();
  });
});
