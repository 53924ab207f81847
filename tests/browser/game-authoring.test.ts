/**
 * A teacher in Chromium builds games by hand and with AI suggestions (from a local server
 * speaking the OpenAI protocol), duplicates one, and finds everything on the dashboard.
 */
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { webDistDir } from "../../src/server/web-build.ts";
import { gameMessages } from "../../src/shared/games/games.ts";
import { RED, rgbOf, screenshot, watchPageErrors } from "../support/browser.ts";
import { signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";
import { startTestServer } from "../support/test-server.ts";

const ORANGE = "rgb(180, 83, 9)";

let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
// Started first: the server is told its address.
beforeAll(async () => {
  fake = await startFakeOpenAi();
});
const suite = useBrowserSuite({ db: "pglite", env: () => ({ AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model" }) });
let page: Page;
let pageErrors: string[];
const email = `authoring-${Date.now()}@scoil.ie`;

beforeAll(async () => {
  const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: { width: 1200, height: 900 } });
  page = await context.newPage();
  pageErrors = watchPageErrors(page);
  await signUpInPage(page, "Máire", { email });
});
afterAll(async () => {
  await fake?.close();
});

const alertText = (text: string) => page.getByRole("alert").filter({ hasText: text });
const question = (n: number) => page.getByRole("group", { name: `Question ${n}`, exact: true });

describe("the dashboard of a new teacher", () => {
  it("shows the empty texts", async () => {
    await page.getByText('You haven\'t created any games yet. Click "Create New Game" to start!').waitFor();
    await page.getByText("No active sessions.").waitFor();
    await page.getByText("No completed or archived sessions.").waitFor();
    await screenshot(page, "dashboard-empty");
  });
});

describe("creating a game by hand", () => {
  it("shows each validation message when a rule is broken, then saves", async () => {
    await page.getByRole("link", { name: "Create New Game" }).click();
    await page.getByRole("heading", { name: "Create New Game" }).waitFor();
    // The initial form: one question with four empty options; Remove Question is disabled.
    expect(await page.getByRole("group", { name: /^Question \d+$/ }).count()).toBe(1);
    expect(await question(1).getByRole("button", { name: "Remove Question" }).isDisabled()).toBe(true);
    // Nothing typed yet: no warning; Save points out every blank option.
    expect(await question(1).getByText(inEnglish(gameMessages.fillAllOptions)).count()).toBe(0);
    await screenshot(page, "create-game-empty");

    const save = page.getByRole("button", { name: "Save Game" });
    await save.click();
    await alertText(inEnglish(gameMessages.titleEmpty)).waitFor();
    await question(1).getByText(inEnglish(gameMessages.fillAllOptions)).waitFor();
    expect(await rgbOf(page, ".question-editor .warning")).toBe(ORANGE);
    expect(await rgbOf(page, ".game-form [role=alert]")).toBe(RED);

    await page.getByLabel("Game Title (optional)").fill("Friday Quiz");
    await page.getByText("Game title: Friday Quiz").waitFor();
    await save.click();
    await alertText(inEnglish(gameMessages.questionTextsRequired)).waitFor();

    await page.getByLabel("Question 1 text").fill("How many legs has a spider?");
    await page.getByLabel("Option A", { exact: true }).first().fill("8");
    await save.click();
    await alertText(inEnglish(gameMessages.optionsRequired)).waitFor();

    const q1 = question(1);
    await q1.getByLabel("Option B", { exact: true }).fill("6");
    await q1.getByLabel("Option C", { exact: true }).fill("4");
    await q1.getByLabel("Option D", { exact: true }).fill("10");
    await q1.getByText(inEnglish(gameMessages.fillAllOptions)).waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Add Another Question" }).click();
    expect(await question(2).getByRole("button", { name: "Remove Question" }).isEnabled()).toBe(true);
    await question(2).getByLabel("Question 2 text").fill("Which is a mammal?");
    for (const [letter, text] of [
      ["A", "Frog"],
      ["B", "Salmon"],
      ["C", "Hedgehog"],
      ["D", "Robin"],
    ]) {
      await question(2).getByLabel(`Option ${letter}`, { exact: true }).fill(text!);
    }
    await question(2).getByLabel("Option C is the correct answer for question 2").check();
    await page.getByRole("button", { name: "Add Another Question" }).click();
    await question(3).getByRole("button", { name: "Remove Question" }).click();
    expect(await page.getByRole("group", { name: /^Question \d+$/ }).count()).toBe(2);
    await page.getByLabel("Game Description (optional)").fill("Animals of Ireland");
    await screenshot(page, "create-game-filled");

    await save.click();
    await page.waitForURL("**/dashboard");
    const card = page.getByRole("listitem").filter({ hasText: "Friday Quiz" });
    await card.getByText("Animals of Ireland").waitFor();
    await card.getByText("2 questions").waitFor();
    const stored = await queryRows<{ position: number; correct_answer: number }>(
      suite.server.database.db,
      sql`select q.position, q.correct_answer from questions q join games g on g.id = q.game_id where g.title = 'Friday Quiz' order by q.position`,
    );
    expect(stored).toEqual([
      { position: 0, correct_answer: 0 },
      { position: 1, correct_answer: 2 },
    ]);
  });
});

describe("creating a game with AI suggestions", () => {
  it("suggests topics for the subject and level, and clears the topic when either changes", async () => {
    await page.goto("/create-game");
    const topic = page.getByRole("combobox", { name: "Topic" });
    await page.getByText("Select Subject & Class Level").waitFor();
    expect(await page.getByRole("button", { name: "Generate AI Questions" }).isDisabled()).toBe(true);

    await page.getByLabel("Subject").selectOption("Mathematics");
    await page.getByLabel("Class Level").selectOption("3rd Class");
    expect(await topic.getAttribute("placeholder")).toBe(
      "e.g. Fractions, decimals and percentages, Multiplication and division, Area and perimeter",
    );
    await topic.focus();
    const list = page.getByRole("listbox", { name: "Topic suggestions" });
    await list.waitFor();
    expect(await list.getByRole("option").count()).toBe(5);
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("150px");
    await screenshot(page, "create-game-topic-suggestions");
    await topic.fill("and");
    expect(await list.getByRole("option").count()).toBe(6);
    await topic.fill("angle");
    expect(await list.getByRole("option").allTextContents()).toEqual(["Angles and 3D shapes"]);
    await list.getByRole("option", { name: "Angles and 3D shapes" }).click();
    expect(await topic.inputValue()).toBe("Angles and 3D shapes");
    await page.getByText("Game title: Mathematics - 3rd Class - Angles and 3D shapes").waitFor();

    // The list hides 150 ms after the field loses focus.
    await topic.click();
    await list.waitFor();
    await page.getByLabel("Context/Instructions (optional)").focus();
    await page.waitForTimeout(60);
    expect(await list.isVisible()).toBe(true);
    await list.waitFor({ state: "detached", timeout: 1000 });

    await page.getByLabel("Class Level").selectOption("1st Class");
    expect(await topic.inputValue()).toBe("");
    await topic.click();
    expect(await list.getByRole("option").first().textContent()).toBe("Counting to 20");
    await page.getByLabel("Subject").selectOption("Science");
    expect(await topic.inputValue()).toBe("");
  });

  it("generates questions, shuffled with the right answer marked, and blanks an unusable one", async () => {
    await page.goto("/create-game");
    await page.getByLabel("Subject").selectOption("Science");
    await page.getByLabel("Class Level").selectOption("2nd Class");
    await page.getByRole("combobox", { name: "Topic" }).fill("Our senses");
    await page.getByLabel("Number of Questions").selectOption("3");
    await page.getByLabel("Context/Instructions (optional)").fill("Keep it about the five senses.");
    fake.set({
      kind: "questions",
      questions: [
        { questionText: "Which body part do we use to smell?", options: ["Nose", "Ear", "Elbow", "Knee"] },
        { questionText: "Which sense uses our eyes?", options: ["Sight", "Touch", "Taste", "Hearing"] },
        { questionText: "Broken one", options: ["Only", "three"] },
      ],
    });
    await page.getByRole("button", { name: "Generate AI Questions" }).click();
    await page
      .getByText(
        "Added 2 AI questions. Review them before saving. 1 suggestion was unusable and left blank for you to fill in.",
      )
      .waitFor();
    expect(await page.getByRole("group", { name: /^Question \d+$/ }).count()).toBe(3);

    for (const [n, correct] of [
      [1, "Nose"],
      [2, "Sight"],
    ] as const) {
      const q = question(n);
      const options = await Promise.all(
        ["A", "B", "C", "D"].map((l) => q.getByLabel(`Option ${l}`, { exact: true }).inputValue()),
      );
      expect([...options].sort()).toEqual(
        n === 1 ? ["Ear", "Elbow", "Knee", "Nose"] : ["Hearing", "Sight", "Taste", "Touch"],
      );
      const checked = await Promise.all([0, 1, 2, 3].map((i) => q.getByRole("radio").nth(i).isChecked()));
      expect(options[checked.indexOf(true)]).toBe(correct);
    }
    expect(await page.getByLabel("Question 3 text").inputValue()).toBe("");
    await screenshot(page, "create-game-ai-generated");

    const sent = fake.requests.at(-1)!.body;
    expect(sent.messages.at(-1).content).toContain("Keep it about the five senses.");

    await page.getByLabel("Question 3 text").fill("Which sense uses the tongue?");
    for (const [letter, text] of [
      ["A", "Taste"],
      ["B", "Smell"],
      ["C", "Sight"],
      ["D", "Touch"],
    ]) {
      await question(3).getByLabel(`Option ${letter}`, { exact: true }).fill(text!);
    }
    await page.getByRole("button", { name: "Save Game" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("heading", { name: "Science - 2nd Class - Our senses" }).waitFor();
    const [saved] = await queryRows<Record<string, unknown>>(
      suite.server.database.db,
      sql`select ai_last_used_subject, ai_last_used_level, ai_last_used_topic, ai_last_used_context, ai_last_used_num_questions from games where title = 'Science - 2nd Class - Our senses'`,
    );
    expect(saved).toEqual({
      ai_last_used_subject: "Science",
      ai_last_used_level: "2nd Class",
      ai_last_used_topic: "Our senses",
      ai_last_used_context: "Keep it about the five senses.",
      ai_last_used_num_questions: 3,
    });
  });

  it("explains failures: an invalid answer, and the model's 429 as resource-exhausted", async () => {
    await page.goto("/create-game");
    await page.getByLabel("Subject").selectOption("Irish");
    await page.getByLabel("Class Level").selectOption("5th Class");
    await page.getByRole("combobox", { name: "Topic" }).fill("An aimsir");
    fake.set({ kind: "content", content: "this is not json" });
    await page.getByRole("button", { name: "Generate AI Questions" }).click();
    await alertText(inEnglish(gameMessages.aiInvalidResponse)).waitFor();
    fake.set({ kind: "status", status: 429 });
    await page.getByRole("button", { name: "Generate AI Questions" }).click();
    await alertText("Failed to generate questions: resource-exhausted").waitFor();
    await screenshot(page, "create-game-ai-error");
    // Nothing was added to the form.
    expect(await page.getByRole("group", { name: /^Question \d+$/ }).count()).toBe(1);
  });
});

describe("duplicating a game", () => {
  it("fills the form from the source, then a refresh gives a clean Create New Game", async () => {
    await page.goto("/dashboard");
    const card = page.getByRole("listitem").filter({ hasText: "Science - 2nd Class - Our senses" });
    await card.getByRole("button", { name: "Duplicate Game" }).click();
    await page.getByRole("heading", { name: "Duplicate Game" }).waitFor();
    await expect.poll(() => page.getByLabel("Question 3 text").inputValue()).toBe("Which sense uses the tongue?");
    expect(await page.getByLabel("Subject").inputValue()).toBe("Science");
    expect(await page.getByLabel("Class Level").inputValue()).toBe("2nd Class");
    expect(await page.getByRole("combobox", { name: "Topic" }).inputValue()).toBe("Our senses");
    expect(await page.getByLabel("Number of Questions").inputValue()).toBe("3");
    expect(await page.getByLabel("Context/Instructions (optional)").inputValue()).toBe(
      "Keep it about the five senses.",
    );
    await screenshot(page, "duplicate-game");

    await page.reload();
    await page.getByRole("heading", { name: "Create New Game" }).waitFor();
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("");
    expect(await page.getByLabel("Subject").inputValue()).toBe("");
  });

  it("says so when the source game cannot be found", async () => {
    await page.goto("/dashboard");
    await page.evaluate(() => {
      window.history.pushState(
        { usr: { sourceGameId: "00000000-0000-4000-8000-000000000000" }, key: "x", idx: 1 },
        "",
        "/create-game",
      );
      window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
    });
    await alertText(inEnglish(gameMessages.sourceNotFound)).waitFor();
  });
});

describe("the dashboard with many games and sessions", () => {
  it("shows 3 of each with working Show More / Show Less toggles", async () => {
    const [teacher] = await queryRows<{ id: string }>(
      suite.server.database.db,
      sql`select id from users where email = ${email}`,
    );
    const [game] = await queryRows<{ id: string }>(
      suite.server.database.db,
      sql`select id from games where title = 'Friday Quiz'`,
    );
    for (let i = 1; i <= 3; i++) {
      await suite.server.database.db.execute(
        sql`insert into games (title, description, creator_id, created_at) values (${`Extra game ${i}`}, '', ${teacher!.id}, now() + make_interval(secs => ${i}))`,
      );
    }
    const session = (status: string, hoursAgo: number, ended: boolean) =>
      suite.server.database.db.execute(sql`insert into game_sessions (game_id, host_teacher_id, status, start_time, end_time, question_count)
        values (${game!.id}, ${teacher!.id}, ${status}, now() - make_interval(hours => ${hoursAgo + 1}), ${ended ? sql`now() - make_interval(hours => ${hoursAgo})` : null}, 2)`);
    await session("active", 0, false);
    for (let i = 1; i <= 3; i++) await session("completed", i, true);
    await session("archived", 10, true);

    await page.goto("/dashboard");
    const games = page.getByRole("region", { name: "Your Games" });
    await games.getByRole("button", { name: "Show More Games (2 more)" }).waitFor();
    expect(await games.getByRole("listitem").count()).toBe(3);
    expect(await games.getByRole("heading", { level: 3 }).first().textContent()).toBe("Extra game 3");
    await games.getByRole("button", { name: "Show More Games (2 more)" }).click();
    expect(await games.getByRole("listitem").count()).toBe(5);
    await games.getByRole("button", { name: "Show Less Games" }).click();
    expect(await games.getByRole("listitem").count()).toBe(3);

    const active = page.getByRole("region", { name: "Active Sessions" });
    await active.getByText("Status: Active").waitFor();
    expect(await active.getByRole("link", { name: "View Codes" }).getAttribute("href")).toMatch(/^\/session-codes\//);

    const past = page.getByRole("region", { name: "Past Sessions" });
    await past.getByRole("button", { name: "Show More Sessions (1 more)" }).click();
    expect(await past.getByRole("listitem").count()).toBe(4);
    expect(await past.getByRole("link", { name: "View Results" }).count()).toBe(3);
    await past.getByText("Status: Archived").waitFor();
    await screenshot(page, "dashboard-full");
  });

  it("logged no errors on the way", () => {
    expect(pageErrors.join("\n")).toBe("");
  });
});

describe("AI generation not set up", () => {
  it("disables Generate and says why", async () => {
    const plain = await startTestServer({ db: "pglite", webDir: webDistDir });
    const context = await suite.browser.newContext({ baseURL: plain.url });
    try {
      const p = await context.newPage();
      await signUpInPage(p, "No AI", { email: `noai-${Date.now()}@scoil.ie` });
      await p.goto("/create-game");
      await p.getByText("AI generation is not set up on this server").waitFor();
      await p.getByLabel("Subject").selectOption("English");
      await p.getByLabel("Class Level").selectOption("6th Class");
      await p.getByRole("combobox", { name: "Topic" }).fill("Poetry");
      expect(await p.getByRole("button", { name: "Generate AI Questions" }).isDisabled()).toBe(true);
      await screenshot(p, "create-game-no-ai");
    } finally {
      await context.close();
      await plain.close();
    }
  });
});
