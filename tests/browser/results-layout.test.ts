/**
 * The results page as a teacher reads it on a tablet and a laptop: the student table fits,
 * Help Requested and its Clear button included; a table too wide for its box shows a shadow
 * on the side where more of it hides; and once the session ends the whole page says so,
 * while a student who did not finish still reads "In Progress" (SPEC).
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { playScriptedClass } from "../support/scripted-class.ts";

const suite = useBrowserSuite({ db: "pglite" });
let page: Page;
let errors: string[];
let sessionId: string;

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
});
