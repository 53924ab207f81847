/**
 * Picture answers in Chromium: a game made over HTTP with drawn WebP pictures as its
 * options (POST /api/images, then POST /api/games with optionImageIds). A pupil on a phone
 * (390×844) and a tablet (768×1024) sees four picture tiles, 2×2 (on a laptop, four in a row), with the option texts as the
 * tiles' names and nothing to scroll; answers wrong (crossed out, the clue) then right (the
 * tick); the next question's pictures arrive during 'Correct!' and are not fetched again. The
 * keyboard reaches and chooses picture tiles; read-aloud says a tile's text, and the question's
 * speaker pressed twice reads the question and then A–D (window.speechSynthesis replaced by a
 * recording fake, the browser's API only, as tests/browser/read-aloud.test.ts does). The results
 * show the chosen option's picture. axe on every screen; screenshots at phone, tablet and laptop.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { joinedStudent } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { joinAs } from "../support/pupil-journey.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { chunksOf } from "../support/webp-files.ts";

const FRUIT = ["Apple", "Banana", "Orange", "Grapes"];
const SKY = ["Sun", "Moon", "Cloud", "Rainbow"];
const CLUE = "It is long and yellow.";
const ALLOWED = [/EventSource/];

/** Simple drawings a five-year-old names at a glance, drawn by the page's canvas and encoded as WebP. */
const DRAWINGS = ["apple", "banana", "orange", "grapes", "sun", "moon", "cloud"] as const;
async function drawnWebp(page: Page, what: (typeof DRAWINGS)[number]): Promise<Buffer> {
  const base64 = await page.evaluate(async (what) => {
    const size = 480;
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#ffffff";
    g.fillRect(0, 0, size, size);
    const disc = (x: number, y: number, r: number, colour: string) => {
      g.fillStyle = colour;
      g.beginPath();
      g.arc(x, y, r, 0, Math.PI * 2);
      g.fill();
    };
    if (what === "apple") {
      disc(240, 270, 150, "#d62828");
      g.fillStyle = "#5a3d12";
      g.fillRect(230, 80, 20, 70);
      g.fillStyle = "#2e9e44";
      g.beginPath();
      g.ellipse(300, 110, 55, 25, -0.5, 0, Math.PI * 2);
      g.fill();
    } else if (what === "banana") {
      g.strokeStyle = "#f2c200";
      g.lineWidth = 80;
      g.lineCap = "round";
      g.beginPath();
      g.arc(240, 120, 250, 0.35 * Math.PI, 0.75 * Math.PI);
      g.stroke();
    } else if (what === "orange") {
      disc(240, 250, 160, "#f28c00");
      disc(240, 95, 14, "#2e9e44");
    } else if (what === "grapes") {
      for (const [x, y] of [
        [180, 170],
        [240, 170],
        [300, 170],
        [210, 230],
        [270, 230],
        [240, 290],
        [180, 290],
        [300, 290],
        [240, 350],
      ] as const)
        disc(x, y, 42, "#6a2c91");
      g.fillStyle = "#2e9e44";
      g.fillRect(232, 80, 16, 60);
    } else if (what === "sun") {
      g.strokeStyle = "#f2b400";
      g.lineWidth = 22;
      for (let k = 0; k < 12; k++) {
        const a = (k * Math.PI) / 6;
        g.beginPath();
        g.moveTo(240 + Math.cos(a) * 140, 240 + Math.sin(a) * 140);
        g.lineTo(240 + Math.cos(a) * 210, 240 + Math.sin(a) * 210);
        g.stroke();
      }
      disc(240, 240, 110, "#ffc800");
    } else if (what === "moon") {
      g.fillStyle = "#1c2a4a";
      g.fillRect(0, 0, size, size);
      disc(240, 240, 160, "#f6e27a");
      disc(310, 200, 140, "#1c2a4a");
    } else {
      g.fillStyle = "#cfe8ff";
      g.fillRect(0, 0, size, size);
      for (const [x, y, r] of [
        [160, 270, 90],
        [250, 220, 120],
        [340, 270, 85],
        [250, 300, 90],
      ] as const)
        disc(x, y, r, "#ffffff");
    }
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/webp", 0.85));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    return btoa(binary);
  }, what);
  const webp = Buffer.from(base64, "base64");
  // Chromium's canvas writes a plain WebP (no EXIF or XMP chunk), which the server takes as it is.
  expect(chunksOf(webp).map((c) => c.fourCC)).not.toContain("EXIF");
  return webp;
}

type Call = { type: "speak"; text: string; lang: string } | { type: "cancel" };

describe.each([browserDatabaseKind("pglite")])("picture answers in Chromium on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;
  let sessionId = "";
  let code = "";
  const src: Record<string, string> = {};
  const axe = new Map<string, string[]>();
  const audit = async (page: Page, name: string) => axe.set(name, await axeViolations(page));

  beforeAll(async () => {
    teacher = await signedUpTeacher(suite.server.url);
    const drawingPage = await suite.newPage({ viewport: { width: 600, height: 600 }, allowed: ALLOWED });
    await drawingPage.goto("/");
    const ids: Record<string, string> = {};
    for (const what of DRAWINGS) {
      const res = await teacher.client.request("POST", "/api/images", await drawnWebp(drawingPage, what), {
        "content-type": "image/webp",
      });
      expect(res.status, res.text).toBe(201);
      ids[what] = res.body.id;
      src[what] = res.body.src;
    }
    await drawingPage.context().close();
    const game = await teacher.client.post("/api/games", {
      title: "Junior Infants - Fruit and sky",
      questions: [
        {
          questionText: "Which one is a banana?",
          options: FRUIT,
          correctAnswer: 1,
          clue: CLUE,
          optionImageIds: [ids.apple, ids.banana, ids.orange, ids.grapes],
        },
        {
          // Three pictures and one option of words: its text large in its tile.
          questionText: "What do we see at night?",
          options: SKY,
          correctAnswer: 1,
          optionImageIds: [ids.sun, ids.moon, ids.cloud, null],
        },
        {
          // A picture in the question and four as its options: all on one phone screen still.
          questionText: "Which one is the same?",
          options: FRUIT,
          correctAnswer: 2,
          imageId: ids.orange,
          imageAlt: "An orange",
          optionImageIds: [ids.apple, ids.banana, ids.orange, ids.grapes],
        },
      ],
    });
    expect(game.status, game.text).toBe(201);
    const session = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    expect(session.status).toBe(201);
    sessionId = session.body.id;
    code = (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups[0].joinCode;
  });

  /** What the page's own layout says about the question screen: nothing to scroll, 2×2, every picture drawn. */
  async function pictureScreen(page: Page) {
    return page.evaluate(() => {
      const tiles = [...document.querySelectorAll(".answer-option")].map((el) => el.getBoundingClientRect());
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const tilesEnd = Math.max(...tiles.map((r) => r.bottom));
      // Tiles 2px apart are one row (a chosen or hovered tile is lifted by 2px).
      const rowTops = tiles.map((r) => r.top).sort((a, b) => a - b);
      return {
        // One screen, one job (as tests/browser/question-pictures.test.ts has it): the pupil's screen
        // ends within the window and the tiles above the Submit bar; the language switch may sit below.
        overflow: Math.max(0, Math.round(scrollY + box("main.play").bottom - innerHeight)),
        tilesBelowSubmit: Math.max(0, Math.round(tilesEnd - box(".play-actions").top)),
        columns: new Set(tiles.map((r) => Math.round(r.left))).size,
        rows: rowTops.filter((top, i) => i === 0 || top - rowTops[i - 1]! > 4).length,
        pictureHeights: [...document.querySelectorAll<HTMLImageElement>(".option-picture")].map((img) =>
          Math.round(img.getBoundingClientRect().height),
        ),
        pictures: [...document.querySelectorAll<HTMLImageElement>(".option-picture")].map((img) => ({
          src: new URL(img.src).pathname,
          alt: img.alt,
          loaded: img.complete && img.naturalWidth > 0,
          sized: img.getAttribute("width") !== null && img.getAttribute("height") !== null,
          text: img.parentElement?.querySelector(".answer-text")?.textContent,
        })),
      };
    });
  }

  async function expectFourPictureTiles(page: Page, size: string) {
    for (const option of FRUIT) await page.getByRole("radio", { name: option, exact: true }).waitFor();
    await expect.poll(async () => (await pictureScreen(page)).pictures.every((p) => p.loaded)).toBe(true);
    const screen = await pictureScreen(page);
    console.info(
      `[picture answers] ${size}: pictures ${screen.pictureHeights.join("/")} px high; overflow ${screen.overflow}, tiles below Submit ${screen.tilesBelowSubmit}`,
    );
    expect(screen.pictures).toEqual(
      ["apple", "banana", "orange", "grapes"].map((what, i) => ({
        src: src[what],
        // The option's text right under the picture names the tile; the picture is not read twice.
        alt: "",
        loaded: true,
        sized: true,
        text: FRUIT[i],
      })),
    );
    await screenshot(page, `${db}-picture-answers-${size}`);
    // 2×2 on a phone held upright and a tablet; four in a row on a laptop's wide, short screen.
    expect({ columns: screen.columns, rows: screen.rows }).toEqual(
      size === "laptop" ? { columns: 4, rows: 1 } : { columns: 2, rows: 2 },
    );
    expect({ overflow: screen.overflow, tilesBelowSubmit: screen.tilesBelowSubmit }, size).toEqual({
      overflow: 0,
      tilesBelowSubmit: 0,
    });
    expect(Math.min(...screen.pictureHeights), size).toBeGreaterThanOrEqual(100);
    // Each tile keeps its shape and letter; its speaker reads its option.
    expect(await page.locator(".picture-tiles .tile-shape").count()).toBe(4);
    expect(await page.locator(".picture-tiles .answer-letter").allTextContents()).toEqual(["A", "B", "C", "D"]);
    expect(await layoutProblems(page)).toEqual([]);
  }

  it("a pupil on a phone sees four picture tiles without scrolling, answers wrong then right, and the next pictures come ahead", async () => {
    const page = await suite.newPage({ viewport: { width: 390, height: 844 }, allowed: ALLOWED });
    const fetched: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/images/")) fetched.push(path);
    });
    const caching = new Set<string>();
    page.on("response", (response) => {
      if (new URL(response.url()).pathname.startsWith("/api/images/"))
        caching.add(response.headers()["cache-control"] ?? "none");
    });
    await joinAs(page, code, "Aoife");
    await expectFourPictureTiles(page, "phone");
    // Only this question's four pictures: none of the next question's yet.
    expect([...new Set(fetched)].sort()).toEqual([src.apple, src.banana, src.orange, src.grapes].sort());
    await audit(page, "phone-question");
    await screenshot(page, `${db}-picture-answers-phone`);

    // Wrong: a tap on the apple's picture, Submit; crossed out, kind words, the clue.
    const apple = (await page.locator(".option-picture").first().boundingBox())!;
    await page.mouse.click(apple.x + apple.width / 2, apple.y + apple.height / 2);
    expect(await page.getByRole("radio", { name: "Apple", exact: true }).isChecked()).toBe(true);
    await screenshot(page, `${db}-picture-answers-phone-chosen`);
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Incorrect!").waitFor();
    await page.getByRole("complementary", { name: "Clue" }).getByText(CLUE).waitFor();
    await expect.poll(() => page.locator(".answer-option.crossed-out").count()).toBe(1);
    expect(await page.locator(".answer-option.crossed-out .answer-text").textContent()).toBe("Apple");
    expect(await page.getByRole("radio", { name: /^Apple/ }).isDisabled()).toBe(true);
    expect(await page.locator(".crossed-out .mark-crossed").count()).toBe(1);
    await screenshot(page, `${db}-picture-answers-phone-wrong`);
    const afterWrong = await pictureScreen(page);
    expect({ overflow: afterWrong.overflow, tilesBelowSubmit: afterWrong.tilesBelowSubmit }, "with the clue").toEqual({
      overflow: 0,
      tilesBelowSubmit: 0,
    });
    await audit(page, "phone-wrong");

    // Right: the banana; the tick on its tile during 'Correct!'.
    await page.locator(".answer-option", { hasText: "Banana" }).click();
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Correct!", { exact: true }).waitFor();
    expect(await page.locator(".answer-option.is-right .mark-right").count()).toBe(1);
    expect(await page.locator(".answer-option.is-right .answer-text").textContent()).toBe("Banana");
    await screenshot(page, `${db}-picture-answers-phone-right`);

    // Question 2: its three pictures were fetched during 'Correct!' and are shown from the cache.
    await page.getByText("Question 2 of 3").waitFor();
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>(".option-picture")].every(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    expect(await page.locator(".option-picture").count()).toBe(3);
    for (const what of ["sun", "moon", "cloud"]) expect(fetched.filter((p) => p === src[what]).length, what).toBe(1);
    // Seven pictures in two questions, each fetched once and kept by the browser for good.
    expect(fetched.length).toBe(7);
    expect([...caching]).toEqual(["private, max-age=31536000, immutable"]);
    // The option with no picture shows its words large in its tile.
    const rainbow = page.locator(".answer-option.no-picture .answer-text");
    expect(await rainbow.textContent()).toBe("Rainbow");
    expect(Number.parseFloat(await rainbow.evaluate((el) => getComputedStyle(el).fontSize))).toBeGreaterThan(
      Number.parseFloat(
        await page
          .locator(".answer-option.has-picture .answer-text")
          .first()
          .evaluate((el) => getComputedStyle(el).fontSize),
      ),
    );
    expect((await pictureScreen(page)).tilesBelowSubmit).toBe(0);
    await audit(page, "phone-mixed");
    await screenshot(page, `${db}-picture-answers-phone-mixed`);
    await page.getByRole("radio", { name: "Moon", exact: true }).check();
    await page.getByRole("button", { name: "Submit Answer" }).click();

    // The question's own picture above four picture tiles: smaller, and nothing to scroll.
    await page.getByText("Question 3 of 3").waitFor();
    await page.getByRole("img", { name: "An orange" }).waitFor();
    await expect.poll(async () => (await pictureScreen(page)).pictures.every((p) => p.loaded)).toBe(true);
    const both = await pictureScreen(page);
    console.info(`[picture answers] phone, question picture too: pictures ${both.pictureHeights.join("/")} px high`);
    expect({ overflow: both.overflow, tilesBelowSubmit: both.tilesBelowSubmit }, "question picture too").toEqual({
      overflow: 0,
      tilesBelowSubmit: 0,
    });
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, `${db}-picture-answers-phone-question-picture`);
    await page.getByRole("radio", { name: "Orange", exact: true }).check();
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    await page.context().close();
  });

  it("on a tablet (2×2) and a laptop (four in a row): nothing to scroll; the keyboard reaches and chooses them", async () => {
    const page = await suite.newPage({ viewport: { width: 768, height: 1024 }, allowed: ALLOWED });
    await joinAs(page, code, "Cian");
    await expectFourPictureTiles(page, "tablet");
    await audit(page, "tablet-question");
    await screenshot(page, `${db}-picture-answers-tablet`);

    // Keyboard: Tab from the question reaches the tiles; Space chooses, the arrows move, Enter submits.
    await page.getByRole("heading", { name: /Question 1 of 3/ }).focus();
    const focusedName = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        return el?.type === "radio" ? `radio ${el.labels?.[0]?.textContent}` : `${el?.tagName} ${el?.ariaLabel ?? ""}`;
      });
    for (let i = 0; i < 5 && !(await focusedName()).startsWith("radio"); i++) await page.keyboard.press("Tab");
    expect(await focusedName()).toBe("radio AApple");
    await page.keyboard.press("Space");
    expect(await page.getByRole("radio", { name: "Apple", exact: true }).isChecked()).toBe(true);
    // The tile's ring shows where the focus is.
    expect(
      await page
        .locator(".answer-option", { hasText: "Apple" })
        .evaluate((el) => getComputedStyle(el).outlineStyle !== "none"),
    ).toBe(true);
    await page.keyboard.press("Tab");
    expect(await focusedName()).toBe("BUTTON Read option A aloud");
    await page.keyboard.press("Shift+Tab");
    expect(await focusedName()).toBe("radio AApple");
    await screenshot(page, `${db}-picture-answers-tablet-keyboard`);
    // Enter submits the apple: wrong, crossed out, the clue; the tiles still above Submit.
    await page.keyboard.press("Enter");
    await page.getByText("Incorrect!").waitFor();
    await page.getByRole("complementary", { name: "Clue" }).getByText(CLUE).waitFor();
    expect(await page.getByRole("radio", { name: /^Apple/ }).isDisabled()).toBe(true);
    const afterWrong = await pictureScreen(page);
    expect({ overflow: afterWrong.overflow, tilesBelowSubmit: afterWrong.tilesBelowSubmit }, "tablet, clue").toEqual({
      overflow: 0,
      tilesBelowSubmit: 0,
    });
    await audit(page, "tablet-wrong");
    await screenshot(page, `${db}-picture-answers-tablet-wrong`);
    // Tab from the question lands on B (A is not choosable again); the arrows move, Space chooses, Enter submits.
    await page.getByRole("heading", { name: /Question 1 of 3/ }).focus();
    for (let i = 0; i < 5 && !(await focusedName()).startsWith("radio"); i++) await page.keyboard.press("Tab");
    expect(await focusedName()).toBe("radio BBanana");
    await page.keyboard.press("ArrowRight");
    expect(await focusedName()).toBe("radio COrange");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Space");
    expect(await page.getByRole("radio", { name: "Banana", exact: true }).isChecked()).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByText("Correct!", { exact: true }).waitFor();
    expect(await page.locator(".answer-option.is-right .answer-text").textContent()).toBe("Banana");
    await screenshot(page, `${db}-picture-answers-tablet-right`);
    await page.getByText("Question 2 of 3").waitFor();
    await screenshot(page, `${db}-picture-answers-tablet-mixed`);

    // A laptop: the same four tiles, 2×2, Submit in view.
    await page.setViewportSize({ width: 1280, height: 900 });
    const laptop = await suite.newPage({ viewport: { width: 1280, height: 900 }, allowed: ALLOWED });
    await joinAs(laptop, code, "Dara");
    await expectFourPictureTiles(laptop, "laptop");
    await audit(laptop, "laptop-question");
    await screenshot(laptop, `${db}-picture-answers-laptop`);
    await page.context().close();
    await laptop.context().close();
  });

  it("read aloud: a tile's speaker says its text; the question's speaker pressed twice reads the question, then A to D", async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => {
      type Utterance = { text: string; lang: string; onend: (() => void) | null; onerror: (() => void) | null };
      const w = window as unknown as Record<string, unknown>;
      const calls: unknown[] = [];
      let queue: Utterance[] = [];
      w.__speechCalls = calls;
      // The browser finishes what it is saying: the utterances queued end one after the other.
      w.__finishSpeaking = () => {
        const done = queue;
        queue = [];
        for (const u of done) u.onend?.();
      };
      w.SpeechSynthesisUtterance = function (this: Utterance, text: string) {
        Object.assign(this, { text, lang: "", onend: null, onerror: null });
      };
      const fake = {
        getVoices: () => [{ name: "Moira", lang: "en-IE", voiceURI: "Moira", localService: true, default: false }],
        speak(u: Utterance) {
          calls.push({ type: "speak", text: u.text, lang: u.lang });
          queue.push(u);
        },
        cancel() {
          calls.push({ type: "cancel" });
          const cancelled = queue;
          queue = [];
          for (const u of cancelled) u.onerror?.();
        },
        addEventListener() {},
        removeEventListener() {},
      };
      Object.defineProperty(window, "speechSynthesis", { value: fake, configurable: true });
    });
    const page = await suite.newPage({ context, allowed: ALLOWED });
    await joinAs(page, code, "Éabha");
    const calls = () =>
      page.evaluate(() => (window as unknown as { __speechCalls: Call[] }).__speechCalls.filter(Boolean));
    const spokenSince = async (n: number) =>
      (await calls())
        .slice(n)
        .filter((c) => c.type === "speak")
        .map((c) => (c.type === "speak" ? `${c.lang}: ${c.text}` : ""));
    const finish = () =>
      page.evaluate(() => (window as unknown as { __finishSpeaking: () => void }).__finishSpeaking());
    const questionSpeaker = page.getByRole("button", { name: "Read aloud", exact: true });

    // A picture tile's speaker says its option's text.
    let mark = (await calls()).length;
    await page.getByRole("button", { name: "Read option C aloud" }).click();
    expect(await spokenSince(mark)).toEqual(["en-IE: Orange"]);
    await finish();

    // Once: the question. Twice while it speaks: the question, then each option with its letter, in order.
    mark = (await calls()).length;
    await questionSpeaker.click();
    expect(await spokenSince(mark)).toEqual(["en-IE: Which one is a banana?"]);
    mark = (await calls()).length;
    await questionSpeaker.click();
    expect(await spokenSince(mark)).toEqual([
      "en-IE: Which one is a banana?",
      "en-IE: A, Apple.",
      "en-IE: B, Banana.",
      "en-IE: C, Orange.",
      "en-IE: D, Grapes.",
    ]);
    expect(await questionSpeaker.getAttribute("aria-pressed")).toBe("true");
    await screenshot(page, `${db}-picture-answers-reading-all`);
    // A third press stops it.
    mark = (await calls()).length;
    await questionSpeaker.click();
    expect((await calls()).slice(mark)).toEqual([{ type: "cancel" }]);
    await expect.poll(() => questionSpeaker.getAttribute("aria-pressed")).toBe("false");

    // The question read to its end, then a second press a moment later: still twice.
    await questionSpeaker.click();
    await finish();
    await expect.poll(() => questionSpeaker.getAttribute("aria-pressed")).toBe("false");
    mark = (await calls()).length;
    await questionSpeaker.click();
    expect(await spokenSince(mark)).toHaveLength(5);
    await finish();
    // Long after the end, a press is a first press again.
    await page.waitForTimeout(2700);
    mark = (await calls()).length;
    await questionSpeaker.click();
    expect(await spokenSince(mark)).toEqual(["en-IE: Which one is a banana?"]);
    // Read to its end, then a tile's speaker, then the question's: a first press again.
    await finish();
    await page.getByRole("button", { name: "Read option B aloud" }).click();
    mark = (await calls()).length;
    await questionSpeaker.click();
    expect(await spokenSince(mark)).toEqual(["en-IE: Which one is a banana?"]);
    await context.close();
  });

  it("the results show the chosen option's picture, small, with its text", async () => {
    // A pupil who tried the orange and then stopped: the detail shows the orange and the right answer, the banana.
    const pupil = await joinedStudent(suite.server.url, code, "Fionn");
    expect((await pupil.answer(0, 2)).status).toBe(200);
    const page = await suite.newPage({ viewport: { width: 1280, height: 900 }, allowed: ALLOWED });
    await page.goto("/login");
    await page.getByLabel("Email").fill(teacher.email);
    await page.getByLabel("Password").fill(teacher.password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard");
    await page.goto(`/results/${sessionId}`);
    await page.getByRole("button", { name: "Show questions for Fionn" }).click();
    await page.locator(".grid-row").getByRole("button", { name: "Question 1: Incorrect" }).click();
    const detail = page.getByRole("region", { name: "Question 1 details for Fionn" });
    await detail.waitFor();
    const thumbs = detail.locator("img.option-thumb");
    await expect.poll(() => thumbs.count()).toBe(2);
    await expect
      .poll(() =>
        thumbs.evaluateAll((imgs) =>
          (imgs as HTMLImageElement[]).map((img) => ({
            src: new URL(img.src).pathname,
            loaded: img.complete && img.naturalWidth > 0,
            line: img.parentElement?.textContent,
          })),
        ),
      )
      .toEqual([
        { src: src.orange, loaded: true, line: expect.stringMatching(/Orange$/) },
        { src: src.banana, loaded: true, line: expect.stringMatching(/Banana$/) },
      ]);
    await audit(page, "results-detail");
    await screenshot(page, `${db}-picture-answers-results-laptop`);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await layoutProblems(page)).toEqual([]);
    await screenshot(page, `${db}-picture-answers-results-phone`);
    await page.context().close();
  });

  it("found no accessibility problems and logged no errors", () => {
    expect(Object.fromEntries(axe)).toEqual(Object.fromEntries([...axe.keys()].map((k) => [k, []])));
    expect(suite.errors.flat()).toEqual([]);
  });
});
