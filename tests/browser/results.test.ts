/**
 * The results page in Chromium, after a scripted class of six with every outcome kind:
 * the table, the grids, the per-question summary, live updates, clearing help, the CSV
 * download, deleting; and how long the page takes for 200 students × 15 questions.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { CORRECT, threeQuestionGame } from "../support/classroom.ts";
import { expectedClass, playScriptedClass } from "../support/scripted-class.ts";

const suite = useBrowserSuite({ db: "pglite" });
let page: Page;
let errors: string[];
let sessionId: string;
let pupils: Awaited<ReturnType<typeof playScriptedClass>>;

const OUTCOME_LABELS = {
  correct_first: "Correct (first try)",
  correct_eventual: "Correct (eventually)",
  incorrect: "Incorrect",
  unanswered: "Not attempted",
} as const;

const api = (path: string, body?: unknown) => pageApi(page, path, body);

beforeAll(async () => {
  const context = await suite.browser.newContext({
    baseURL: suite.server.url,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  page = await context.newPage();
  errors = watchPageErrors(page);
  await signUpInPage(page, "Results Teacher", { email: `results-${Date.now()}@scoil.ie` });
  const game = await api("/api/games", threeQuestionGame);
  const session = await api("/api/sessions", { gameId: game.body.id, groupCount: 2 });
  sessionId = session.body.id;
  const codes = (await api(`/api/sessions/${sessionId}`)).body.session.groups.map(
    (g: { joinCode: string }) => g.joinCode,
  );
  pupils = await playScriptedClass(suite.server.url, codes);
});
const rowOf = (name: string) =>
  page
    .locator(".progress-table tbody tr:not(.grid-row)")
    .filter({ has: page.getByRole("rowheader", { name, exact: true }) });

describe("results of a scripted class", () => {
  it("shows the session details", async () => {
    await page.goto(`/session-codes/${sessionId}`);
    await page.getByRole("link", { name: "View Results" }).click();
    await page.getByRole("heading", { name: "Session Results" }).waitFor();
    const facts = page.getByRole("region", { name: "Session details" });
    const fact = async (term: string) => (await facts.locator(`dt:text-is("${term}") + dd`).textContent())!.trim();
    expect(await fact("Game")).toBe(threeQuestionGame.title);
    expect(await fact("Status")).toBe("active");
    expect(await fact("Ended")).toBe("N/A");
    expect(await fact("Total Questions")).toBe("3");
    expect(await fact("Participants")).toBe(String(expectedClass.participants));
    expect(await fact("Average Score")).toBe(`${expectedClass.averageScore} / 3`);
    expect(await fact("Duration")).toMatch(/^\d+ seconds?$|^\d+ minutes? \d+ seconds?$/);
  });

  it("shows every student's row as the spec says", async () => {
    expect(await page.locator(".progress-table thead th").allTextContents()).toEqual([
      "Details",
      "Student Name",
      "Group",
      "Score",
      "Time Taken",
      "Status",
      "Help Requested",
    ]);
    for (const row of expectedClass.rows) {
      const cells = await rowOf(row.name).locator("td, th").allTextContents();
      expect(cells[1], row.name).toBe(row.name);
      expect(cells[3]).toBe(row.score);
      expect(cells[4]).toMatch(row.status === "Completed" ? /^\d+ seconds?$/ : /^In Progress$/);
      expect(cells[5]).toBe(row.status);
      expect(cells[6]!.startsWith(row.help)).toBe(true);
    }
    expect(await rowOf("Bríd").locator("td").nth(1).textContent()).toBe("Red Circle");
    await screenshot(page, "results-table");
  });

  it("expands every grid with the right outcome in each cell, and the stats of the spec", async () => {
    await page.getByRole("button", { name: "Expand All" }).click();
    expect(await page.locator(".student-grid").count()).toBe(6);
    for (const row of expectedClass.rows) {
      const grid = page.locator(".grid-row").nth(expectedClass.rows.indexOf(row));
      const labels = await grid
        .locator(".grid-cell")
        .evaluateAll((cells) => cells.map((c) => c.getAttribute("aria-label")));
      expect(labels, row.name).toEqual(row.outcomes.map((o, i) => `Question ${i + 1}: ${OUTCOME_LABELS[o]}`));
    }
    const dara = page.locator(".grid-row").nth(3);
    expect(await dara.locator(".grid-stats li").allTextContents()).toEqual([
      "Correct (First Try): 0",
      "Correct (Eventually): 0",
      "Not Attempted: 3",
    ]);
    const aoife = page.locator(".grid-row").nth(0);
    expect(await aoife.locator(".grid-stats li").allTextContents()).toEqual([
      "Correct (First Try): 3",
      "Correct (Eventually): 0",
    ]);
    const brid = page.locator(".grid-row").nth(1);
    expect(await brid.locator(".grid-stats li").allTextContents()).toEqual([
      "Correct (First Try): 1",
      "Correct (Eventually): 1",
      "Incorrect (Final): 1",
    ]);
    await page
      .getByText("Key: ✓ correct first attempt · ↻ eventually correct · ✗ incorrect · – not attempted")
      .first()
      .waitFor();

    await page.getByRole("button", { name: "Collapse All" }).click();
    expect(await page.locator(".student-grid").count()).toBe(0);
  });

  it("opens a cell by click, Enter or Space to show the question, the answer and the right answer", async () => {
    await page.getByRole("button", { name: "Show questions for Bríd" }).click();
    const grid = page.locator(".grid-row").first();
    await grid.getByRole("button", { name: "Question 3: Incorrect" }).click();
    const detail = grid.getByRole("region", { name: "Question 3 details" });
    await detail.getByText(threeQuestionGame.questions[2]!.questionText).waitFor();
    await detail.getByText("Outcome: Incorrect (1 attempt)").waitFor();
    await detail
      .getByText(`Selected answer: ${threeQuestionGame.questions[2]!.options[(CORRECT[2]! + 1) % 4]}`)
      .waitFor();
    await detail.getByText(`Correct answer: ${threeQuestionGame.questions[2]!.options[CORRECT[2]!]}`).waitFor();
    await screenshot(page, "results-grid-open");

    await grid.getByRole("button", { name: "Question 2: Correct (first try)" }).focus();
    await page.keyboard.press("Enter");
    await grid.getByRole("region", { name: "Question 2 details" }).waitFor();
    expect(await grid.getByText("Correct answer:").count()).toBe(0);
    await page.keyboard.press(" ");
    await grid.getByRole("region", { name: "Question 2 details" }).waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Show questions for Dara" }).click();
    const daraGrid = page.locator(".grid-row").nth(1);
    await daraGrid.getByRole("button", { name: "Question 1: Not attempted" }).click();
    await daraGrid.getByText("No answer submitted for this question.").waitFor();
  });

  it("summarises each question, hardest first", async () => {
    const rows = page.locator(".question-summary tbody tr");
    expect(await rows.count()).toBe(3);
    for (const [i, q] of expectedClass.questions.entries()) {
      const cells = await rows.nth(i).locator("th, td").allTextContents();
      expect(cells[0]!.startsWith(`Q${q.index + 1}.`)).toBe(true);
      expect(cells.slice(1, 6)).toEqual(
        [q.firstTry, q.eventually, q.stillWrong, q.notAttempted, q.averageAttempts.toFixed(1)].map(String),
      );
    }
  });

  it("updates within a second when a student answers, keeping open rows open", async () => {
    await page.getByRole("button", { name: "Show questions for Cathal" }).click();
    const openBefore = await page.locator(".student-grid").count();
    const started = Date.now();
    expect((await pupils.cathal.answer(1, CORRECT[1]!)).status).toBe(200);
    await rowOf("Cathal").locator("td").nth(2).filter({ hasText: "2 / 3" }).waitFor({ timeout: 1000 });
    const tookMs = Date.now() - started;
    console.info(`[measure] answer → results page updated: ${tookMs} ms`);
    expect(await page.locator(".student-grid").count()).toBe(openBefore);
    await page.getByRole("button", { name: "Question 2: Correct (first try)" }).nth(0).waitFor();
  });

  it("shows a help request and lets the teacher clear it", async () => {
    await pupils.dara.client.post(`/api/play/${pupils.dara.progressId}/help`, { requested: true });
    await rowOf("Dara").getByText("Yes").waitFor({ timeout: 2000 });
    await page.getByRole("button", { name: "Clear help request from Dara" }).click();
    await rowOf("Dara").locator("td").nth(5).filter({ hasText: /^No$/ }).waitFor();
  });

  it("downloads a CSV holding the same figures", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cluehunt-results-.*\.csv$/);
    const text = fs.readFileSync((await download.path())!, "utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(7);
    for (const [i, row] of expectedClass.rows.entries()) {
      const cells = lines[i + 1]!;
      const name = row.name.startsWith("=") ? `'${row.name}` : row.name;
      expect(cells.startsWith(`${name},`)).toBe(true);
    }
    expect(lines[2]).toContain("Bríd,Red Circle,2/3,In Progress,In Progress,Yes");
    expect(lines[3]).toContain(
      "Cathal,Yellow Square,2/3,In Progress,In Progress,No,Correct (first try),1,Correct (first try),1,Not attempted,0",
    );
  });

  it("deletes the results of an ended session after confirming", async () => {
    await api(`/api/sessions/${sessionId}/end`, {});
    await page.reload();
    await page.getByRole("button", { name: "Delete Results" }).waitFor();
    await screenshot(page, "results-ended");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Delete Results" }).click();
    await page.waitForURL("**/dashboard");
    expect((await api(`/api/sessions/${sessionId}/results`)).status).toBe(404);
  });

  it("logged no errors", () => {
    expect(errors).toEqual([]);
  });
});

describe("a large class", () => {
  it("renders 200 students × 15 questions quickly", async () => {
    const game = await api("/api/games", {
      title: "Big class",
      questions: Array.from({ length: 15 }, (_, i) => ({
        questionText: `Question ${i + 1}`,
        options: ["a", "b", "c", "d"],
        correctAnswer: 0,
      })),
    });
    const session = await api("/api/sessions", { gameId: game.body.id, groupCount: 6 });
    const big = session.body.id as string;
    const db = suite.server.database.db;
    await db.execute(sql`insert into users (id, display_name, email, role, is_anonymous)
      select 'big-' || g, 'Student', 'big-' || g || '@students.cluehunt.invalid', 'student', true from generate_series(1, 200) g`);
    await db.execute(sql`insert into student_progress (session_id, group_id, group_identifier, student_id, student_name, completed_questions_count, first_attempt_correct_count, started_at)
      select ${big}, sg.id, sg.group_identifier, 'big-' || g, 'Pupil ' || g, (g % 16), (g % 16) / 2, now() - interval '10 minutes'
      from generate_series(1, 200) g join lateral (select id, group_identifier from session_groups where session_id = ${big} order by join_code offset (g % 6) limit 1) sg on true`);
    await db.execute(sql`insert into progress_answers (progress_id, question_index, selected_option, is_correct, was_ever_incorrect)
      select p.id, q, 0, true, (q % 3 = 0) from student_progress p, generate_series(0, 14) q where p.session_id = ${big} and q < p.completed_questions_count`);
    await db.execute(sql`insert into answer_attempts (progress_id, question_index, selected_option, is_correct, client_attempt_id)
      select a.progress_id, a.question_index, 0, true, a.progress_id || '-' || a.question_index from progress_answers a join student_progress p on p.id = a.progress_id where p.session_id = ${big}`);

    const apiTimings: number[] = [];
    for (let run = 0; run < 3; run++) {
      apiTimings.push(
        await page.evaluate(async (id) => {
          const started = performance.now();
          await (await fetch(`/api/sessions/${id}/results`)).json();
          return Math.round(performance.now() - started);
        }, big),
      );
    }
    const timings: number[] = [];
    for (let run = 0; run < 3; run++) {
      const started = Date.now();
      await page.goto(`/results/${big}`);
      await page.locator(".progress-table tbody tr").nth(199).waitFor();
      timings.push(Date.now() - started);
    }
    const expandStarted = Date.now();
    await page.getByRole("button", { name: "Expand All" }).click();
    await page.locator(".student-grid").nth(199).waitFor();
    const expandMs = Date.now() - expandStarted;
    console.info(
      `[measure] results page, 200 students × 15 questions: results API ${apiTimings.join(" / ")} ms; load to full table ${timings.join(" / ")} ms; Expand All ${expandMs} ms`,
    );
    expect(Math.min(...timings)).toBeLessThan(3000);
    await screenshot(page, "results-200");
  });
});
