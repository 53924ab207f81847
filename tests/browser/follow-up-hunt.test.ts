/**
 * "Make a follow-up hunt" in Chromium, one server and one browser (with a local server speaking the
 * OpenAI protocol as the AI service): four pupils answer a game of three questions; on the results
 * the teacher opens the chooser, the question most got wrong at the first try comes first and is the
 * one ticked; the editor opens with it copied whole, titled "… — follow-up", not saved until Save
 * (a reload keeps it); saved, it is a new game. With the AI, "3 new questions like this one" puts the
 * AI's questions after the copy. In a session of two groups, "Red Circle only" ranks and fills from that
 * group's answers. axe on the chooser; screenshots of the chooser at phone, tablet and projector sizes
 * in English and Irish.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { joinedStudent } from "../support/classroom.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";
import { layoutProblems, TEACHER_PAGE_SIZES } from "../support/layout-checks.ts";

const fractions = {
  title: "Mathematics - 3rd Class - Fractions",
  description: "Halves and thirds",
  language: "en",
  aiLastUsedSubject: "Mathematics",
  aiLastUsedLevel: "3rd Class",
  aiLastUsedTopic: "Fractions",
  questions: [
    { questionText: "What is half of 8?", options: ["4", "2", "6", "8"], correctAnswer: 0, clue: "Share 8 sweets." },
    {
      questionText: "Which is bigger, 1/2 or 1/3?",
      options: ["1/2", "1/3", "They are equal", "You cannot tell"],
      correctAnswer: 0,
      clue: "Cut two cakes the same size.",
      optionNotes: ["", "thinks a bigger bottom number means a bigger fraction", "", ""],
    },
    { questionText: "How many quarters make a whole?", options: ["4", "2", "3", "1"], correctAnswer: 0 },
  ],
};
const FOLLOW_UP_TITLE = "Mathematics - 3rd Class - Fractions — follow-up";

/** What the fake model writes for "3 new questions like this one". */
const like = [
  {
    questionText: "Which is bigger, 1/4 or 1/2?",
    options: ["1/2", "1/4", "They are equal", "Neither"],
    clue: "Draw them.",
  },
  {
    questionText: "Which is smaller, 1/3 or 1/5?",
    options: ["1/5", "1/3", "They are equal", "Neither"],
    clue: "Cut a pizza.",
  },
  {
    questionText: "Which is bigger, 2/3 or 1/3?",
    options: ["2/3", "1/3", "They are equal", "Neither"],
    clue: "Count the parts.",
  },
];

describe("a follow-up hunt from the results", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const suite = useBrowserSuite({ db: "pglite", env: () => ({ AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model" }) });
  let page: Page;
  let sessionId: string;
  let gameId: string;

  const chooser = () => page.getByRole("dialog", { name: en["results.followUp.button"] });
  const openChooser = async (texts: Record<string, string> = en) => {
    await page.goto(`/results/${sessionId}`);
    await page.getByRole("button", { name: texts["results.followUp.button"] }).click();
    await page.getByRole("dialog", { name: texts["results.followUp.button"] }).waitFor();
  };

  beforeAll(async () => {
    page = await suite.newPage({ locale: "en-IE" });
    await page.goto("/privacy");
    await signUpInPage(page, "Múinteoir Nóra", { through: "api" });
    gameId = (await pageApi<{ id: string }>(page, "/api/games", fractions)).body.id;
    const started = await pageApi<{ id: string }>(page, "/api/sessions", { gameId, groupCount: 1 });
    sessionId = started.body.id;
    const detail = await pageApi<{ session: { groups: { joinCode: string }[] } }>(page, `/api/sessions/${sessionId}`);
    const code = detail.body.session.groups[0]!.joinCode;
    // Question 2 is missed at the first try by three of the four, question 1 by one, question 3 by none.
    const plays: Record<string, [number, number][]> = {
      Áine: [
        [0, 0],
        [1, 1],
        [1, 0],
        [2, 0],
      ],
      Seán: [
        [0, 0],
        [1, 2],
        [1, 0],
      ],
      Cian: [
        [0, 1],
        [0, 0],
        [1, 1],
        [1, 0],
      ],
      Niamh: [
        [0, 0],
        [1, 0],
      ],
    };
    for (const [name, answers] of Object.entries(plays)) {
      const pupil = await joinedStudent(suite.server.url, code, name);
      for (const [question, option] of answers) expect((await pupil.answer(question, option)).status).toBe(200);
    }
  });

  it("ticks the most missed question, opens the editor with it copied whole as a new unsaved game, and saves it", async () => {
    await openChooser();
    const items = chooser().getByRole("listitem");
    expect((await items.allInnerTexts()).map((text) => text.split(/\n+/).slice(0, 2))).toEqual([
      ["2. Which is bigger, 1/2 or 1/3?", "3 of 4 wrong at the first try"],
      ["1. What is half of 8?", "1 of 4 wrong at the first try"],
      ["3. How many quarters make a whole?", "0 of 1 wrong at the first try"],
    ]);
    const box = (text: string) => chooser().getByRole("checkbox", { name: text, exact: false });
    expect(await box("Which is bigger, 1/2 or 1/3?").isChecked()).toBe(true);
    expect(await box("What is half of 8?").isChecked()).toBe(false);
    expect(await box("How many quarters make a whole?").isChecked()).toBe(false);
    expect(
      await chooser()
        .getByRole("checkbox", { name: en["results.followUp.alike"].replace("{count}", "3") })
        .count(),
    ).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    for (const [size, viewport] of Object.entries(TEACHER_PAGE_SIZES)) {
      if (size === "laptop") continue;
      await page.setViewportSize(viewport);
      expect(await layoutProblems(page), size).toEqual([]);
      await screenshot(page, `follow-up-chooser-${size}`, { fullPage: false });
    }
    await page.setViewportSize(TEACHER_PAGE_SIZES.laptop);

    // Nothing ticked: said, and nothing opens.
    await box("Which is bigger, 1/2 or 1/3?").uncheck();
    await chooser().getByRole("button", { name: en["results.followUp.make"] }).click();
    await chooser().getByRole("alert").filter({ hasText: en["results.followUp.chooseOne"] }).waitFor();
    await box("Which is bigger, 1/2 or 1/3?").check();
    await chooser().getByRole("button", { name: en["results.followUp.make"] }).click();

    await page.waitForURL("**/create-game");
    await page.getByRole("heading", { level: 1, name: en["games.editor.create"] }).waitFor();
    await page.getByText("A follow-up hunt of “Mathematics - 3rd Class - Fractions”, not saved yet").waitFor();
    const editorHolds = async () => {
      await page.locator(".effective-title strong").filter({ hasText: FOLLOW_UP_TITLE }).waitFor();
      await page.getByRole("heading", { level: 2, name: "Questions (1)" }).waitFor();
      expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("Mathematics");
      expect(await page.getByLabel("Class Level", { exact: true }).inputValue()).toBe("3rd Class");
      expect(await page.getByLabel("Question 1 text").inputValue()).toBe("Which is bigger, 1/2 or 1/3?");
    };
    await editorHolds();
    // Not saved: the library still has the one game; a reload keeps the follow-up.
    expect((await pageApi<{ games: unknown[] }>(page, "/api/games")).body.games).toHaveLength(1);
    await page.reload();
    await editorHolds();
    await screenshot(page, "follow-up-editor-laptop");

    await page.getByRole("button", { name: en["games.editor.saveGame"] }).click();
    await page.waitForURL("**/dashboard");
    const games = (await pageApi<{ games: { id: string; title: string }[] }>(page, "/api/games")).body.games;
    const saved = games.find((g) => g.title === FOLLOW_UP_TITLE)!;
    expect(saved).toBeDefined();
    const game = (await pageApi(page, `/api/games/${saved.id}`)).body.game;
    expect(game).toMatchObject({
      description: "Halves and thirds",
      language: "en",
      aiLastUsedSubject: "Mathematics",
      aiLastUsedLevel: "3rd Class",
      aiLastUsedTopic: "Fractions — follow-up",
    });
    expect(game.questions).toHaveLength(1);
    // The note comes with its question, stored with nulls for "none".
    expect(game.questions[0]).toMatchObject({
      ...fractions.questions[1],
      optionNotes: [null, "thinks a bigger bottom number means a bigger fraction", null, null],
      kind: "choice",
      imageId: null,
    });
    expect(suite.errors.flat()).toEqual([]);
  });

  it("with the AI, puts 3 new questions like the chosen one after its copy, in the game's language and level", async () => {
    fake.set({ kind: "questions", questions: like });
    fake.requests.length = 0;
    await openChooser();
    await chooser()
      .getByRole("listitem")
      .filter({ hasText: "Which is bigger, 1/2 or 1/3?" })
      .getByRole("checkbox", { name: en["results.followUp.alike"].replace("{count}", "3") })
      .check();
    await chooser().getByRole("note").filter({ hasText: en["games.ai.reminder"] }).waitFor();
    await chooser().getByRole("button", { name: en["results.followUp.make"] }).click();
    await page.waitForURL("**/create-game");
    await page.getByRole("heading", { level: 2, name: "Questions (4)" }).waitFor();
    await page.getByText("The AI wrote 3 new questions: each comes right after the question it is like.").waitFor();
    const texts = await page
      .getByRole("textbox", { name: /^Question \d+ text$/ })
      .evaluateAll((els) => els.map((el) => (el as HTMLTextAreaElement).value));
    expect(texts).toEqual(["Which is bigger, 1/2 or 1/3?", ...like.map((q) => q.questionText)]);
    expect(fake.requests).toHaveLength(1);
    const user = fake.requests[0]!.body.messages.find((m: { role: string }) => m.role === "user").content as string;
    expect(user).toContain("Class level: 3rd Class");
    expect(user).toContain('"Which is bigger, 1/2 or 1/3?"');
    expect(user).toContain("(English)");
    expect(suite.errors.flat()).toEqual([]);
  });

  it("fills a split session's follow-up from one group's answers: for Red Circle only", async () => {
    const started = await pageApi<{ id: string }>(page, "/api/sessions", { gameId, groupCount: 2 });
    const detail = await pageApi<{ session: { groups: { joinCode: string; groupIdentifier: string }[] } }>(
      page,
      `/api/sessions/${started.body.id}`,
    );
    const codeOf = (group: string) => detail.body.session.groups.find((g) => g.groupIdentifier === group)!.joinCode;
    // Yellow Square misses question 2 at the first try, Red Circle question 3.
    const yellow = await joinedStudent(suite.server.url, codeOf("yellow-square"), "Liam");
    for (const [question, option] of [
      [0, 0],
      [1, 1],
      [1, 0],
      [2, 0],
    ] as const)
      await yellow.answer(question, option);
    const red = await joinedStudent(suite.server.url, codeOf("red-circle"), "Róisín");
    for (const [question, option] of [
      [0, 0],
      [1, 0],
      [2, 1],
    ] as const)
      await red.answer(question, option);

    await page.goto(`/results/${started.body.id}`);
    await page.getByRole("button", { name: en["results.followUp.button"] }).click();
    const whose = chooser().getByLabel(en["results.followUp.whose"]);
    expect(await whose.locator("option").allInnerTexts()).toEqual([
      "the whole class",
      "Yellow Square only",
      "Red Circle only",
    ]);
    const tickedNames = async () =>
      chooser()
        .getByRole("checkbox", { checked: true })
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent ?? ""));
    expect(await tickedNames()).toEqual(["2. Which is bigger, 1/2 or 1/3?", "3. How many quarters make a whole?"]);
    await whose.selectOption({ label: "Red Circle only" });
    await chooser().getByText("1 of 1 wrong at the first try").waitFor();
    expect(await tickedNames()).toEqual(["3. How many quarters make a whole?"]);
    expect(await axeViolations(page)).toEqual([]);
    await chooser().getByRole("button", { name: en["results.followUp.make"] }).click();
    await page.waitForURL("**/create-game");
    await page
      .getByText("A follow-up hunt of “Mathematics - 3rd Class - Fractions” from the answers of Red Circle")
      .waitFor();
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("How many quarters make a whole?");
    await page.getByRole("heading", { level: 2, name: "Questions (1)" }).waitFor();
    expect(suite.errors.flat()).toEqual([]);
  });

  it("shows the chooser in Irish", async () => {
    await page.goto(`/results/${sessionId}`);
    await page.getByRole("button", { name: "Gaeilge", exact: true }).click();
    await openChooser(ga);
    const dialog = page.getByRole("dialog", { name: ga["results.followUp.button"] });
    await dialog.getByText("3 as 4 mícheart ar an gcéad iarracht").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    for (const [size, viewport] of Object.entries(TEACHER_PAGE_SIZES)) {
      if (size === "laptop") continue;
      await page.setViewportSize(viewport);
      expect(await layoutProblems(page), size).toEqual([]);
      await screenshot(page, `follow-up-chooser-ga-${size}`, { fullPage: false });
    }
    await page.setViewportSize(TEACHER_PAGE_SIZES.laptop);
    await dialog.getByRole("button", { name: ga["dashboard.cancel"] }).click();
    await page.getByRole("button", { name: "English", exact: true }).click();
    expect(suite.errors.flat()).toEqual([]);
  });
});
