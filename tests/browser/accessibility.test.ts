/**
 * axe-core (WCAG 2.0, 2.1 and 2.2 at levels A and AA, plus axe's best practices for landmarks
 * and headings) on every screen and state of the app, as teachers and pupils reach them:
 * zero violations allowed. No rule is switched off.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "../../src/server/project-root.ts";
import { GROUP_IDENTIFIERS, GROUPS } from "../../src/shared/games/curriculum.ts";
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi as apiFetch, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";

const answers = threeQuestionGame.questions.map((q) => q.options[q.correctAnswer]!);
const wrong = threeQuestionGame.questions.map((q) => q.options[(q.correctAnswer + 1) % 4]!);

describe.each([browserDatabaseKind("pglite")])("accessibility of every screen on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let teacher: Page;
  const errors = suite.errors;
  const audited = new Map<string, string[]>();
  let gameId = "";
  let sessionId = "";
  let codes: string[] = [];

  const newPage = () =>
    suite.newPage({
      allowed: [
        /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|EventSource|dynamically imported module|not-found-page/,
      ],
    });

  /** Run axe on what the page shows now; every violation is kept for the report and fails the test. */
  async function audit(page: Page, screen: string) {
    const found = await axeViolations(page);
    audited.set(screen, found);
    await screenshot(page, `${db}-a11y-${screen}`);
    expect.soft(found, screen).toEqual([]);
  }

  beforeAll(async () => {
    teacher = await newPage();
  });
  afterAll(() => {
    const lines = [...audited].map(
      ([screen, found]) =>
        `  ${screen.padEnd(32)} ${found.length === 0 ? "0 violations" : `${found.length} violations\n      ${found.join("\n      ")}`}`,
    );
    console.info(`[axe] ${db}: ${audited.size} screens\n${lines.join("\n")}`);
  });

  it("public pages: landing, login, signup, forgot and reset password, 404, error view", async () => {
    const page = await newPage();
    await page.goto("/");
    await page.getByRole("heading", { name: "Cluehunt" }).waitFor();
    await audit(page, "landing");

    await page.goto("/login");
    await page.getByRole("heading", { name: "Teacher Login" }).waitFor();
    await audit(page, "login");
    await page.getByLabel("Email").fill("nobody@scoil.ie");
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").waitFor();
    await audit(page, "login-error");

    await page.goto("/signup");
    await page.getByRole("heading", { name: "Teacher Signup" }).waitFor();
    await audit(page, "signup");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByRole("alert").filter({ hasText: "Display name is required." }).waitFor();
    await audit(page, "signup-error");

    await page.goto("/forgot-password");
    await page.getByRole("heading", { name: "Reset Password" }).waitFor();
    await audit(page, "forgot-password");
    await page.getByLabel("Email").fill("nobody@scoil.ie");
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await page.getByText("Password reset email sent. Check your inbox.").waitFor();
    await audit(page, "forgot-password-sent");

    await page.goto("/reset-password?token=not-a-real-token");
    await page.getByLabel("New Password").waitFor();
    await audit(page, "reset-password");
    await page.goto("/reset-password");
    await page.getByRole("alert").waitFor();
    await audit(page, "reset-password-no-token");

    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "404 - Page Not Found" }).waitFor();
    await audit(page, "not-found");

    await page.goto("/login");
    await page.getByRole("heading", { name: "Teacher Login" }).waitFor();
    await page.route(/not-found-page-.*\.js$/, (route) => route.abort());
    await page.evaluate(() => {
      window.history.pushState(null, "", "/404");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.getByRole("heading", { name: "Unexpected Application Error!" }).waitFor({ timeout: 10_000 });
    await audit(page, "route-error-view");

    await page.unroute(/not-found-page-.*\.js$/);
    await page.goto("/join");
    await page.getByRole("heading", { name: "Enter Join Code" }).waitFor();
    await page.context().setOffline(true);
    await page.getByText("You are offline. Some features may be limited.").waitFor();
    await audit(page, "offline-banner");
    await page.context().close();
  });

  it("teacher pages: loading, dashboard (empty), create game (empty, validation, topic suggestions)", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await teacher.route("**/api/me", async (route) => {
      await held;
      await route.continue();
    });
    await teacher.goto("/dashboard");
    await teacher.getByRole("status").filter({ hasText: "Loading..." }).waitFor();
    await audit(teacher, "auth-loading");
    release();
    await teacher.waitForURL("**/login");
    await teacher.unroute("**/api/me");

    await signUpInPage(teacher, "Múinteoir Áine", { email: `a11y-${db}-${Date.now()}@scoil.ie` });
    await teacher.getByText("No completed or archived sessions.").waitFor();
    await teacher.getByText("No active sessions.").waitFor();
    await audit(teacher, "dashboard-empty");

    await teacher.getByRole("link", { name: "Create New Game" }).click();
    await teacher.getByRole("heading", { name: "Create New Game" }).waitFor();
    await teacher.getByText("AI generation is not set up on this server").waitFor();
    await audit(teacher, "create-game-empty");
    await teacher.getByRole("button", { name: "Save Game" }).click();
    await teacher.getByRole("alert").first().waitFor();
    await teacher.getByLabel("Game Title (optional)").fill("Friday Quiz");
    await teacher.getByLabel("Question 1 text").fill("How many legs has a spider?");
    await teacher.getByRole("button", { name: "Add Another Question" }).click();
    await teacher.getByRole("button", { name: "Save Game" }).click();
    await teacher.getByRole("alert").filter({ hasText: "All question texts must be filled in." }).waitFor();
    await audit(teacher, "create-game-validation");

    await teacher.getByLabel("Subject").selectOption("Mathematics");
    await teacher.getByLabel("Class Level").selectOption("3rd Class");
    await teacher.getByRole("combobox", { name: "Topic" }).focus();
    await teacher.getByRole("listbox", { name: "Topic suggestions" }).waitFor();
    await teacher.keyboard.press("ArrowDown");
    await audit(teacher, "create-game-topic-suggestions");
  });

  it("dashboard (full), duplicate, start session, session codes, projector view", async () => {
    const created = await apiFetch<{ id: string }>(teacher, "/api/games", {
      ...threeQuestionGame,
      aiLastUsedSubject: "Irish",
      aiLastUsedLevel: "3rd Class",
      aiLastUsedTopic: "Bia",
    });
    expect(created.status).toBe(201);
    gameId = created.body.id;
    for (let i = 1; i <= 3; i++)
      expect(
        (await apiFetch(teacher, "/api/games", { ...threeQuestionGame, title: `Extra game ${i}`, description: "" }))
          .status,
      ).toBe(201);
    for (let i = 0; i < 4; i++) {
      const s = await apiFetch<{ id: string }>(teacher, "/api/sessions", { gameId, groupCount: 1 });
      if (i > 0) expect((await apiFetch(teacher, `/api/sessions/${s.body.id}/end`, {})).status).toBe(200);
    }
    await teacher.goto("/dashboard");
    await teacher.getByRole("button", { name: "Show More Games (1 more)" }).click();
    await teacher.getByRole("link", { name: "View Codes" }).first().waitFor();
    await teacher.getByRole("link", { name: "View Results" }).first().waitFor();
    await audit(teacher, "dashboard-full");

    const card = teacher.getByRole("listitem").filter({ hasText: threeQuestionGame.title });
    await card.getByRole("button", { name: "Duplicate Game" }).click();
    await teacher.getByRole("heading", { name: "Duplicate Game" }).waitFor();
    await expect
      .poll(() => teacher.getByLabel("Question 3 text").inputValue())
      .toBe(threeQuestionGame.questions[2]!.questionText);
    await audit(teacher, "duplicate-game");

    await teacher.goto(`/start-session/${gameId}`);
    await teacher.getByText("Food words").waitFor();
    await teacher.getByLabel("Number of Groups").selectOption("6");
    // A game in Irish starts with the pupils' screens in Irish; these are the English screens' checks.
    expect(await teacher.getByLabel("Pupils' screens in").inputValue()).toBe("ga");
    await teacher.getByLabel("Pupils' screens in").selectOption("en");
    await audit(teacher, "start-session");
    await teacher.getByRole("button", { name: "Start Session Now" }).click();
    await teacher.waitForURL("**/session-codes/**");
    sessionId = teacher.url().split("/session-codes/")[1]!;
    await teacher.locator(".code-card").nth(5).waitFor();
    codes = await teacher.locator(".join-code").allTextContents();
    await audit(teacher, "session-codes");

    await teacher.getByRole("button", { name: "Projector view" }).click();
    await teacher.locator(".projector-digits").first().waitFor();
    await audit(teacher, "projector-view");
    await teacher.getByRole("button", { name: "Close projector view" }).click();
  });

  it("issue 16: the editor's import preview with bad rows, the dashboard's share panel, a shared game", async () => {
    await teacher.goto("/create-game");
    await teacher.getByText("Import questions from a spreadsheet").click();
    await teacher
      .getByLabel("Spreadsheet file (.csv or .xlsx)")
      .setInputFiles(path.join(projectRoot, "tests/fixtures/import/bad-rows.xlsx"));
    await teacher.getByRole("button", { name: "Add 2 questions to the game" }).waitFor();
    await audit(teacher, "import-preview");
    await teacher.getByRole("button", { name: "Add 2 questions to the game" }).click();
    await teacher.getByText('2 questions added from "bad-rows.xlsx".', { exact: false }).waitFor();
    await audit(teacher, "import-added");

    await teacher.goto("/dashboard");
    // The newest game, shown first in Your Games.
    const card = teacher.getByRole("region", { name: "Your Games" }).locator(".item-card").first();
    await card.getByRole("button", { name: "Share" }).click();
    await card.getByRole("button", { name: "Turn on share link" }).click();
    const link = await card.getByLabel("Share link", { exact: true }).inputValue();
    await audit(teacher, "dashboard-share-panel");

    const colleague = await newPage();
    await signUpInPage(colleague, "Colleague", { email: `colleague-${Date.now()}@scoil.ie` });
    await colleague.goto(link);
    await colleague.getByRole("button", { name: "Add a copy to my games" }).waitFor();
    await audit(colleague, "shared-game");
    await card.getByRole("button", { name: "Turn off share link" }).click();
    await card.getByRole("button", { name: "Turn on share link" }).waitFor();
    await colleague.reload();
    await colleague.getByText("This share link is turned off", { exact: false }).waitFor();
    await audit(colleague, "shared-game-link-off");
  });

  let pupil: Page;
  it("join: step 1, its error, step 2 and its error", async () => {
    pupil = await newPage();
    // 'Correct!' shows for 1 s (setTimeout): while window.__holdFeedback is set, that timer
    // waits, so axe can look at the state. Nothing else about the page's timers changes.
    await pupil.context().addInitScript(() => {
      const realSetTimeout = window.setTimeout.bind(window);
      const w = window as unknown as { __holdFeedback: boolean; setTimeout: typeof window.setTimeout };
      w.__holdFeedback = false;
      w.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
        if (ms !== 1000 || typeof handler !== "function") return realSetTimeout(handler, ms, ...args);
        const run = () =>
          w.__holdFeedback ? realSetTimeout(run, 50) : (handler as (...a: unknown[]) => void)(...args);
        return realSetTimeout(run, ms);
      }) as typeof window.setTimeout;
    });
    await pupil.goto("/join");
    await pupil.getByRole("heading", { name: "Enter Join Code" }).waitFor();
    await audit(pupil, "join-step-1");
    await pupil.getByLabel("Join Code").fill("12");
    await pupil.getByRole("button", { name: "Continue" }).click();
    await pupil.getByRole("alert").filter({ hasText: "Please enter a 6-digit join code." }).waitFor();
    await audit(pupil, "join-step-1-error");
    await pupil.getByLabel("Join Code").fill(codes[5]!);
    await pupil.getByRole("button", { name: "Continue" }).click();
    await pupil.getByRole("heading", { name: "Confirm Group & Enter Name" }).waitFor();
    await audit(pupil, "join-step-2");
    await pupil.getByRole("button", { name: "Join Game" }).click();
    await pupil.getByRole("alert").filter({ hasText: "Please enter your name." }).waitFor();
    await audit(pupil, "join-step-2-error");
  });

  it("play: question, incorrect, correct, help requested, offline, complete", async () => {
    await pupil.getByLabel("Your Name").fill("Saoirse");
    await pupil.getByRole("button", { name: "Join Game" }).click();
    await pupil.getByText("Question 1 of 3").waitFor();
    await audit(pupil, "play-question");

    await pupil.getByLabel(wrong[0]!).check();
    await pupil.getByRole("button", { name: "Submit Answer" }).click();
    await pupil.getByText("Incorrect!").waitFor();
    await audit(pupil, "play-incorrect");

    await pupil.getByLabel(answers[0]!).check();
    await pupil.evaluate(() => ((window as unknown as { __holdFeedback: boolean }).__holdFeedback = true));
    await pupil.getByRole("button", { name: "Submit Answer" }).click();
    await pupil.getByText("Correct!").waitFor();
    await audit(pupil, "play-correct");
    expect(await pupil.getByText("Correct!").count()).toBe(1);
    await pupil.evaluate(() => ((window as unknown as { __holdFeedback: boolean }).__holdFeedback = false));
    await pupil.getByText("Question 2 of 3").waitFor();

    await pupil.getByRole("button", { name: "Ask for help" }).click();
    await pupil.getByRole("button", { name: "Help is coming (tap to cancel)" }).waitFor();
    await audit(pupil, "play-help-requested");

    await pupil.context().setOffline(true);
    await pupil.getByText("You are offline. Some features may be limited.").waitFor();
    await pupil.getByLabel(answers[1]!).check();
    await pupil.getByRole("button", { name: "Submit Answer" }).click();
    await pupil.getByText("No connection. Your answer is saved on this device").waitFor();
    await audit(pupil, "play-offline");
    await pupil.context().setOffline(false);
    await pupil.getByText("Question 3 of 3").waitFor({ timeout: 10_000 });

    await pupil.getByLabel(answers[2]!).check();
    await pupil.getByRole("button", { name: "Submit Answer" }).click();
    await pupil.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    await audit(pupil, "play-complete");
  });

  it("results: table, a grid cell open, the question summary, and after the session ended", async () => {
    // A second pupil who gets one wrong and asks for help, then sees the session end.
    const second = await newPage();
    await second.goto(`/join?code=${codes[1]}`);
    await second.getByRole("button", { name: "Continue" }).click();
    await second.getByLabel("Your Name").fill("Oisín");
    await second.getByRole("button", { name: "Join Game" }).click();
    await second.getByLabel(wrong[0]!).check();
    await second.getByRole("button", { name: "Submit Answer" }).click();
    await second.getByText("Incorrect!").waitFor();
    await second.getByRole("button", { name: "Ask for help" }).click();
    await second.getByRole("button", { name: "Help is coming (tap to cancel)" }).waitFor();

    await teacher.goto(`/results/${sessionId}`);
    await teacher.getByRole("heading", { name: "Session Results" }).waitFor();
    await teacher.getByRole("button", { name: "Clear help request from Oisín" }).waitFor();
    await audit(teacher, "results-table");
    await teacher.getByRole("button", { name: "Show questions for Oisín" }).click();
    await teacher.getByRole("button", { name: "Show questions for Saoirse" }).click();
    await teacher
      .locator(".grid-row")
      .first()
      .getByRole("button", { name: /^Question 1: / })
      .click();
    await teacher
      .locator(".grid-row")
      .nth(1)
      .getByRole("button", { name: /^Question 1: / })
      .click();
    await teacher.getByRole("region", { name: "Question 1 details" }).first().waitFor();
    await audit(teacher, "results-grid-open");

    teacher.once("dialog", (dialog) => void dialog.accept());
    await teacher.getByRole("link", { name: "Join codes" }).click();
    await teacher.getByRole("button", { name: "End Session for All" }).click();
    await teacher.getByText("Session ended successfully!").waitFor();
    await audit(teacher, "session-codes-ended");
    await second.getByText("This session has ended").waitFor({ timeout: 5000 });
    await audit(second, "play-session-ended");

    await teacher.getByRole("link", { name: "View Results" }).click();
    await teacher.getByRole("button", { name: "Delete Results" }).waitFor();
    await teacher.getByRole("button", { name: "Expand All" }).click();
    await audit(teacher, "results-ended-expanded");
  });

  it("shows each group by its shape and name, never by colour alone", async () => {
    // Codes page, projector view, join step 2, play and results all show the group badge.
    const expectBadges = async (page: Page, where: string, expected: string[]) => {
      const badges = page.locator(".group-badge");
      await badges.first().waitFor();
      const seen = await badges.evaluateAll((els) =>
        els.map((el) => {
          const shape = el.querySelector(".group-shape");
          const box = shape?.getBoundingClientRect();
          return {
            name: el.querySelector(".group-name")?.textContent ?? "",
            shape: shape?.getAttribute("data-shape") ?? "",
            visible: Boolean(box && box.width >= 10 && box.height >= 10),
          };
        }),
      );
      expect(seen.length, where).toBeGreaterThan(0);
      for (const badge of seen) {
        const group = Object.values(GROUPS).find((g) => g.displayName === badge.name);
        expect(group, `${where}: ${badge.name}`).toBeDefined();
        expect(badge.shape, `${where}: ${badge.name}`).toBe(group!.shape.toLowerCase());
        expect(badge.visible, `${where}: ${badge.name}`).toBe(true);
      }
      expect(new Set(seen.map((b) => b.name)), where).toEqual(new Set(expected));
    };
    const all = GROUP_IDENTIFIERS.map((g) => GROUPS[g].displayName);

    const started = await apiFetch<{ id: string }>(teacher, "/api/sessions", { gameId, groupCount: 6 });
    await teacher.goto(`/session-codes/${started.body.id}`);
    await teacher.locator(".code-card").nth(5).waitFor();
    await expectBadges(teacher, "codes page", all);
    const sixCodes = await teacher.locator(".join-code").allTextContents();
    await teacher.getByRole("button", { name: "Projector view" }).click();
    await expectBadges(teacher, "projector", all);
    await teacher.getByRole("button", { name: "Close projector view" }).click();

    // One device per group, side by side: each waits on the server and on its own page.
    await Promise.all(
      sixCodes.map(async (code, i) => {
        const p = await newPage();
        await p.goto(`/join?code=${code}`);
        await p.getByRole("button", { name: "Continue" }).click();
        await p.getByRole("heading", { name: "Confirm Group & Enter Name" }).waitFor();
        await expectBadges(p, `join step 2 (${all[i]})`, [all[i]!]);
        await p.getByLabel("Your Name").fill(`Pupil ${i + 1}`);
        await p.getByRole("button", { name: "Join Game" }).click();
        await p.getByText("Question 1 of 3").waitFor();
        await expectBadges(p, `play (${all[i]})`, [all[i]!]);
        if (i === 5) await screenshot(p, `${db}-a11y-play-orange-octagon`);
        await p.context().close();
      }),
    );
    await teacher.goto(`/results/${started.body.id}`);
    await teacher.getByRole("rowheader", { name: "Pupil 6" }).waitFor();
    await expectBadges(teacher, "results", all);
    await screenshot(teacher, `${db}-a11y-results-six-groups`);
  });

  it("logged no errors", () => {
    expect(errors.flat()).toEqual([]);
  });
});
