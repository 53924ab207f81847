/**
 * Privacy in the browser (issue 18): no page of the app asks any host but the app's own; the
 * account page's flows; the privacy page; the results page's deletion notice; axe on each new
 * screen, and screenshots at the four sizes for a person to look at.
 */
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { webDistDir } from "../../src/server/web-build.ts";
import { launchBrowser, screenshot, watchPageErrors } from "../support/browser.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1366, height: 768 },
  { name: "projector", width: 1920, height: 1080 },
] as const;

describe.each(testDatabaseKinds())("privacy in the browser on %s", (db) => {
  let server: TestServer;
  let browser: Browser;
  const errors: string[][] = [];
  /** Every request any page made, by URL. */
  const requested: string[] = [];
  let counter = 0;

  async function newContext(width = 1280, height = 900): Promise<BrowserContext> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
    context.on("request", (request) => requested.push(request.url()));
    return context;
  }

  async function newPage(context?: BrowserContext): Promise<Page> {
    const page = await (context ?? (await newContext())).newPage();
    errors.push(watchPageErrors(page, [/EventSource|net::ERR_FAILED/]));
    return page;
  }

  async function audit(page: Page, screen: string) {
    const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    const found = result.violations.map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
    expect(found, screen).toEqual([]);
  }

  async function api<T = any>(page: Page, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    return page.evaluate(
      async ({ path, body }) => {
        const res = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
        return { status: res.status, body: await res.json().catch(() => null) };
      },
      { path, body },
    );
  }

  async function signedUpTeacherPage(context?: BrowserContext) {
    const page = await newPage(context);
    const email = `privacy-${Date.now()}-${++counter}@scoil.ie`;
    await page.goto("/signup");
    await page.getByLabel("Display Name").fill("Múinteoir Síle");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("password-123");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("heading", { name: "Teacher Dashboard" }).waitFor();
    return { page, email };
  }

  /** A game, a session that was played by one pupil and then ended: the results page has a deletion date. */
  async function endedSession(page: Page) {
    const game = await api<{ id: string }>(page, "/api/games", threeQuestionGame);
    const session = await api<{ id: string }>(page, "/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const detail = await api<{ session: { groups: Array<{ joinCode: string }> } }>(page, `/api/sessions/${session.body.id}`);
    const pupil = await newPage();
    await pupil.goto("/");
    const code = detail.body.session.groups[0]!.joinCode;
    const found = await api<{ groupId: string }>(pupil, "/api/join/lookup", { code });
    const joined = await api<{ progressId: string }>(pupil, "/api/join", { code, groupId: found.body.groupId, name: "Clíona" });
    return { gameId: game.body.id, sessionId: session.body.id, pupil, progressId: joined.body.progressId };
  }

  beforeAll(async () => {
    server = await startTestServer({ db, webDir: webDistDir });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("loads every page without a single request to another host", async () => {
    const visitor = await newPage();
    for (const [path, heading] of [
      ["/", "Cluehunt"],
      ["/login", "Teacher Login"],
      ["/signup", "Teacher Signup"],
      ["/join", "Enter Join Code"],
      ["/privacy", "Privacy: what Cluehunt keeps about children"],
      ["/no-such-page", "404"],
    ] as const) {
      await visitor.goto(path);
      await visitor.getByRole("heading", { name: heading }).first().waitFor();
    }
    const { page } = await signedUpTeacherPage();
    const played = await endedSession(page);
    await played.pupil.goto(`/play/${played.progressId}`);
    await played.pupil.getByText("Cad é 'apple'?").first().waitFor();
    await page.goto("/create-game");
    await page.getByRole("heading", { name: /Create/ }).first().waitFor();
    await page.goto(`/start-session/${played.gameId}`);
    await page.getByRole("heading").first().waitFor();
    await page.goto(`/session-codes/${played.sessionId}`);
    await page.getByRole("heading").first().waitFor();
    await page.goto(`/results/${played.sessionId}`);
    await page.getByRole("heading", { name: "Session Results" }).waitFor();
    await page.goto("/account");
    await page.getByRole("heading", { name: "My Account", exact: true }).waitFor();
    await page.waitForLoadState("networkidle").catch(() => undefined);

    const origin = new URL(server.url).origin;
    const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith("data:") && !url.startsWith("blob:"));
    expect(requested.length, "the pages were loaded").toBeGreaterThan(20);
    expect(elsewhere, "requests to hosts other than the app's own").toEqual([]);
    expect(errors.flat()).toEqual([]);
  });

  it("the privacy page is reached from the landing and join pages, reads plainly and passes axe", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Privacy" }).click();
    await page.getByRole("heading", { name: "Privacy: what Cluehunt keeps about children" }).waitFor();
    await page.goto("/join");
    await page.getByRole("link", { name: "For grown-ups: what we keep" }).click();
    await page.getByRole("heading", { name: "Privacy: what Cluehunt keeps about children" }).waitFor();
    await page.getByText("deleted automatically 30 days after the game ends").waitFor();
    for (const claim of ["no tracking, no advertising, and no requests to other companies", "deleted automatically 30 days after the game ends", "Only the teacher who ran the game"]) {
      await expect(page.getByText(claim, { exact: false }).count()).resolves.toBeGreaterThan(0);
    }
    await audit(page, "privacy");
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), `privacy at ${size.name}`).toEqual([]);
      await screenshot(page, `${db}-privacy-${size.name}`);
    }
    expect(errors.flat()).toEqual([]);
  });

  it("the results page says when the results will be deleted", async () => {
    const { page } = await signedUpTeacherPage();
    const played = await endedSession(page);
    await api(page, `/api/sessions/${played.sessionId}/end`, {});
    await page.goto(`/results/${played.sessionId}`);
    const notice = page.getByText(/These results will be deleted on \d{1,2} \w+ \d{4}\./);
    await notice.waitFor();
    const results = await api<{ retention: { deletesAt: string } }>(page, `/api/sessions/${played.sessionId}/results`);
    const expected = new Date(results.body.retention.deletesAt).toLocaleDateString("en-IE", { day: "numeric", month: "long", year: "numeric" });
    await expect(notice.textContent()).resolves.toContain(`deleted on ${expected}.`);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `${db}-results-retention-${size.name}`);
    }
    await audit(page, "results with deletion notice");
  });

  it("account page: reached from the dashboard; change name; wrong password refused beside the form; delete only with the email typed", async () => {
    const { page, email } = await signedUpTeacherPage();
    await page.getByRole("link", { name: "My Account" }).click();
    await page.getByRole("heading", { name: "My Account", exact: true }).waitFor();
    await audit(page, "account");
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), `account at ${size.name}`).toEqual([]);
      await screenshot(page, `${db}-account-${size.name}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByLabel("Display name").fill("Síle Ní Néill");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Your name has been changed.").waitFor();

    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("new-password-789");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your current password is not correct.").waitFor();
    await audit(page, "account with an error");

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download all my data" }).click();
    expect((await download).suggestedFilename()).toMatch(/^cluehunt-account-\d{4}-\d{2}-\d{2}\.json$/);

    await page.getByLabel("Type your email address").fill("delete");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByText("Type your email address exactly as shown to delete your account.").waitFor();
    await page.getByLabel("Type your email address").fill(email);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("heading", { name: "Cluehunt" }).waitFor();
    expect(await api(page, "/api/me").then((r) => (r.body as { user: unknown }).user)).toBeNull();
    expect(errors.flat()).toEqual([]);
  });

  it("class list: the teacher pastes it on Start Session; a pupil chooses their name, taken names greyed out", async () => {
    const { page } = await signedUpTeacherPage();
    const game = await api<{ id: string }>(page, "/api/games", threeQuestionGame);
    await page.goto(`/start-session/${game.body.id}`);
    await page.getByLabel("Class list (optional)").fill("Aoife\nSeán\nOisín\nBríd\nCaoimhe\nTadhg");
    await audit(page, "start session with a class list");
    await page.getByRole("button", { name: "Start Session Now" }).click();
    await page.waitForURL(/\/session-codes\//);
    const sessionId = page.url().split("/").pop()!;
    const detail = await api<{ session: { groups: Array<{ joinCode: string }> } }>(page, `/api/sessions/${sessionId}`);
    const code = detail.body.session.groups[0]!.joinCode;

    // Seán's device joined already.
    const first = await newPage();
    await first.goto("/");
    const found = await api<{ groupId: string }>(first, "/api/join/lookup", { code });
    expect((await api(first, "/api/join", { code, groupId: found.body.groupId, name: "Seán" })).status).toBe(201);

    const child = await newPage(await newContext(390, 844));
    await child.goto(`/join?code=${code}`);
    await child.getByRole("button", { name: "Continue" }).click();
    await child.getByRole("group", { name: "Choose your name" }).waitFor();
    await expect(child.getByLabel("Your Name").count()).resolves.toBe(0);
    await expect(child.getByRole("radio", { name: /Seán/ }).isDisabled()).resolves.toBe(true);
    await audit(child, "class-list picker");
    for (const size of SIZES) {
      await child.setViewportSize(size);
      expect(await layoutProblems(child), `picker at ${size.name}`).toEqual([]);
      await screenshot(child, `${db}-class-list-picker-${size.name}`);
    }
    await child.getByRole("button", { name: "Join Game" }).click();
    await child.getByText("Please choose your name from the list.").waitFor();
    await child.getByRole("radio", { name: "Oisín" }).check();
    await child.getByRole("button", { name: "Join Game" }).click();
    await child.waitForURL(/\/play\//);
    await child.getByText("Cad é 'apple'?").first().waitFor();
    expect(errors.flat()).toEqual([]);
  });
});
