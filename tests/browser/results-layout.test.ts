/**
 * The results page as a teacher reads it on a tablet and a laptop: the student table fits,
 * Help Requested and its Clear button included; a table too wide for its box shows a shadow
 * on the side where more of it hides; and once the session ends the whole page says so,
 * while a student who did not finish still reads "In Progress" (SPEC). The new kinds of question
 * (decision 050): each grid cell shows what the pupil typed, the order they gave, the options
 * they chose, True or False; the summary each right answer and a typed question's common wrong
 * answers; on a phone, a tablet, a projector and in Irish.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { kindsGame, playKindsClass, playScriptedClass } from "../support/scripted-class.ts";

const suite = useBrowserSuite({ db: "pglite" });
let page: Page;
let errors: string[];
let sessionId: string;
let kindsSessionId: string;

const api = (path: string, body?: unknown) => pageApi(page, path, body);

async function openResults(width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.goto(`/results/${sessionId}`);
  await page.locator(".progress-table").waitFor();
}

/** Mean brightness (0–255) of a 6 px strip just inside each side of the element, as drawn on screen. */
async function edgeBrightness(selector: string): Promise<{ left: number; right: number }> {
  const shot = await page.locator(selector).screenshot();
  return page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0);
    const mean = (x: number) => {
      const data = context.getImageData(x, 0, 6, image.height).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      return sum / (data.length / 4);
    };
    return { left: mean(1), right: mean(image.width - 7) };
  }, shot.toString("base64"));
}

beforeAll(async () => {
  page = await (await suite.browser.newContext({ baseURL: suite.server.url })).newPage();
  errors = watchPageErrors(page);
  await signUpInPage(page, "Layout Teacher", { email: `results-layout-${Date.now()}@scoil.ie` });
  const game = await api("/api/games", threeQuestionGame);
  sessionId = (await api("/api/sessions", { gameId: game.body.id, groupCount: 2 })).body.id;
  const codes = (await api(`/api/sessions/${sessionId}`)).body.session.groups.map(
    (g: { joinCode: string }) => g.joinCode,
  );
  await playScriptedClass(suite.server.url, codes);
  const kinds = await api("/api/games", kindsGame);
  kindsSessionId = (await api("/api/sessions", { gameId: kinds.body.id, groupCount: 1 })).body.id;
  await playKindsClass(
    suite.server.url,
    (await api(`/api/sessions/${kindsSessionId}`)).body.session.groups[0].joinCode,
  );
});
describe("the results page", () => {
  it("fits the student table on a 768 px tablet, Help Requested and its Clear button included", async () => {
    for (const [width, height] of [
      [768, 1024],
      [1024, 768],
      [1366, 768],
    ] as const) {
      await openResults(width, height);
      const where = `${width}×${height}`;
      const problems = await layoutProblems(page);
      expect(problems, where).toEqual([]);
      const scroller = await page.locator(".student-progress .table-scroll").evaluate((el) => ({
        ...el.getBoundingClientRect().toJSON(),
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scroller.scrollWidth, where).toBeLessThanOrEqual(scroller.clientWidth + 1);
      for (const target of [
        page.getByRole("columnheader", { name: "Help Requested" }),
        page.getByRole("button", { name: "Clear help request from Bríd" }),
      ]) {
        const box = (await target.boundingBox())!;
        expect(box.x, where).toBeGreaterThanOrEqual(scroller.left - 1);
        expect(box.x + box.width, where).toBeLessThanOrEqual(scroller.left + scroller.clientWidth + 1);
      }
      if (width === 768) await screenshot(page, "results-tablet");
      if (width === 1366) await screenshot(page, "results-laptop");
    }
  });

  it("shows a shadow on the side where a table too wide for its box hides more", async () => {
    await openResults(390, 844);
    const scroller = page.locator(".student-progress .table-scroll");
    expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 20)).toBe(true);
    // The same pixels with the hint switched off are the baseline: the hint alone darkens an edge.
    const compare = async () => {
      const hinted = await edgeBrightness(".student-progress .table-scroll");
      await scroller.evaluate((el) => (el as HTMLElement).style.setProperty("background", "none", "important"));
      const plain = await edgeBrightness(".student-progress .table-scroll");
      await scroller.evaluate((el) => (el as HTMLElement).style.removeProperty("background"));
      return { left: plain.left - hinted.left, right: plain.right - hinted.right };
    };
    const atStart = await compare();
    expect(atStart.right).toBeGreaterThan(8);
    expect(Math.abs(atStart.left)).toBeLessThan(2);
    await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    const atEnd = await compare();
    expect(atEnd.left).toBeGreaterThan(8);
    expect(Math.abs(atEnd.right)).toBeLessThan(2);
    await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth / 3));
    const between = await compare();
    expect(between.left).toBeGreaterThan(8);
    expect(between.right).toBeGreaterThan(8);
    await screenshot(page, "results-phone-scrolled");
  });

  it("says the whole session has ended once it has, live, while an unfinished student still reads In Progress", async () => {
    await openResults(1366, 768);
    expect(await page.locator(".session-ended-banner").count()).toBe(0);
    expect((await api(`/api/sessions/${sessionId}/end`, {})).status).toBe(200);
    const banner = page.getByRole("status").filter({ hasText: "This session has ended" });
    await banner.waitFor({ timeout: 3000 });
    expect(await banner.textContent()).toMatch(
      /^This session has endedEnded \d{1,2} \w{3} \d{4}, \d\d:\d\d\. No more answers can be given: a student who had not finished shows as In Progress\.$/,
    );
    const brid = page
      .locator(".progress-table tbody tr")
      .filter({ has: page.getByRole("rowheader", { name: "Bríd", exact: true }) });
    expect(await brid.locator("td").nth(4).textContent()).toBe("In Progress");
    expect(await page.locator(".status-ended").textContent()).toBe("completed");
    await screenshot(page, "results-ended-laptop");
    for (const [width, height] of [
      [768, 1024],
      [1366, 768],
    ] as const) {
      await openResults(width, height);
      await banner.waitFor();
      expect(await layoutProblems(page), `${width}×${height}`).toEqual([]);
      if (width === 768) await screenshot(page, "results-ended-tablet");
    }
    expect(errors).toEqual([]);
  });
  it("shows the new kinds' answers: the typed text and the order given in the grid, the right answers and the common wrong answers, on a phone, a tablet, a projector and in Irish", async () => {
    const grid = (pupil: number) => page.locator(".grid-row").nth(pupil);
    const cell = (pupil: number, question: number) => grid(pupil).locator(".grid-cell").nth(question);
    const summaryRow = (text: string) =>
      page.locator(".question-summary tbody tr").filter({ has: page.getByText(text, { exact: true }) });
    for (const [width, height] of [
      [390, 844],
      [768, 1024],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/results/${kindsSessionId}`);
      await page.getByRole("button", { name: en["results.progress.expandAll"] }).click();
      await grid(4).waitFor();
      if (width === 390) {
        // Pupils in the order they joined: Aoife, Bríd, Cian, Dara, Eimear. Each cell shows the pupil's last answer.
        expect(await cell(2, 0).locator(".cell-answer").textContent()).toBe("=1+1");
        expect(await cell(2, 0).getAttribute("aria-label")).toBe("Question 1: Incorrect, answer: =1+1");
        expect(await cell(1, 2).locator(".cell-answer").textContent()).toBe("5 → 1 → 9 → 12");
        expect(await cell(0, 0).locator(".cell-answer").textContent()).toBe("dog");
        expect(await cell(3, 1).locator(".cell-answer").textContent()).toBe("False");
        expect(await cell(4, 3).locator(".cell-answer").textContent()).toBe("2 · 3 · 4");
        expect(await cell(2, 1).locator(".cell-answer").count()).toBe(0);
        // The details: the order given and the right one.
        await cell(1, 2).click();
        const details = grid(1).locator(".cell-detail");
        expect(await details.locator(".cell-given").textContent()).toBe("Order given: 5 → 1 → 9 → 12");
        expect(await details.locator(".cell-right").textContent()).toBe("Right order: 1 → 5 → 9 → 12");
        await cell(1, 2).click();
        // The summary: each right answer by kind, and the typed question's wrong answers folded ("dgo", "Dgo.", "dgo ").
        const typed = summaryRow("Spell 'dog'.");
        expect(await typed.locator(".question-summary-answer").textContent()).toBe("Accepted answers: dog");
        expect(await typed.locator(".question-summary-wrong").textContent()).toBe(
          "Most common wrong answers: dgo (3 tries), =1+1 (1 try), cat (1 try)",
        );
        expect(await summaryRow("A spider has eight legs.").locator(".question-summary-answer").textContent()).toBe(
          "Correct answer: True",
        );
        expect(await summaryRow("Smallest first.").locator(".question-summary-answer").textContent()).toBe(
          "Right order: 1 → 5 → 9 → 12",
        );
        expect(await summaryRow("Which are even?").locator(".question-summary-answer").textContent()).toBe(
          "Right answers: 2 · 4",
        );
        expect(await summaryRow("Which are even?").locator(".question-summary-wrong").count()).toBe(0);
      } else {
        expect(await layoutProblems(page), `${width}×${height}`).toEqual([]);
        // The summary, answers and all, still fits a tablet without scrolling sideways.
        const summary = page.locator(".question-summary .table-scroll");
        expect(await summary.evaluate((el) => el.scrollWidth - el.clientWidth), `${width}`).toBeLessThanOrEqual(1);
      }
      // A cell's answer is cut short, never wider than the grid.
      const cells = await grid(1).locator(".grid-cells").boundingBox();
      const order = await cell(1, 2).boundingBox();
      expect(order!.x + order!.width, `${width}`).toBeLessThanOrEqual(cells!.x + cells!.width + 1);
      await cell(0, 0).click();
      await screenshot(page, `results-kinds-${width}`);
    }
    // In Irish: True and False, the labels and the counts in Irish.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.getByRole("button", { name: "Gaeilge" }).click();
    await page.getByRole("heading", { name: ga["results.title"] }).waitFor();
    expect(await cell(3, 1).locator(".cell-answer").textContent()).toBe("Bréagach");
    expect(await summaryRow("Spell 'dog'.").locator(".question-summary-wrong").textContent()).toBe(
      `${ga["results.summary.commonWrong"]} dgo (3 iarracht), =1+1 (1 iarracht), cat (1 iarracht)`,
    );
    expect(await summaryRow("A spider has eight legs.").locator(".question-summary-answer").textContent()).toBe(
      `${ga["results.grid.correctAnswer"]} Fíor`,
    );
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, "results-kinds-768-ga");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "results-kinds-390-ga");
    await page.getByRole("button", { name: "English" }).click();
    await page.getByRole("heading", { name: en["results.title"] }).waitFor();
    expect(errors).toEqual([]);
  });
});
