/**
 * Clues on the teacher's screens in Chromium: writing a clue in the question editor (with its
 * limit), duplicating a game with its clues, turning sound effects on when starting a
 * session, and reading in the results which pupils were shown each clue.
 * Screenshots at a laptop (1366×768) and a tablet (768×1024).
 */
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { gameMessages } from "../../src/shared/games/games.ts";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { joinedStudent } from "../support/classroom.ts";
import { CLUES, CLUE_GAME_CORRECT as CORRECT, clueGame } from "../support/clue-game.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";

const SIZES = [
  { width: 1366, height: 768 },
  { width: 768, height: 1024 },
] as const;

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
// Started first: the server is told its address.
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
const suite = useBrowserSuite({ db: "pglite", env: () => ({ AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model" }) });
let page: Page;
let errors: string[];

const api = (path: string, body?: unknown) => pageApi(page, path, body);

/** A screenshot of the page at each size, for a person to look at. */
async function screenshotsAtEachSize(name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await screenshot(page, `${name}-${size.width}x${size.height}`);
  }
  await page.setViewportSize(SIZES[0]);
}

beforeAll(async () => {
  const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: SIZES[0] });
  page = await context.newPage();
  errors = watchPageErrors(page);
  await signUpInPage(page, "Clue Teacher", { email: `clues-${Date.now()}@scoil.ie` });
});
afterAll(async () => {
  await fake?.close();
});

const question = (n: number) => page.getByRole("group", { name: `Question ${n}`, exact: true });

describe("writing a clue", () => {
  it("takes an optional clue per question, says when it is too long, and saves it", async () => {
    await page.goto("/create-game");
    await page.getByRole("heading", { name: "Create New Game" }).waitFor();
    await page.getByLabel("Game Title (optional)").fill("Clue Quiz");
    await page.getByLabel("Question 1 text").fill("How many legs has a spider?");
    for (const [i, option] of ["6", "8", "10", "4"].entries())
      await question(1).getByLabel(`Option ${"ABCD"[i]}`, { exact: true }).fill(option);
    await question(1)
      .getByRole("radio", { name: /Option B is the correct answer/ })
      .check();

    const clue = page.getByLabel("Clue for question 1 (optional)");
    expect(await clue.inputValue()).toBe("");
    await question(1).getByText("0 / 200 characters").waitFor();
    await question(1).getByText("A short hint a pupil sees after a wrong answer.", { exact: false }).waitFor();

    // Too long: the field says so at once, and Save refuses with the same message.
    await clue.fill("c".repeat(201));
    await question(1).getByText("201 / 200 characters").waitFor();
    await question(1).getByText(inEnglish(gameMessages.clueTooLong)).waitFor();
    expect(await clue.getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("button", { name: "Save Game" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: inEnglish(gameMessages.clueTooLong) })
      .waitFor();
    await screenshotsAtEachSize("clues-editor-too-long");

    // A good clue: the message goes, the game saves with it.
    await clue.fill("  Count the legs on one side, then double it.  ");
    await question(1).getByText("43 / 200 characters").waitFor();
    expect(await question(1).getByText(inEnglish(gameMessages.clueTooLong)).count()).toBe(0);
    expect(await clue.getAttribute("aria-invalid")).toBe("false");

    // A second question without a clue.
    await page.getByRole("button", { name: "Add Another Question" }).click();
    await page.getByLabel("Question 2 text").fill("How many wings has a bee?");
    for (const [i, option] of ["4", "2", "6", "0"].entries())
      await question(2).getByLabel(`Option ${"ABCD"[i]}`, { exact: true }).fill(option);
    await screenshotsAtEachSize("clues-editor");

    await page.getByRole("button", { name: "Save Game" }).click();
    await page.waitForURL("**/dashboard");
    const rows = await queryRows<{ position: number; clue: string | null }>(
      suite.server.database.db,
      sql`select q.position, q.clue from questions q join games g on g.id = q.game_id where g.title = 'Clue Quiz' order by q.position`,
    );
    expect(rows).toEqual([
      { position: 0, clue: "Count the legs on one side, then double it." },
      { position: 1, clue: null },
    ]);
  });

  it("brings the clues along when a game is duplicated", async () => {
    await page.goto("/dashboard");
    const card = page.getByRole("listitem").filter({ hasText: "Clue Quiz" });
    await card.getByRole("button", { name: "Duplicate Game" }).click();
    await page.getByRole("heading", { name: "Duplicate Game" }).waitFor();
    await expect
      .poll(() => page.getByLabel("Clue for question 1 (optional)").inputValue())
      .toBe("Count the legs on one side, then double it.");
    expect(await page.getByLabel("Clue for question 2 (optional)").inputValue()).toBe("");
  });
});

describe("AI suggestions", () => {
  it("bring each question's clue into the editor, and keep a clue written before generating", async () => {
    await page.goto("/create-game");
    await page.getByRole("heading", { name: "Create New Game" }).waitFor();
    // A clue alone does not make an empty question disposable: it stays.
    await page.getByLabel("Clue for question 1 (optional)").fill("My own clue");
    await page.getByLabel("Subject").selectOption("Geography");
    await page.getByLabel("Class Level").selectOption("3rd Class");
    await page.getByRole("combobox", { name: "Topic" }).fill("Rivers");
    await page.getByLabel("Number of Questions").selectOption("3");
    fake.set({
      kind: "questions",
      questions: [
        {
          questionText: "Which is the longest river in Ireland?",
          options: ["The Shannon", "The Liffey", "The Boyne", "The Lee"],
          clue: "It flows through Athlone and Limerick.",
        },
        {
          questionText: "Which river flows through Dublin?",
          options: ["The Liffey", "The Shannon", "The Corrib", "The Suir"],
        },
      ],
    });
    await page.getByRole("button", { name: "Generate AI Questions" }).click();
    await page.getByText("Added 2 AI questions. Review them before saving.").waitFor();
    expect(await page.getByLabel("Clue for question 1 (optional)").inputValue()).toBe("My own clue");
    expect(await page.getByLabel("Question 2 text").inputValue()).toBe("Which is the longest river in Ireland?");
    expect(await page.getByLabel("Clue for question 2 (optional)").inputValue()).toBe(
      "It flows through Athlone and Limerick.",
    );
    expect(await page.getByLabel("Clue for question 3 (optional)").inputValue()).toBe("");
    const system = fake.requests.at(-1)!.body.messages[0].content as string;
    expect(system).toContain("WITHOUT giving the answer away");
  });
});

describe("starting a session", () => {
  it("offers sound effects, off by default, and stores the teacher's choice", async () => {
    const game = await api("/api/games", clueGame);
    expect(game.status).toBe(201);
    await page.goto(`/start-session/${game.body.id}`);
    await page.getByRole("heading", { name: "Start Session" }).waitFor();
    const sound = page.getByRole("checkbox", { name: "Play sound effects on pupils' devices" });
    expect(await sound.isChecked()).toBe(false);
    await screenshotsAtEachSize("clues-start-session");
    await sound.check();
    await page.getByRole("button", { name: "Start Session Now" }).click();
    await page.waitForURL("**/session-codes/**");
    const sessionId = page.url().split("/session-codes/")[1]!;
    const [row] = await queryRows<{ sound_effects: boolean }>(
      suite.server.database.db,
      sql`select sound_effects from game_sessions where id = ${sessionId}`,
    );
    expect(row!.sound_effects).toBe(true);
  });
});

describe("results", () => {
  it("mark the cells whose clue the pupil was shown, in the cell, its detail and the per-question summary", async () => {
    const game = await api("/api/games", clueGame);
    const session = await api("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const sessionId = session.body.id as string;
    const code = (await api(`/api/sessions/${sessionId}`)).body.session.groups[0].joinCode as string;
    const wrong = (q: number) => (CORRECT[q]! + 1) % 4;
    // Orla: wrong then right on Q1 (clue shown), right on Q2, wrong on Q3 (clue shown).
    const orla = await joinedStudent(suite.server.url, code, "Orla");
    await orla.answer(0, wrong(0));
    await orla.answer(0, CORRECT[0]!);
    await orla.answer(1, CORRECT[1]!);
    await orla.answer(2, wrong(2));
    // Pól: right first time on Q1, wrong on Q2 (no clue to show).
    const pol = await joinedStudent(suite.server.url, code, "Pól");
    await pol.answer(0, CORRECT[0]!);
    await pol.answer(1, wrong(1));

    await page.goto(`/results/${sessionId}`);
    const orlaRow = page
      .locator(".progress-table tbody tr:not(.grid-row)")
      .filter({ has: page.getByRole("rowheader", { name: "Orla", exact: true }) });
    await orlaRow.waitFor();
    await orlaRow.getByRole("button", { name: "Show questions for Orla" }).click();
    const grid = page.locator(".student-grid").first();
    await grid.waitFor();

    // The cell says it in text (not colour alone) and in its accessible name.
    const q1 = grid.getByRole("button", { name: "Question 1: Correct (eventually), clue shown" });
    await q1.waitFor();
    expect(await q1.innerText()).toContain("Clue");
    await grid.getByRole("button", { name: "Question 3: Incorrect, clue shown" }).waitFor();
    const q2 = grid.getByRole("button", { name: "Question 2: Correct (first try)", exact: true });
    expect(await q2.innerText()).not.toContain("Clue");
    await grid.getByText("Clues Shown: 2").waitFor();
    await grid.getByText("clue shown after a wrong answer").waitFor();

    // The cell's detail names the clue and that it was shown.
    await q1.click();
    const detail = page.getByRole("region", { name: "Question 1 details for Orla" });
    await detail.getByText(`Clue shown: Yes (“${CLUES[0]}”)`).waitFor();

    // The per-question summary counts the pupils shown each clue.
    const summary = page.locator(".question-summary");
    await summary.getByRole("columnheader", { name: "Clue shown" }).waitFor();
    const summaryRow = (n: number) =>
      summary.locator("tbody tr").filter({ has: page.getByRole("rowheader", { name: new RegExp(`^Q${n}\\.`) }) });
    expect(await summaryRow(1).locator(".clue-count-cell").innerText()).toBe("1 pupil");
    expect(await summaryRow(2).locator(".clue-count-cell").innerText()).toBe("No clue");
    expect(await summaryRow(3).locator(".clue-count-cell").innerText()).toBe("1 pupil");
    await screenshotsAtEachSize("clues-results");
  });

  it("logged no errors", () => {
    expect(errors).toEqual([]);
  });
});
