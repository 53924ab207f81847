/**
 * Starter hunts in Chromium (issue 45), the bar of the issue: a teacher new to Cluehunt finds a
 * 3rd Class Mathematics hunt in Irish among the starter hunts on her dashboard, previews it
 * (whose Irish was reviewed, or "—"), uses it, starts a session of her copy, and a pupil plays its
 * first question. The tests' starter files (tests/fixtures/starter-hunts/), never the shipped set.
 * axe on the section and the preview; each at four sizes, with no layout problem, saved for a
 * person to look at (SHOTS_DIR, else test-results/screenshots/starter-hunts) when screenshots are taken.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { expectAxeClean } from "../support/axe.ts";
import { screenshotDir, takingScreenshots } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { layoutProblems } from "../support/layout-checks.ts";

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
const SHOTS = process.env.SHOTS_DIR ?? path.join(screenshotDir, "starter-hunts");

const suite = useBrowserSuite({ db: "pglite" });
afterAll(() => expect(suite.errors.flat()).toEqual([]));

/**
 * At each size: no sideways scrolling or cut-off text; saved for a person to look at, the whole
 * page or what the window shows (the preview: its Submit Answer stays in view, as on a pupil's screen).
 */
async function atEachSize(page: Page, name: string, fullPage: boolean) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    expect(await layoutProblems(page), `${name} at ${size.width}×${size.height}`).toEqual([]);
    if (!takingScreenshots) continue;
    fs.mkdirSync(SHOTS, { recursive: true });
    const file = path.join(SHOTS, `${name}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file, fullPage });
  }
  await page.setViewportSize(SIZES[2]);
}

it("a new teacher finds a 3rd Class maths hunt in Irish, previews it, uses it and starts a session; a pupil plays it", async () => {
  const page = await suite.newPage({ viewport: SIZES[2], allowed: [/EventSource/] });
  await signUpInPage(page, "Múinteoir Nua");

  // Her dashboard: the starter hunts in her interface's language at first, every level (no saved class yet).
  const section = page.getByRole("region", { name: en["starter.title"] });
  const cards = section.locator(".starter-card h3");
  await cards.first().waitFor();
  expect(await cards.allTextContents()).toEqual([
    "Science - Junior Infants - The weather",
    "Mathematics - 3rd Class - Fractions",
  ]);
  const filters = section.getByRole("search", { name: en["starter.filters.label"] });
  await filters.getByLabel(en["dashboard.filters.level"]).selectOption("3rd Class");
  await filters.getByLabel(en["starter.filters.language"]).selectOption("ga");
  await filters.getByText("1 starter hunt", { exact: true }).waitFor();
  expect(await cards.allTextContents()).toEqual(["Matamaitic - Rang 3 - Codáin"]);
  const card = section.locator(".starter-card");
  expect(await card.locator(".meta").allTextContents()).toEqual([
    "3rd Class · Mathematics · 3 questions",
    "Irish reviewed by: —",
  ]);
  await expectAxeClean(page, "dashboard starter hunts");
  await atEachSize(page, "starter-hunts-dashboard", true);

  // Preview: the pupil's screens, the answer marked for her, and who reviewed the Irish.
  await card.getByRole("link", { name: "Preview Matamaitic - Rang 3 - Codáin as a pupil" }).click();
  await page.waitForURL("**/starter-hunts/3rd-class-maths-ga/preview");
  await page.getByText("Cé mhéad is leath de 12?").waitFor();
  expect(await page.locator(".preview-reviewed").textContent()).toBe("Irish reviewed by: —");
  expect(await page.locator(".question-text").getAttribute("lang")).toBe("ga-IE");
  await expectAxeClean(page, "starter hunt preview");
  await atEachSize(page, "starter-hunt-preview", false);

  // Use it, by the keyboard: a game of her own, and Start Session offered for it, the focus on it.
  await page.getByRole("button", { name: en["starter.use"] }).focus();
  await page.keyboard.press("Enter");
  const start = page.getByRole("link", { name: "Start a new session of Matamaitic - Rang 3 - Codáin" });
  await start.waitFor();
  expect(await start.evaluate((link) => link === document.activeElement)).toBe(true);
  const { games } = (await pageApi(page, "/api/games")).body;
  expect(games.map((g: { title: string }) => g.title)).toEqual(["Matamaitic - Rang 3 - Codáin"]);
  await page.keyboard.press("Enter");
  await page.getByRole("heading", { name: en["sessions.start.title"] }).waitFor();
  await page.getByRole("button", { name: en["sessions.start.submit"] }).click();
  await page.getByRole("heading", { name: en["sessions.codes.started"] }).waitFor();
  const code = ((await page.locator(".join-code").first().textContent()) ?? "").replace(/\D/g, "");
  expect(code).toMatch(/^\d{6}$/);

  // A pupil plays its first question, in Irish (the game's language).
  const pupil = await suite.newPage({ viewport: SIZES[0], allowed: [/EventSource/] });
  await pupil.goto(`/join?code=${code}`);
  await pupil.getByRole("button", { name: en["pupil.join.continue"] }).click();
  await pupil.getByLabel(ga["pupil.join.nameLabel"]).fill("Síofra");
  await pupil.getByRole("button", { name: ga["pupil.join.joinButton"] }).click();
  await pupil.getByText("Ceist 1 as 3").waitFor();
  await pupil.getByText("Cé mhéad is leath de 12?").waitFor();
  await pupil.locator(".answer-option", { hasText: "6" }).click();
  await pupil.getByRole("button", { name: ga["pupil.play.submit"] }).click();
  await pupil.getByText("Ceist 2 as 3").waitFor();
  await pupil.getByText("Cé mhéad is ceathrú de 20?").waitFor();
});
