/**
 * One room, two class levels in Chromium: a teacher with two games starts one session
 * on the Start Session form where groups 3 and 4 play the other game (the quick "several groups"
 * row; a group's game archived meanwhile is refused on the form), two pupils on their own devices
 * join a group of each game and play their own questions to the end; the codes page, the
 * projector, the results and the dashboard name both games, each group's bar and each pupil's
 * score count their own game's questions. Each screen is measured and photographed at phone,
 * tablet and 1080p projector size, and held to axe.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { chooseTile, joinAs } from "../support/pupil-journey.ts";
import { signedUpTeacher } from "../support/teachers.ts";

const halves = {
  title: "Halves and quarters (2nd Class)",
  description: "Sharing pizzas",
  questions: [
    { questionText: "What is half of 8?", options: ["4", "2", "6", "8"], correctAnswer: 0 },
    { questionText: "What is a quarter of 8?", options: ["4", "2", "6", "1"], correctAnswer: 1 },
  ],
};
const fractions = {
  title: "Fractions (4th Class)",
  description: "Equivalent fractions",
  questions: [
    { questionText: "Which is the same as 2/4?", options: ["1/3", "1/2", "3/4", "2/3"], correctAnswer: 1 },
    { questionText: "What is 3/4 of 20?", options: ["12", "16", "15", "5"], correctAnswer: 2 },
    { questionText: "Which is bigger than 1/2?", options: ["3/5", "2/5", "1/4", "1/3"], correctAnswer: 0 },
  ],
};
const BOTH = `${halves.title} + ${fractions.title}`;

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "1080p", width: 1920, height: 1080 },
] as const;

const suite = useBrowserSuite({ db: "pglite" });
let teacher: Page;
let sessionId: string;
let codes: string[];
/** The teacher's own browser over HTTP, and the id of the other game. */
let api: Awaited<ReturnType<typeof signedUpTeacher>>["client"];
let fractionsId: string;

/** The page at each size: nothing off the screen or cut off, photographed; then axe once. */
async function lookAtEverySize(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, `group-games-${name}-${size.name}`);
    expect(await layoutProblems(page), `${name} at ${size.name}`).toEqual([]);
  }
  expect(await axeViolations(page), name).toEqual([]);
}

beforeAll(async () => {
  const { client } = await signedUpTeacher(suite.server.url, { displayName: "Múinteoir Nóra" });
  api = client;
  const made = await Promise.all(
    [halves, fractions, { ...halves, title: "Old halves" }].map((g) => client.post("/api/games", g)),
  );
  expect(made.map((m) => m.status)).toEqual([201, 201, 201]);
  // An archived game is not offered to a group.
  expect((await client.patch(`/api/games/${made[2]!.body.id}`, { archived: true })).status).toBe(200);
  fractionsId = made[1]!.body.id;
  const context = await suite.newContext();
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: suite.server.url })));
  teacher = await suite.newPage({ context });
  await teacher.goto(`/start-session/${made[0]!.body.id}`);
});

describe("a session where each group plays the game for its class level", () => {
  it("starts from the Start Session form: folded away until asked, then a game per group", async () => {
    await teacher.getByText(halves.description).waitFor();
    // One group: nothing to split, the form is as it was.
    expect(await teacher.getByText("Give groups different games").count()).toBe(0);
    await teacher.getByLabel("Number of Groups").selectOption("4");
    const perGroup = teacher.getByLabel("3. Blue Triangle plays");
    expect(await perGroup.isVisible()).toBe(false);
    await teacher.getByText("Give groups different games").click();
    // The session's game first, then the teacher's other games (not the archived one).
    expect(await perGroup.locator("option").allTextContents()).toEqual([
      `The session's game (${halves.title})`,
      fractions.title,
    ]);
    await teacher.getByLabel("From group").selectOption("3");
    await teacher.getByLabel("To group").selectOption("4");
    await teacher.getByLabel("Game", { exact: true }).selectOption({ label: fractions.title });
    await teacher.getByRole("button", { name: "Give them this game" }).click();
    const chosen = async () =>
      Promise.all(
        ["1. Yellow Square", "2. Red Circle", "3. Blue Triangle", "4. Green Rectangle"].map(async (g) => {
          const select = teacher.getByLabel(`${g} plays`);
          return select.locator("option:checked").textContent();
        }),
      );
    expect(await chosen()).toEqual([
      `The session's game (${halves.title})`,
      `The session's game (${halves.title})`,
      fractions.title,
      fractions.title,
    ]);
    await teacher.getByText("2 groups play another game").waitFor();
    await lookAtEverySize(teacher, "start-session");

    await teacher.setViewportSize({ width: 1280, height: 900 });
    // The server checks each group's game: one archived since the page loaded is refused, said on the form.
    expect((await api.patch(`/api/games/${fractionsId}`, { archived: true })).status).toBe(200);
    await teacher.getByRole("button", { name: "Start Session Now" }).click();
    await teacher
      .getByRole("alert")
      .filter({ hasText: "This game is archived. Restore it from the dashboard's Archived games to start a session." })
      .waitFor();
    expect((await api.patch(`/api/games/${fractionsId}`, { archived: false })).status).toBe(200);
    await teacher.getByRole("button", { name: "Start Session Now" }).click();
    await teacher.waitForURL("**/session-codes/**");
    sessionId = teacher.url().split("/session-codes/")[1]!;
  });

  it("names each group's game on the codes page", async () => {
    await teacher.getByRole("heading", { name: "Session Started!" }).waitFor();
    await teacher.getByText(`Games: ${BOTH}`).waitFor();
    const cards = teacher.locator(".code-card");
    expect(await cards.locator(".code-card-game").allTextContents()).toEqual([
      `Game: ${halves.title}`,
      `Game: ${halves.title}`,
      `Game: ${fractions.title}`,
      `Game: ${fractions.title}`,
    ]);
    codes = await cards.locator(".join-code").allTextContents();
    await lookAtEverySize(teacher, "codes");
  });

  it("gives each pupil their own group's game, to the end, while the projector counts each game's questions", async () => {
    await teacher.setViewportSize({ width: 1920, height: 1080 });
    await teacher.getByRole("button", { name: "Projector view" }).click();
    await teacher.getByText(BOTH).waitFor();
    const play = async (code: string, name: string, game: typeof halves) => {
      const pupil = await suite.newPage({ viewport: { width: 390, height: 844 } });
      await joinAs(pupil, code, name);
      for (const [i, q] of game.questions.entries()) {
        await pupil.getByText(`Question ${i + 1} of ${game.questions.length}`).waitFor();
        await pupil.getByText(q.questionText).waitFor();
        await chooseTile(pupil, q.options[q.correctAnswer]!);
        await pupil.getByRole("button", { name: "Submit Answer" }).click();
      }
      await pupil.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
      await pupil.context().close();
    };
    await Promise.all([play(codes[0]!, "Aoife", halves), play(codes[2]!, "Cathal", fractions)]);

    const cards = teacher.locator(".stage-card");
    expect(await cards.locator(".stage-game").allTextContents()).toEqual([
      halves.title,
      halves.title,
      fractions.title,
      fractions.title,
    ]);
    await cards.nth(0).getByText("2 of 2 answered right together").waitFor();
    await cards.nth(2).getByText("3 of 3 answered right together").waitFor();
    await teacher.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    await lookAtEverySize(teacher, "projector");
  });

  it("reads one results page for both games, and the dashboard names both", async () => {
    await teacher.setViewportSize({ width: 1280, height: 900 });
    await teacher.goto(`/results/${sessionId}`);
    const facts = teacher.getByRole("region", { name: "Session details" });
    await facts.getByText(BOTH).waitFor();
    const games = teacher.getByRole("list", { name: "The games" }).getByRole("listitem");
    expect(
      await games.evaluateAll((cards) => cards.map((c) => (c as HTMLElement).innerText.replace(/\s+/g, " "))),
    ).toEqual([
      `${halves.title} Yellow Square Red Circle Total Questions 2 Participants 1 Average Score 2.0 / 2`,
      `${fractions.title} Blue Triangle Green Rectangle Total Questions 3 Participants 1 Average Score 3.0 / 3`,
    ]);
    // Every pupil with their group, their own game and their score out of its questions; their grid is their game's.
    const rows = teacher.locator(".progress-table tbody tr:not(.grid-row)");
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll("th, td")].slice(1, 4).map((c) => c.textContent)),
    );
    expect(cells.sort()).toEqual([
      ["Aoife", `Yellow Square${halves.title}`, "2 / 2"],
      ["Cathal", `Blue Triangle${fractions.title}`, "3 / 3"],
    ]);
    await teacher.getByRole("button", { name: "Expand All" }).click();
    const grids = teacher.locator(".grid-row");
    expect((await grids.evaluateAll((g) => g.map((r) => r.querySelectorAll(".grid-cell").length))).sort()).toEqual([
      2, 3,
    ]);
    await teacher.getByRole("button", { name: "Question 3: Correct (first try)" }).click();
    await teacher
      .getByRole("region", { name: "Question 3 details for Cathal" })
      .getByText(fractions.questions[2]!.questionText)
      .waitFor();
    // Questions, hardest first: a table per game, under the game's title.
    const summary = teacher.locator(".question-summary");
    expect(await summary.locator("h3").allTextContents()).toEqual([halves.title, fractions.title]);
    expect(await summary.locator("tbody tr").count()).toBe(5);
    await lookAtEverySize(teacher, "results");

    await teacher.setViewportSize({ width: 1280, height: 900 });
    await teacher.goto("/dashboard");
    await teacher.getByRole("region", { name: "Active Sessions" }).getByRole("heading", { name: BOTH }).waitFor();
    expect(suite.errors.flat()).toEqual([]);
  });
});
