/**
 * Station cards to print in Chromium, as a teacher prints them: from the dashboard to
 * the print page; the browser's own print of it (page.pdf(), as Chrome's print does) at two and at
 * four cards a page, turned into images by Debian's pdftoppm, and every QR code on them read by
 * jsQR: each holds `${cardBaseUrl}/s/<token>` of a card, one sheet a page, no card cut across
 * two; nothing of a question is on the page. A new question's card marked new, printing only it;
 * "New cards" with its confirmation. Screenshots of the printed pages at both layouts, and of the
 * page at 390×844, 768×1024 and 1920×1080, each checked for a broken layout and by axe.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StationCardsResponse } from "../../src/shared/stations/station-responses.ts";
import { stationCardPath } from "../../src/shared/stations/station-responses.ts";
import { axeViolations } from "../support/axe.ts";
import { screenshot, screenshotDir } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { cropPixels, pngPixels } from "../support/png-pixels.ts";

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1920, height: 1080 },
] as const;

const PLACE =
  "On the door of the PE hall, behind the big poster of the solar system, at a child's eye height, near the fire exit signs";

const game = {
  title: "Science - 4th Class - Habitats",
  language: "en",
  questions: [
    { questionText: "Where does an otter live?", options: ["River", "Desert", "Cave", "Nest"], correctAnswer: 0 },
    {
      questionText: "What does a hedgehog eat?",
      options: ["Beetles", "Grass", "Fish", "Seeds"],
      correctAnswer: 0,
      hidingPlace: "Under the globe",
    },
    { questionText: "Which bird hoots at night?", options: ["Owl", "Robin", "Crow", "Swan"], correctAnswer: 0 },
    {
      questionText: "Where do bees keep honey?",
      options: ["Hive", "Burrow", "Web", "Den"],
      correctAnswer: 0,
      // As long as a hiding place may be (120 characters): it still fits on its card.
      hidingPlace: PLACE,
    },
    { questionText: "What is a frog's baby called?", options: ["Tadpole", "Cub", "Kid", "Calf"], correctAnswer: 0 },
  ],
};

const suite = useBrowserSuite({ db: browserDatabaseKind("postgres") });
const shots = fs.mkdtempSync(path.join(os.tmpdir(), "station-cards-"));

afterAll(() => {
  fs.rmSync(shots, { recursive: true, force: true });
  expect(suite.errors.flat()).toEqual([]);
});

/**
 * The page printed as Chromium prints it, each A4 page an image (pdftoppm), each sheet's card
 * places read by jsQR: the addresses found, page by page.
 */
async function printedAddresses(page: Page, perSheet: 2 | 4, name: string): Promise<string[][]> {
  const pdf = path.join(shots, `${name}.pdf`);
  // As printed, no card's content runs past its edges (the longest hiding place, a long word).
  await page.emulateMedia({ media: "print" });
  const cut = await page
    .locator(".station-card")
    .evaluateAll((cards) =>
      cards
        .filter((c) => c.scrollHeight > c.clientHeight + 1 || c.scrollWidth > c.clientWidth + 1)
        .map((c) => c.getAttribute("aria-label")),
    );
  await page.emulateMedia({ media: null });
  expect(cut, `cards cut at ${perSheet} a page`).toEqual([]);
  fs.writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  execFileSync("pdftoppm", ["-png", "-r", "110", pdf, path.join(shots, name)]);
  const pngs = fs
    .readdirSync(shots)
    .filter((f) => f.startsWith(`${name}-`) && f.endsWith(".png"))
    .sort();
  // The printed pages, for a person to look at.
  fs.mkdirSync(screenshotDir, { recursive: true });
  for (const png of pngs) fs.copyFileSync(path.join(shots, png), path.join(screenshotDir, `station-cards-${png}`));
  // Where each card sits on its sheet: two one above the other, or four in a grid.
  const places =
    perSheet === 2
      ? [0, 1].map((row) => ({ x: 0, y: row / 2, width: 1, height: 0.5 }))
      : [0, 1].flatMap((row) => [0, 1].map((col) => ({ x: col / 2, y: row / 2, width: 0.5, height: 0.5 })));
  return pngs.map((png) => {
    const pixels = pngPixels(fs.readFileSync(path.join(shots, png)));
    return places.flatMap((place) => {
      const part = cropPixels(pixels, place);
      const code = jsQR(part.data, part.width, part.height);
      return code ? [code.data] : [];
    });
  });
}

describe("station cards to print", () => {
  let page: Page;
  let gameId: string;
  let cards: StationCardsResponse;

  beforeAll(async () => {
    page = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    await signUpInPage(page, "Múinteoir Nóra");
    const created = await pageApi(page, "/api/games", game);
    expect(created.status).toBe(201);
    gameId = created.body.id;
  });

  it("opens from the dashboard, names the address the codes hold, marks every card new, and shows nothing of a question", async () => {
    await page.goto("/dashboard");
    await page.getByRole("link", { name: `Station cards of ${game.title} to print` }).click();
    await page.waitForURL(`**/games/${gameId}/station-cards`);
    await expect.poll(() => page.getByRole("heading", { name: "Station cards" }).count()).toBe(1);
    cards = (await pageApi<StationCardsResponse>(page, `/api/games/${gameId}/station-cards`)).body;
    await page.getByText(`The QR codes open ${cards.cardBaseUrl}.`).waitFor();
    expect(await page.getByText("network address that can change").count()).toBe(cards.baseUrlIsBareAddress ? 1 : 0);
    await page.getByText("5 new cards to print").waitFor();
    expect(await page.locator(".station-card").count()).toBe(5);
    expect(await page.locator(".station-card-new").count()).toBe(5);
    for (const card of cards.cards) {
      const shown = page.getByRole("article", { name: `Station ${card.number}`, exact: true });
      await expect.poll(() => shown.locator(".station-card-word").textContent()).toBe(card.word);
    }
    await page.getByText("Hide: Under the globe").waitFor();
    const text = await page.locator("main").innerText();
    for (const q of game.questions) {
      expect(text).not.toContain(q.questionText);
      for (const option of q.options) expect(text).not.toMatch(new RegExp(`\\b${option}\\b`, "i"));
    }
  });

  it("prints four cards to an A4 page, and two large ones, each QR code holding its card's address", async () => {
    const addresses = cards.cards.map((c) => `${cards.cardBaseUrl}${stationCardPath(c.token)}`);
    const four = await printedAddresses(page, 4, "four");
    // Five cards: a full sheet, then a sheet of one; no blank page, no card across two.
    expect(four.map((p) => p.length)).toEqual([4, 1]);
    expect(four.flat()).toEqual(addresses);

    await page.getByRole("radio", { name: "2 (large)" }).check();
    const two = await printedAddresses(page, 2, "two");
    expect(two.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(two.flat()).toEqual(addresses);
  });

  it("looks right on a phone, a tablet and a projector-sized screen", async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await screenshot(page, `station-cards-page-${size.width}x${size.height}`);
      expect(await layoutProblems(page), `at ${size.width}×${size.height}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
  });

  it("edits a question's hiding place in the editor, with its counter, and links to the cards", async () => {
    await page.goto(`/edit-game/${gameId}`);
    const field = page.getByLabel("Where is the station card for question 2 hidden? (optional)");
    await expect.poll(() => field.inputValue()).toBe("Under the globe");
    await page.getByText("15 / 120 characters").waitFor();
    await field.fill("x".repeat(121));
    await page.getByText("Where a card is hidden can be at most 120 characters.").waitFor();
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await field.fill("Under the globe, by the window");
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.locator("#q2-hiding-place").scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(screenshotDir, `station-cards-editor-${size.width}x${size.height}.png`),
      });
      expect(await layoutProblems(page), `editor at ${size.width}×${size.height}`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL("**/dashboard");
    await page.setViewportSize(SIZES[0]);
    await page.screenshot({ path: path.join(screenshotDir, "station-cards-dashboard-390x844.png"), fullPage: true });
    expect(await layoutProblems(page), "dashboard at 390×844").toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/edit-game/${gameId}`);
    await page.getByRole("link", { name: "Print station cards" }).click();
    await page.waitForURL(`**/games/${gameId}/station-cards`);
    await page.getByText("Hide: Under the globe, by the window").waitFor();
    // The edit kept every question's card (and its printed state).
    const after = (await pageApi<StationCardsResponse>(page, `/api/games/${gameId}/station-cards`)).body;
    expect(after.cards.map((c) => c.token)).toEqual(cards.cards.map((c) => c.token));
  });

  it("marks the cards printed after printing, then offers to print only a new question's card", async () => {
    // The browser's print dialog is not part of what is tested: it returns at once here.
    await page.evaluate(() => {
      window.print = () => {};
    });
    await page.getByRole("button", { name: "Print cards" }).click();
    await expect.poll(() => page.locator(".station-card-new").count()).toBe(0);
    expect(await page.getByText("new cards to print").count()).toBe(0);

    const detail = (await pageApi(page, `/api/games/${gameId}`)).body.game;
    const saved = await pageApi(
      page,
      `/api/games/${gameId}`,
      {
        ...game,
        questions: [
          ...detail.questions,
          { questionText: "Where does a fox live?", options: ["Den", "Hive", "Web", "Nest"], correctAnswer: 0 },
        ],
      },
      "PUT",
    );
    expect(saved.status).toBe(200);
    await page.reload();
    await page.getByText("1 new card to print").waitFor();
    expect(await page.locator(".station-card").count()).toBe(6);
    await page.getByLabel("Print only the new cards (1)").check();
    expect(await page.locator(".station-card").count()).toBe(1);
    await expect.poll(() => page.locator(".station-card-number").textContent()).toBe("6");
  });

  it('makes new cards only after "New cards" is confirmed: new tokens, words and numbers, all to print', async () => {
    const before = (await pageApi<StationCardsResponse>(page, `/api/games/${gameId}/station-cards`)).body;
    await page.getByRole("button", { name: "New cards" }).click();
    const dialog = page.getByRole("dialog", { name: "Make new cards?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect((await pageApi<StationCardsResponse>(page, `/api/games/${gameId}/station-cards`)).body).toEqual(before);

    await page.getByRole("button", { name: "New cards" }).click();
    await dialog.getByRole("button", { name: "Make new cards" }).click();
    await page.getByText("New cards made. Print them: the old ones no longer work.").waitFor();
    await page.getByText("6 new cards to print").waitFor();
    const after = (await pageApi<StationCardsResponse>(page, `/api/games/${gameId}/station-cards`)).body;
    const oldTokens = new Set(before.cards.map((c) => c.token));
    expect(after.cards.some((c) => oldTokens.has(c.token))).toBe(false);
    expect(after.cards.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await page.locator(".station-card").count()).toBe(6);
  });
});
