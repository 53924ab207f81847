/**
 * The hunt around the room on the pupil's screens, in Chromium: between stations the
 * child is told where to look ("Find station 1 — look under the globe"), the question absent
 * from the page; a wrong card is a kind redirect, a done one "Already found!", a word on no card
 * checked again; the word typed with odd case and spaces finds the station, as does the card's
 * address (/s/:token); a device that had not joined is taken to the join page and on to the
 * station; the route ends at the chest. The in-page scanner: Chromium's fake camera showing a
 * card's QR code (printed with another address), read by a BarcodeDetector given to the page
 * (this Chromium has none on Linux) that decodes with jsQR; its code is fetched only when pressed.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe.ts";
import { chromiumPath, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { chooseTile } from "../support/pupil-journey.ts";
import { qrVideoFile, stationGame, stationHunt, typedOddly } from "../support/station-hunt.ts";

const [q1, q2, q3] = stationGame.questions as [
  (typeof stationGame.questions)[0],
  (typeof stationGame.questions)[0],
  (typeof stationGame.questions)[0],
];
const right = (q: typeof q1) => q.options[q.correctAnswer]!;

describe.each([browserDatabaseKind("pglite")])("the hunt around the room, a pupil's screens, on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let hunt: Awaited<ReturnType<typeof stationHunt>>;
  let session: { id: string; codes: string[] };

  beforeAll(async () => {
    hunt = await stationHunt(suite.server.url);
    session = await hunt.start();
  });

  const card = (position: number) => hunt.cards[position]!;
  const findHeading = (page: Page, position: number) =>
    page.getByRole("heading", { name: `Find station ${card(position).number}` });
  const typeWord = async (page: Page, word: string) => {
    await page.getByLabel("Station word").fill(word);
    await page.getByRole("button", { name: "Check the word" }).click();
  };
  const answer = async (page: Page, option: string) => {
    await chooseTile(page, option);
    await page.getByRole("button", { name: "Submit Answer" }).click();
  };
  async function join(page: Page, code: string, name: string) {
    await page.getByLabel("Join Code").fill(code);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Your Name").fill(name);
    await page.getByRole("button", { name: "Join Game" }).click();
  }

  it("a child finds each station of the group's route by word and by card, is redirected kindly, and opens the chest", async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto("/join");
    await join(page, session.codes[0]!, "Aoife");

    // Group 1 starts at station 1: where to look, the question not in the page, no Scan button (no BarcodeDetector).
    await findHeading(page, 0).waitFor();
    await page.getByText("Look under the globe").waitFor();
    expect(await page.getByText(q1.questionText).count()).toBe(0);
    expect(await page.locator(".answer-option").count()).toBe(0);
    expect(await page.getByRole("button", { name: "Scan the card" }).count()).toBe(0);
    expect(await page.getByRole("img", { name: "Stations done: 0 of 3" }).count()).toBe(1);
    expect(await page.locator(".station-sign .station-symbol").getAttribute("aria-label")).toBe("Star");
    expect(await axeViolations(page)).toEqual([]);

    // The wrong card: named, and the next one to look for with its hiding place. A word on no card: check it.
    await typeWord(page, card(1).word);
    await page
      .getByText(`This is station ${card(1).number}. Your next station is ${card(0).number} — look under the globe.`)
      .waitFor();
    await typeWord(page, "Bananas");
    await page.getByText("No station in this hunt has the word “Bananas”. Check the card and try again.").waitFor();
    await findHeading(page, 0).waitFor();

    // The right word, typed oddly: the question appears, with its station.
    await typeWord(page, typedOddly(card(0).word));
    await page.getByText(q1.questionText).waitFor();
    await page.getByText(`You found station ${card(0).number}!`).waitFor();
    expect(await page.locator(".progress-line").textContent()).toBe(`Station ${card(0).number}Question 1 of 3`);
    await answer(page, right(q1));

    // On to station 2, on the door of the PE hall. Station 1's card again: "Already found!".
    await findHeading(page, 1).waitFor();
    await page.getByText("Look on the door of the PE hall").waitFor();
    expect(await page.getByRole("img", { name: "Stations done: 1 of 3" }).count()).toBe(1);
    await page.goto(`/s/${card(0).token}`);
    await page.getByText("Already found!").waitFor();
    await findHeading(page, 1).waitFor();
    expect(page.url()).toMatch(/\/play\/[0-9a-f-]+$/);

    // The card's address (a camera app) finds station 2.
    await page.goto(`/s/${card(1).token}`);
    await page.getByText(q2.questionText).waitFor();
    await answer(page, right(q2));

    // Station 3 has no hiding place: the number and symbol alone.
    await findHeading(page, 2).waitFor();
    expect(await page.locator(".station-place").count()).toBe(0);
    await typeWord(page, card(2).word);
    await answer(page, right(q3));
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    expect(await page.locator(".station-trail .chest-reached").count()).toBe(1);
    expect(suite.errors.flat()).toEqual([]);
  });

  it("a card opened on a device that has not joined goes to the join page, then on to that station (group 2 starts at station 2)", async () => {
    const page = await suite.newPage({ viewport: { width: 768, height: 1024 } });
    await page.goto(`/s/${card(1).token}`);
    await page.getByText("You found a station card! Join the game first, then you go on to the station.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/join");
    await join(page, session.codes[1]!, "Cian");
    await page.getByText(q2.questionText).waitFor();
    await page.getByText(`You found station ${card(1).number}!`).waitFor();
    expect(suite.errors.flat()).toEqual([]);
  });

  it("the in-page scanner reads a card printed with another address, its code fetched only when pressed", async () => {
    const video = qrVideoFile(`http://192.168.1.23:3000/s/${card(0).token}`);
    const browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ baseURL: suite.server.url, viewport: { width: 768, height: 1024 } });
      await context.grantPermissions(["camera"]);
      // The browser's QR reader, as Chromebooks and Android have it: here jsQR reads the video's frames.
      const jsQR = fs.readFileSync(createRequire(import.meta.url).resolve("jsqr/dist/jsQR.js"), "utf8");
      await context.addInitScript({
        content: `${jsQR};
          window.BarcodeDetector = class {
            constructor(options) { this.formats = options.formats; }
            async detect(video) {
              if (!video.videoWidth) return [];
              const canvas = document.createElement("canvas");
              canvas.width = video.videoWidth;
              canvas.height = video.videoHeight;
              const g = canvas.getContext("2d", { willReadFrequently: true });
              g.drawImage(video, 0, 0);
              const found = jsQR(g.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
              return found ? [{ rawValue: found.data, format: "qr_code" }] : [];
            }
          };`,
      });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto("/join");
      await join(page, session.codes[0]!, "Scanner");
      await findHeading(page, 0).waitFor();
      expect(scripts.filter((url) => url.includes("station-scanner"))).toEqual([]);
      await page.getByRole("button", { name: "Scan the card" }).click();
      await page.getByText(q1.questionText).waitFor();
      expect(scripts.filter((url) => url.includes("station-scanner")).length).toBe(1);
      await page.getByText(`You found station ${card(0).number}!`).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
