/**
 * "Make a version for another class level" in Chromium: a teacher makes the 4th
 * Class version of a game from its library card, the editor opens with what the AI (a local
 * server speaking the OpenAI protocol) wrote as a new game, and saving puts both games in the
 * library; from Edit Game, a title made of the game's fields gets the new level; the AI's
 * failure is shown as the AI section shows it; without an AI service the button is off and
 * says why. Screenshots at phone, tablet and laptop; axe on the level chooser.
 */

import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe.ts";
import { screenshot, screenshotDir, takingScreenshots } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1280, height: 900 },
] as const;

const halves = {
  title: "Halves and quarters",
  description: "Fractions for Friday",
  language: "en",
  questions: [
    { questionText: "What is half of 8?", options: ["4", "2", "6", "8"], correctAnswer: 0 },
    { questionText: "What is a quarter of 8?", options: ["2", "4", "1", "3"], correctAnswer: 0 },
    { questionText: "How many halves make a whole?", options: ["2", "1", "3", "4"], correctAnswer: 0 },
  ],
};
/** What the fake model writes for the 4th Class version. */
const fourthClass = [
  {
    questionText: "What is three quarters of 20?",
    options: ["15", "5", "10", "12"],
    clue: "Find one quarter first.",
  },
  {
    questionText: "Which is bigger: 2/4 or 1/3?",
    options: ["2/4", "1/3", "They are equal", "Neither"],
    clue: "Draw them.",
  },
  {
    questionText: "What is half of 3/4?",
    options: ["3/8", "3/2", "1/4", "6/4"],
    clue: "Halve the top or double the bottom.",
  },
];

const gameCard = (page: Page, title: string) =>
  page.locator("li.game-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

describe("with an AI service", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  // Started first: the server is told its address.
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const suite = useBrowserSuite({ db: "pglite", env: () => ({ AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model" }) });
  let page: Page;

  beforeAll(async () => {
    page = await suite.newPage();
    await signUpInPage(page, "Úna");
    expect((await pageApi(page, "/api/games", halves)).status).toBe(201);
  });

  const chooser = () => page.getByRole("dialog", { name: "Make a version for another class level" });

  it("shows the button on the card and the level chooser, at phone, tablet and laptop, with nothing for axe", async () => {
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto("/dashboard");
      const card = gameCard(page, "Halves and quarters");
      const button = card.getByRole("button", { name: "Make a version for another class level" });
      await button.waitFor();
      if (takingScreenshots) {
        fs.mkdirSync(screenshotDir, { recursive: true });
        await card.screenshot({ path: path.join(screenshotDir, `version-button-${viewport.name}.png`) });
      }
      await button.click();
      await chooser().waitFor();
      expect(
        await chooser()
          .getByText(
            "The AI writes 3 new questions on the same topic as “Halves and quarters”, in English, for the class level you choose.",
            { exact: false },
          )
          .count(),
      ).toBe(1);
      // The chooser lists every class level; the game has none of its own to leave out.
      const level = chooser().getByLabel("Class level of the new version");
      expect(await level.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await level.locator("option").count()).toBe(11);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `version-chooser-${viewport.name}`, { fullPage: false });
      // Asked without a level: said beside the field.
      await chooser().getByRole("button", { name: "Make the version" }).click();
      await chooser().getByRole("alert").filter({ hasText: "Choose the class level of the new version." }).waitFor();
      expect(await level.getAttribute("aria-invalid")).toBe("true");
      await chooser().getByRole("button", { name: "Cancel" }).click();
      await chooser().waitFor({ state: "hidden" });
      // The focus goes back to the button that opened it.
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    }
  });

  it("shows the AI's failure in the chooser as the AI section does, and stays on the library", async () => {
    await page.setViewportSize(VIEWPORTS[2]);
    await page.goto("/dashboard");
    await gameCard(page, "Halves and quarters")
      .getByRole("button", { name: "Make a version for another class level" })
      .click();
    await chooser().getByLabel("Class level of the new version").selectOption("4th Class");
    fake.set({ kind: "status", status: 429 });
    await chooser().getByRole("button", { name: "Make the version" }).click();
    await chooser()
      .getByRole("alert")
      .filter({ hasText: "Failed to generate questions: resource-exhausted" })
      .waitFor();
    await chooser().getByText("The AI service is busy or out of quota. Try again in a minute.").waitFor();
    fake.set({ kind: "status", status: 500 });
    await chooser().getByRole("button", { name: "Make the version" }).click();
    await chooser().getByRole("alert").filter({ hasText: "Failed to generate questions: unavailable" }).waitFor();
    await screenshot(page, "version-chooser-error", { fullPage: false });
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await page.keyboard.press("Escape");
    await chooser().waitFor({ state: "hidden" });
  });

  it("makes the 4th Class version: the editor opens with the model's questions and the new title, and saving keeps both games", async () => {
    await page.setViewportSize(VIEWPORTS[2]);
    await page.goto("/dashboard");
    await gameCard(page, "Halves and quarters")
      .getByRole("button", { name: "Make a version for another class level" })
      .click();
    await chooser().getByLabel("Class level of the new version").selectOption("4th Class");
    fake.set({ kind: "questions", questions: fourthClass });
    fake.requests.length = 0;
    await chooser().getByRole("button", { name: "Make the version" }).click();
    await page.waitForURL("**/create-game");

    // What the model was asked: the level, the number, the language and the game's questions.
    const prompt = fake.requests.at(-1)!.body.messages.find((m: { role: string }) => m.role === "user").content;
    expect(prompt).toContain("Write 3 questions.");
    expect(prompt).toContain("Class level: 4th Class");
    expect(prompt).toContain("Topic: Halves and quarters");
    expect(prompt).toContain("the same language (English)");
    for (const [i, q] of halves.questions.entries()) expect(prompt).toContain(`${i + 1}. ${q.questionText}`);

    await page.getByRole("heading", { name: "Create New Game" }).waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: "A version of “Halves and quarters” for 4th Class, written by the AI: review the questions" })
      .waitFor();
    await page.getByText("Game title: Halves and quarters (4th Class)").waitFor();
    expect(await page.getByLabel("Game Description (optional)").inputValue()).toBe("Fractions for Friday");
    for (const [i, q] of fourthClass.entries())
      expect(await page.getByLabel(`Question ${i + 1} text`).inputValue()).toBe(q.questionText);
    expect(await page.getByRole("group", { name: /^Question \d+$/ }).count()).toBe(3);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `version-editor-${viewport.name}`);
    }

    await page.setViewportSize(VIEWPORTS[2]);
    await page.getByRole("button", { name: "Save Game" }).click();
    await page.waitForURL("**/dashboard");
    await gameCard(page, "Halves and quarters (4th Class)").getByText("3 questions").waitFor();
    await gameCard(page, "Halves and quarters").getByText("3 questions").waitFor();
    // Back after saving: a clean Create New Game, not the version to save a second time.
    await page.goBack();
    await page.waitForURL("**/create-game");
    await page.getByRole("heading", { name: "Create New Game" }).waitFor();
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("");
    expect(await page.getByText("A version of “Halves and quarters”", { exact: false }).count()).toBe(0);
    await page.goto("/dashboard");
    const games = (await pageApi(page, "/api/games")).body.games as { id: string; title: string }[];
    expect(games.map((g) => g.title).sort()).toEqual(["Halves and quarters", "Halves and quarters (4th Class)"]);
    const made = games.find((g) => g.title === "Halves and quarters (4th Class)")!;
    const saved = (await pageApi(page, `/api/games/${made.id}`)).body.game;
    expect(saved.language).toBe("en");
    expect(saved.description).toBe("Fractions for Friday");
    expect(saved.questions.map((q: { questionText: string }) => q.questionText)).toEqual(
      fourthClass.map((q) => q.questionText),
    );
    // The right answer (the model's first option) is marked wherever it was shuffled to.
    for (const [i, q] of saved.questions.entries()) expect(q.options[q.correctAnswer]).toBe(fourthClass[i]!.options[0]);
  });

  it("makes a version from Edit Game: a title made of the game's fields gets the new level, in the game's language", async () => {
    const created = await pageApi(page, "/api/games", {
      title: "Mathematics - 3rd Class - Codáin",
      description: "",
      language: "ga",
      aiLastUsedSubject: "Mathematics",
      aiLastUsedLevel: "3rd Class",
      aiLastUsedTopic: "Codáin",
      questions: [{ questionText: "Cad é leath de 10?", options: ["5", "2", "10", "20"], correctAnswer: 0 }],
    });
    expect(created.status).toBe(201);
    await page.goto(`/edit-game/${created.body.id}`);
    await page.getByRole("button", { name: "Make a version for another class level" }).click();
    const level = chooser().getByLabel("Class level of the new version");
    // The game's own level is not offered.
    expect(await level.locator("option", { hasText: "3rd Class" }).count()).toBe(0);
    await chooser()
      .getByText("The AI writes 1 new question on the same topic as “Mathematics - 3rd Class - Codáin”, in Irish", {
        exact: false,
      })
      .waitFor();
    await level.selectOption("5th Class");
    fake.set({
      kind: "questions",
      questions: [
        { questionText: "Cad é trí cheathrú de 40?", options: ["30", "10", "20", "40"], clue: "Ceathrú ar dtús." },
      ],
    });
    await chooser().getByRole("button", { name: "Make the version" }).click();
    await page.waitForURL("**/create-game");
    const prompt = fake.requests.at(-1)!.body.messages.find((m: { role: string }) => m.role === "user").content;
    expect(prompt).toContain("entirely in Irish (Gaeilge)");
    expect(prompt).toContain("Subject: Mathematics");
    expect(prompt).toContain("1. Cad é leath de 10?");
    await page.getByText("Game title: Mathematics - 5th Class - Codáin").waitFor();
    expect(await page.getByLabel("Class Level").inputValue()).toBe("5th Class");
    expect(await page.getByLabel("Questions in").inputValue()).toBe("ga");
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("Cad é trí cheathrú de 40?");
    // A refresh opens the version again rather than losing what the AI wrote.
    await page.reload();
    await page.getByText("Game title: Mathematics - 5th Class - Codáin").waitFor();
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("Cad é trí cheathrú de 40?");
  });

  it("says it all in Irish on an Irish page, the game's language named in Irish", async () => {
    await page.setViewportSize(VIEWPORTS[0]);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Gaeilge", exact: true }).click();
    const button = gameCard(page, "Halves and quarters").getByRole("button", { name: "Déan leagan do rang eile" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Déan leagan do rang eile" });
    await dialog
      .getByText(
        "Scríobhfaidh an AI 3 cheist nua ar an topaic chéanna le “Halves and quarters”, as Béarla, don rang a roghnaíonn tú.",
        { exact: false },
      )
      .waitFor();
    const level = dialog.getByLabel("Rang an leagain nua");
    expect(await level.locator("option", { hasText: "Rang a 4" }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "version-chooser-irish-phone", { fullPage: false });
    await dialog.getByRole("button", { name: "Cealaigh" }).click();
    await page.getByRole("button", { name: "English", exact: true }).click();
    await gameCard(page, "Halves and quarters")
      .getByRole("button", { name: "Make a version for another class level" })
      .waitFor();
  });

  it("logged no errors on the way", () => {
    expect(suite.errors.flat()).toEqual([]);
  });
});

describe("without an AI service", () => {
  const suite = useBrowserSuite({ db: "pglite" });

  it("turns the editor's button off and says why; the library's cards leave it out", async () => {
    const page = await suite.newPage({ viewport: VIEWPORTS[0] });
    await signUpInPage(page, "Ciarán");
    const created = await pageApi(page, "/api/games", halves);
    expect(created.status).toBe(201);
    await page.goto("/dashboard");
    await gameCard(page, "Halves and quarters").getByRole("button", { name: "Duplicate Game" }).waitFor();
    expect(await page.getByRole("button", { name: "Make a version for another class level" }).count()).toBe(0);

    await page.goto(`/edit-game/${created.body.id}`);
    const button = page.getByRole("button", { name: "Make a version for another class level" });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await page.getByText("AI generation is not set up on this server.", { exact: true }).waitFor();
    const describedBy = await button.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      "AI generation is not set up on this server.",
    );
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await screenshot(page, `version-button-off-${viewport.name}`, { fullPage: false });
    }
    expect(suite.errors.flat()).toEqual([]);
  });
});
