/**
 * First answers as the teacher sees them: five pupils of two groups answer "Which is the biggest?"
 * with different first wrong choices (and try again). The results page shows how many chose each
 * option first, the right one marked in words, the most chosen wrong one with the teacher's note
 * ("2 chose 1/3 — thinks…"), and a group's own counts when the group is chosen. "Show on the
 * projector" opens the class discussion: the counts, no pupil's name and no note, the right answer
 * revealed with R, the next question with →. Both screens axe-clean, in English and Irish, at the
 * sizes they are used at (screenshots to look at).
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { expectAxeClean } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { attemptId, joinedStudent } from "../support/classroom.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { withOptionNotes } from "../support/option-notes.ts";

const suite = useBrowserSuite({ db: "pglite" });
const NOTE = "thinks a bigger bottom number means a bigger fraction";
const NAMES = ["Aoife", "Bríd", "Cian", "Dara", "Eimear"];
const game = {
  title: "Fractions (4th Class)",
  questions: [
    { questionText: "Which is the biggest?", options: ["1/2", "1/3", "1/4", "1/8"], correctAnswer: 0 },
    { kind: "typed", questionText: "Spell the number 8.", options: ["eight"] },
  ],
};
let page: Page;
let sessionId: string;

const firstAnswers = () => page.locator(".first-answers");
const bar = (text: string) =>
  firstAnswers()
    .locator(".first-answer-bar")
    .filter({ has: page.locator(".first-answer-text", { hasText: text }) });

beforeAll(async () => {
  page = await suite.newPage();
  await signUpInPage(page, "Discussion Teacher", { email: `first-answers-${Date.now()}@scoil.ie` });
  const created = await pageApi(page, "/api/games", withOptionNotes(game, { 0: [null, NOTE, null, null] }));
  expect(created.status).toBe(201);
  sessionId = (await pageApi(page, "/api/sessions", { gameId: created.body.id, groupCount: 2 })).body.id;
  const [yellow, red] = (await pageApi(page, `/api/sessions/${sessionId}`)).body.session.groups.map(
    (g: { joinCode: string }) => g.joinCode,
  );
  // First answers: Aoife 1/3, Bríd 1/8 (yellow); Cian 1/4, Dara 1/3, Eimear 1/2, right (red).
  const tries: [string, string, (number | string)[]][] = [
    ["Aoife", yellow, [1, 0, "ate", "eight"]],
    ["Bríd", yellow, [3, 0, "Ate.", "eight"]],
    ["Cian", red, [2, 1, 0, "eigth", "eight"]],
    ["Dara", red, [1, 0]],
    ["Eimear", red, [0]],
  ];
  for (const [name, code, answers] of tries) {
    const pupil = await joinedStudent(suite.server.url, code, name);
    let question = 0;
    for (const answer of answers) {
      const body = typeof answer === "number" ? { selectedOption: answer } : { typedAnswer: answer };
      const res = await pupil.client.post(`/api/play/${pupil.progressId}/answers`, {
        attemptId: attemptId(),
        questionIndex: question,
        ...body,
      });
      expect(res.status).toBe(200);
      if (res.body.isCorrect) question++;
    }
  }
});

describe("first answers", () => {
  it("the results page shows each option's first-answer count, the right one, the most chosen wrong one and its note", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/results/${sessionId}`);
    await firstAnswers().waitFor();
    expect(await bar("1/2").locator(".first-answer-count strong").textContent()).toBe("1");
    expect(await bar("1/2").locator(".tag-right").textContent()).toBe(`✓ ${en["results.firstAnswers.right"]}`);
    expect(await bar("1/3").locator(".first-answer-count strong").textContent()).toBe("2");
    expect(await bar("1/3").locator(".tag-most-wrong").count()).toBe(1);
    expect(await bar("1/3").locator(".first-answer-note").textContent()).toBe(`2 chose 1/3 — ${NOTE}`);
    expect(await bar("1/4").locator(".first-answer-count strong").textContent()).toBe("1");
    expect(await firstAnswers().locator(".first-answers-wrong").textContent()).toBe(
      // "ate" and "Ate." are one answer, shown as its first spelling when two tie.
      `${en["results.firstAnswers.commonWrong"]} Ate. (2 pupils), eigth (1 pupil)`,
    );
    expect(await layoutProblems(page)).toEqual([]);
    await expectAxeClean(page, "results with first answers");
    await firstAnswers().screenshot({ path: "test-results/screenshots/first-answers-section-1920.png" });
    await screenshot(page, "first-answers-results-1920");

    // One group: Red Circle's own first answers.
    await page.getByLabel(en["results.firstAnswers.group"]).selectOption("red-circle");
    await expect.poll(() => bar("1/3").locator(".first-answer-count strong").textContent()).toBe("1");
    expect(await bar("1/3").locator(".first-answer-note").textContent()).toBe(`1 chose 1/3 — ${NOTE}`);
    expect(await bar("1/8").locator(".first-answer-count strong").textContent()).toBe("0");
    for (const [width, height] of [
      [390, 844],
      [768, 1024],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await layoutProblems(page), `${width}`).toEqual([]);
      await firstAnswers().screenshot({ path: `test-results/screenshots/first-answers-section-${width}.png` });
    }
    await expectAxeClean(page, "results with first answers on a phone");

    const link = page.getByRole("link", { name: en["results.firstAnswers.showOnProjector"] });
    expect(await link.getAttribute("href")).toBe(`/results/${sessionId}/discuss`);
    expect(await link.getAttribute("target")).toBe("_blank");
  });

  it("the discussion screen shows the counts without names or notes, and reveals the right answer on R", async () => {
    for (const [width, height] of [
      [1920, 1080],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/results/${sessionId}/discuss`);
      const options = page.locator(".discuss-option");
      await page.getByRole("heading", { name: "Which is the biggest?" }).waitFor();
      expect(await options.locator(".discuss-count").allTextContents()).toEqual([
        "1 1 pupil",
        "2 2 pupils",
        "1 1 pupil",
        "1 1 pupil",
      ]);
      const text = await page.locator("body").innerText();
      for (const name of NAMES) expect(text).not.toContain(name);
      expect(text).not.toContain(NOTE);
      expect(await page.locator(".discuss-right-tag").count()).toBe(0);
      expect(await layoutProblems(page), `${width}`).toEqual([]);
      await screenshot(page, `first-answers-discuss-${width}`, { fullPage: false });
      await page.keyboard.press("r");
      await expect
        .poll(() => page.locator(".discuss-option.is-right .discuss-option-text").textContent())
        .toBe(`1/2✓ ${en["results.firstAnswers.right"]}`);
      await screenshot(page, `first-answers-discuss-${width}-revealed`, { fullPage: false });
      await expectAxeClean(page, `discussion at ${width}`);
      // The next question: the typed answers' most common wrong first answers, the right one hidden again.
      await page.keyboard.press("ArrowRight");
      await page.getByRole("heading", { name: "Spell the number 8." }).waitFor();
      expect(await page.locator(".discuss-right-tag").count()).toBe(0);
      await page.keyboard.press("r");
      await page.locator(".discuss-right-tag").waitFor();
      expect(await layoutProblems(page), `${width} typed`).toEqual([]);
      await screenshot(page, `first-answers-discuss-${width}-typed`, { fullPage: false });
    }
    // Back with the button, and a group chosen.
    await page.getByRole("button", { name: en["results.discuss.previous"] }).click();
    await page.getByLabel(en["results.firstAnswers.group"]).selectOption("yellow-square");
    await expect
      .poll(() => page.locator(".discuss-option .discuss-count").allTextContents())
      .toEqual(["0 0 pupils", "1 1 pupil", "0 0 pupils", "1 1 pupil"]);
  });

  it("both screens in Irish", async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/results/${sessionId}`);
    await page.getByRole("button", { name: "Gaeilge" }).click();
    await page.getByRole("heading", { name: ga["results.firstAnswers.title"] }).waitFor();
    expect(await bar("1/3").locator(".first-answer-note").textContent()).toBe(`Roghnaigh 2 1/3 — ${NOTE}`);
    expect(await layoutProblems(page)).toEqual([]);
    await firstAnswers().screenshot({ path: "test-results/screenshots/first-answers-section-768-ga.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await firstAnswers().screenshot({ path: "test-results/screenshots/first-answers-section-390-ga.png" });
    for (const [width, height] of [
      [1920, 1080],
      [1366, 768],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/results/${sessionId}/discuss`);
      await page.getByRole("button", { name: ga["results.discuss.reveal"] }).click();
      await page.locator(".discuss-right-tag").waitFor();
      expect(await page.locator(".discuss-right-tag").textContent()).toBe(`✓ ${ga["results.firstAnswers.right"]}`);
      expect(await layoutProblems(page), `${width} ga`).toEqual([]);
      await screenshot(page, `first-answers-discuss-${width}-ga`, { fullPage: false });
    }
    await expectAxeClean(page, "discussion in Irish");
    expect(suite.errors.flat()).toEqual([]);
  });
});
