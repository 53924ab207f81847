/**
 * Pictures in questions (decision 019), in Chromium. A teacher picks a real photo from the
 * device (a JPEG whose EXIF block holds a GPS position, a description naming the answer and a
 * rotation, named answer-is-lion.jpg) and a landscape PNG; the editor shrinks, turns and
 * re-encodes them, and nothing of the file but its pixels reaches the server. A pupil sees the
 * picture with its description on a phone without losing the tiles or Submit; the results show
 * it; a results page of 30 pupils × 15 questions with 15 pictures fetches each picture once.
 * axe on every new screen, and screenshots at the four sizes for a person to look at.
 * Answers as pictures: a teacher gives a question's four options a picture each (one
 * by keyboard, one picture twice, stored once); a file that is no picture and a full storage
 * quota are refused beside their option with nothing typed lost; the game is saved, reopened,
 * previewed and duplicated with its pictures; the editor is seen at phone, tablet and laptop.
 */
import { sql } from "drizzle-orm";
import type { BrowserContext, Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { limitMessages, TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import { imageMessages } from "../../src/shared/games/images.ts";
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi as pageFetch, useBrowserSuite } from "../support/browser-suite.ts";
import { joinedStudent } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { layoutProblems, twoFrames } from "../support/layout-checks.ts";
import { joinAs } from "../support/pupil-journey.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { chunksOf } from "../support/webp-files.ts";

/** The picture messages as an English reader sees them (the server answers with the key and the English). */
const english = Object.fromEntries(
  Object.entries(imageMessages).map(([name, text]) => [name, inEnglish(text)]),
) as Record<keyof typeof imageMessages, string>;

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1366, height: 768 },
  { name: "projector", width: 1920, height: 1080 },
] as const;

const LION_ALT = "A big wild cat with a golden mane, lying in long grass";
const MAP_ALT = "A wide map of an island with a river across it";
const SECRET_NAME = "answer-is-lion";

/**
 * An EXIF APP1 segment: orientation 6 (the camera was turned: show the stored pixels turned
 * a quarter clockwise), an image description naming the answer, and a GPS latitude.
 */
function exifSegment(): Buffer {
  const tiff = Buffer.alloc(124);
  tiff.write("II", 0, "latin1");
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    tiff.writeUInt32LE(value, at + 8);
  };
  const description = `${SECRET_NAME}.jpg\0`;
  // IFD0 at 8: description (ASCII, at 104), orientation (SHORT 6), GPS IFD pointer (at 50).
  tiff.writeUInt16LE(3, 8);
  entry(10, 0x010e, 2, description.length, 104);
  entry(22, 0x0112, 3, 1, 6);
  entry(34, 0x8825, 4, 1, 50);
  tiff.writeUInt32LE(0, 46);
  // GPS IFD at 50: latitude reference "N" (inline), latitude as three rationals (at 80).
  tiff.writeUInt16LE(2, 50);
  entry(52, 0x0001, 2, 2, 0x4e);
  entry(64, 0x0002, 5, 3, 80);
  tiff.writeUInt32LE(0, 76);
  [53, 1, 20, 1, 5988, 100].forEach((n, i) => tiff.writeUInt32LE(n, 80 + i * 4));
  tiff.write(description, 104, "latin1");
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/** A picture drawn by the browser's canvas: a scene with a sky, a sun and a shape, in `type`. */
async function drawnPicture(
  page: Page,
  width: number,
  height: number,
  type: "image/jpeg" | "image/png" | "image/webp",
  hue: number,
): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, type, hue }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext("2d")!;
      const sky = g.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, `hsl(${hue} 70% 75%)`);
      sky.addColorStop(1, `hsl(${(hue + 60) % 360} 60% 45%)`);
      g.fillStyle = sky;
      g.fillRect(0, 0, width, height);
      g.fillStyle = "#f5c518";
      g.beginPath();
      g.arc(width * 0.25, height * 0.3, Math.min(width, height) * 0.15, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#5a3d12";
      g.fillRect(width * 0.5, height * 0.55, width * 0.35, height * 0.3);
      // An arrow pointing up in the stored pixels: after the EXIF turn it points right.
      g.fillStyle = "#fff";
      g.beginPath();
      g.moveTo(width * 0.75, height * 0.08);
      g.lineTo(width * 0.85, height * 0.3);
      g.lineTo(width * 0.65, height * 0.3);
      g.fill();
      const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), type, 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, type, hue },
  );
  return Buffer.from(base64, "base64");
}

/** A camera's JPEG: the canvas's JPEG with the EXIF segment right after its start marker. */
const withExif = (jpeg: Buffer) => Buffer.concat([jpeg.subarray(0, 2), exifSegment(), jpeg.subarray(2)]);

describe.each([browserDatabaseKind("pglite")])("pictures in questions on %s", (db) => {
  const suite = useBrowserSuite({ db });
  const errors = suite.errors;
  const axe = new Map<string, string[]>();

  async function newContext(
    viewport: { width: number; height: number } = { width: 1366, height: 768 },
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.newContext({ viewport });
    const page = await suite.newPage({ context, allowed: [/EventSource|net::ERR_FAILED/] });
    return { context, page };
  }

  async function audit(page: Page, screen: string) {
    const found = await axeViolations(page);
    axe.set(screen, found);
    expect.soft(found, screen).toEqual([]);
  }

  async function loginAs(page: Page, email: string, password: string) {
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Login" }).click();
    await page.waitForURL("**/dashboard");
  }

  let sessionId = "";
  let joinCode = "";
  // The first test's teacher and their signed-in page, which the results tests go on with.
  let author: Awaited<ReturnType<typeof signedUpTeacher>>;
  let authorPage: Page;

  it("a teacher adds a photo and a drawing; only their pixels, turned upright and shrunk, reach the server", async () => {
    const teacher = await signedUpTeacher(suite.server.url);
    author = teacher;
    const { page } = await newContext();
    authorPage = page;
    await loginAs(page, teacher.email, teacher.password);
    // A camera photo 2000×1500 as stored, turned by its EXIF to 1500×2000; a wide PNG drawing.
    const photo = withExif(await drawnPicture(page, 2000, 1500, "image/jpeg", 30));
    const drawing = await drawnPicture(page, 1600, 700, "image/png", 200);
    expect(photo.includes(SECRET_NAME)).toBe(true);

    const sent: Request[] = [];
    page.on("request", (request) => sent.push(request));
    // The uploads' bodies as they leave the browser (a Blob body is not in the request event).
    const uploaded: Buffer[] = [];
    await page.route("**/api/images", async (route) => {
      uploaded.push(route.request().postDataBuffer() ?? Buffer.alloc(0));
      await route.continue();
    });
    await page.getByRole("link", { name: "Create New Game" }).click();
    await page.getByLabel("Game Title (optional)").fill("Ainmhithe");
    const q1 = page.getByRole("group", { name: "Question 1", exact: true });
    await page.getByLabel("Question 1 text").fill("Which animal is this?");
    for (const [i, option] of ["Lion", "Tiger", "Horse", "Cow"].entries())
      await q1.getByLabel(`Option ${"ABCD"[i]}`, { exact: true }).fill(option);
    await q1.getByRole("button", { name: "Add a picture", exact: true }).waitFor();
    await page
      .getByTestId("q1-picture-file")
      .setInputFiles({ name: `${SECRET_NAME}.jpg`, mimeType: "image/jpeg", buffer: photo });
    const preview = q1.locator("img.question-picture-preview");
    await preview.waitFor();
    // No description yet: the field says so, and Save names it.
    await q1.getByText(english.altRequired).waitFor();
    await page.getByRole("button", { name: "Add Another Question" }).click();
    const q2 = page.getByRole("group", { name: "Question 2", exact: true });
    await page.getByLabel("Question 2 text").fill("Which is the longest river in Ireland?");
    for (const [i, option] of ["Shannon", "Liffey", "Lee", "Boyne"].entries())
      await q2.getByLabel(`Option ${"ABCD"[i]}`, { exact: true }).fill(option);
    await page
      .getByTestId("q2-picture-file")
      .setInputFiles({ name: "map.png", mimeType: "image/png", buffer: drawing });
    await q2.locator("img.question-picture-preview").waitFor();
    await q2.getByLabel("Describe the picture for a pupil who cannot see it").fill(MAP_ALT);
    await page.getByRole("button", { name: "Save Game" }).click();
    await page.getByRole("alert").filter({ hasText: english.altRequired }).waitFor();
    // The description's box grows with its text: the longest one allowed is all in view, without an inner scrollbar, at every size.
    const describe = q1.getByLabel("Describe the picture for a pupil who cannot see it");
    const box = () =>
      describe.evaluate((el: HTMLTextAreaElement) => ({
        height: el.clientHeight,
        scrolls: el.scrollHeight > el.clientHeight + 1,
      }));
    await describe.fill("A lion");
    const oneLine = await box();
    await describe.fill(`${LION_ALT}, `.repeat(6).slice(0, 300));
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await expect.poll(box, { message: size.name }).toMatchObject({ scrolls: false });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    // The box regrows after the resize on the next frame: polled, as a loaded machine may take a moment.
    await expect.poll(async () => (await box()).height).toBeGreaterThan(oneLine.height * 3);
    await describe.fill(LION_ALT);
    await expect.poll(box).toMatchObject({ scrolls: false });
    await page.setViewportSize({ width: 1366, height: 768 });
    await expect.poll(async () => (await box()).height).toBeLessThan(oneLine.height * 2);
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await audit(page, "editor-with-pictures");
    for (const size of SIZES) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), size.name).toEqual([]);
      await q1.scrollIntoViewIfNeeded();
      await screenshot(page, `${db}-pictures-editor-${size.name}`);
    }
    await page.setViewportSize({ width: 1366, height: 768 });

    // The uploads: WebP bytes only, no EXIF, no file name, turned upright and at most 1280 px.
    const uploads = sent.filter((r) => r.url().endsWith("/api/images") && r.method() === "POST");
    expect(uploads).toHaveLength(2);
    expect(uploaded).toHaveLength(2);
    for (const upload of uploads) expect(upload.headers()["content-type"]).toBe("image/webp");
    for (const body of uploaded) {
      expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(chunksOf(body).map((c) => c.fourCC)).not.toContain("EXIF");
      expect(body.includes(SECRET_NAME)).toBe(false);
      expect(body.includes("Exif")).toBe(false);
    }
    for (const request of sent) {
      const seen = `${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ""}`;
      expect(seen.includes(SECRET_NAME), request.url()).toBe(false);
    }
    const sizes = await Promise.all(
      uploads.map(
        async (u) => (await u.response())!.json() as Promise<{ width: number; height: number; bytes: number }>,
      ),
    );
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [960, 1280],
      [1280, 560],
    ]);
    console.info(
      `[pictures ${db}] photo ${photo.length} B JPEG 2000×1500 → ${sizes[0]!.bytes} B WebP 960×1280; drawing ${drawing.length} B PNG 1600×700 → ${sizes[1]!.bytes} B WebP 1280×560`,
    );

    await page.getByRole("button", { name: "Save Game" }).click();
    await page.waitForURL("**/dashboard");
    const games = await pageFetch<{ games: Array<{ id: string }> }>(page, "/api/games");
    const game = await pageFetch<{ game: { questions: Array<{ imageAlt: string | null }> } }>(
      page,
      `/api/games/${games.body.games[0]!.id}`,
    );
    expect(game.body.game.questions.map((q) => q.imageAlt)).toEqual([LION_ALT, MAP_ALT]);
    const started = await pageFetch<{ id: string }>(page, "/api/sessions", {
      gameId: games.body.games[0]!.id,
      groupCount: 1,
    });
    sessionId = started.body.id;
    joinCode = (
      await pageFetch<{ session: { groups: Array<{ joinCode: string }> } }>(page, `/api/sessions/${sessionId}`)
    ).body.session.groups[0]!.joinCode;
  });

  it("a pupil sees each picture with its description, and the tiles and Submit still fit the screen", async () => {
    // One pupil; each question is measured at every size. The play screen is laid out by CSS
    // alone, so a resized window shows what a device of that size shows.
    const { context, page } = await newContext(SIZES[0]);
    await joinAs(page, joinCode, "Pupil");
    await page.getByText("Question 1 of 2").waitFor();
    for (const [n, alt, option] of [
      [1, LION_ALT, "Lion"],
      [2, MAP_ALT, "Shannon"],
    ] as const) {
      await page.getByText(`Question ${n} of 2`).waitFor();
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const picture = page.getByRole("img", { name: alt });
        await expect
          .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
          .toBeGreaterThan(0);
        expect(await layoutProblems(page), `${size.name} question ${n}`).toEqual([]);
        // One screen, one job: nothing to scroll to reach the four tiles and Submit.
        await screenshot(page, `${db}-pictures-play-${n === 1 ? "portrait" : "landscape"}-${size.name}`);
        // One screen, one job: the pupil's screen (its <main>) ends within the window, and the four
        // tiles end above the Submit bar. The page's language switch may sit below it.
        const fits = await page.evaluate(() => {
          const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
          const tilesEnd = [...document.querySelectorAll(".answer-option")].reduce(
            (end, tile) => Math.max(end, tile.getBoundingClientRect().bottom),
            0,
          );
          return {
            overflow: Math.max(0, Math.round(scrollY + box("main.play").bottom - innerHeight)),
            tilesAboveSubmit: tilesEnd <= box(".play-actions").top + 1,
          };
        });
        expect(fits, `${size.name} question ${n}`).toEqual({ overflow: 0, tilesAboveSubmit: true });
        if (size.name === "phone") await audit(page, `play-picture-${n === 1 ? "portrait" : "landscape"}`);
      }
      await page.locator(".answer-option", { hasText: option }).click();
      await page.getByRole("button", { name: "Submit Answer" }).click();
      await page.getByText("Correct!", { exact: true }).waitFor();
    }
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    await context.close();
  });

  it("the results show each question's picture, beside it and in a pupil's opened question", async () => {
    const teacherPage = authorPage;
    // Opened once and then measured at every size: the results page is laid out by CSS alone, so a
    // resized window shows what a device of that size shows.
    await teacherPage.goto(`/results/${sessionId}`);
    const thumb = teacherPage.locator(".question-summary").getByRole("img", { name: LION_ALT });
    await expect
      .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await teacherPage.getByRole("button", { name: "Expand All" }).click();
    await teacherPage
      .getByRole("button", { name: /^Question 1: / })
      .first()
      .click();
    const detail = teacherPage.locator(".cell-detail").getByRole("img", { name: LION_ALT });
    for (const size of SIZES) {
      await teacherPage.setViewportSize(size);
      await twoFrames(teacherPage);
      await thumb.waitFor();
      await detail.waitFor();
      expect(await layoutProblems(teacherPage), size.name).toEqual([]);
      if (size.name === "laptop") await audit(teacherPage, "results-with-pictures");
      await screenshot(teacherPage, `${db}-pictures-results-${size.name}`);
    }
    await teacherPage.setViewportSize({ width: 1366, height: 768 });
  });

  it("a results page of 30 pupils × 15 questions with 15 pictures fetches each picture once", async () => {
    const teacher = author;
    const page = authorPage;
    // Drawn and uploaded side by side: each waits on the page's encoder, then on the server.
    const pictures: Array<{ id: string; src: string }> = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const bytes = await drawnPicture(page, i % 2 ? 800 : 600, i % 2 ? 600 : 800, "image/webp", i * 24);
        const res = await teacher.client.request("POST", "/api/images", bytes, { "content-type": "image/webp" });
        expect(res.status, res.text).toBe(201);
        return res.body;
      }),
    );
    const questions = pictures.map((p, i) => ({
      questionText: `Question ${i + 1}: which picture is this?`,
      options: ["Sun", "Moon", "Star", "Cloud"],
      correctAnswer: i % 4,
      imageId: p.id,
      imageAlt: `Picture ${i + 1}: a sun over a brown box`,
    }));
    const game = await teacher.client.post("/api/games", { title: "Fifteen pictures", questions });
    expect(game.status, game.text).toBe(201);
    const session = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0]
      .joinCode as string;
    await Promise.all(
      Array.from({ length: 30 }, async (_, p) => {
        const pupil = await joinedStudent(suite.server.url, code, `Páiste ${p + 1}`);
        // Everyone answers every question: some wrong first, a few stop early.
        for (let q = 0; q < (p % 10 === 9 ? 10 : 15); q++) {
          if ((p + q) % 3 === 0) await pupil.answer(q, (questions[q]!.correctAnswer + 1) % 4);
          expect((await pupil.answer(q, questions[q]!.correctAnswer)).status).toBe(200);
        }
      }),
    );

    const fetched = new Map<string, number>();
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/api/images/")) fetched.set(path, (fetched.get(path) ?? 0) + 1);
    });
    await page.goto(`/results/${session.body.id}`);
    await page.getByRole("button", { name: "Expand All" }).click();
    // Open a question in several pupils' grids: the same pictures again, larger.
    for (const n of [1, 5, 15]) {
      await page
        .getByRole("button", { name: new RegExp(`^Question ${n}: `) })
        .nth(n)
        .click();
      await page
        .locator(".cell-detail")
        .getByRole("img", { name: `Picture ${n}: a sun over a brown box` })
        .first()
        .waitFor();
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect
      .poll(() =>
        page.evaluate(() => [...document.querySelectorAll("img")].every((img) => img.complete && img.naturalWidth > 0)),
      )
      .toBe(true);
    await page.waitForTimeout(500);
    console.info(
      `[pictures ${db}] results page of 30 pupils × 15 questions: ${[...fetched.values()].reduce((a, b) => a + b, 0)} picture requests for ${fetched.size} pictures`,
    );
    expect(fetched.size).toBe(15);
    expect(
      [...fetched.values()].every((n) => n === 1),
      JSON.stringify([...fetched]),
    ).toBe(true);
  });

  it("a pupil's device loads picture bytes only for the questions that have one, each once", async () => {
    const teacher = await signedUpTeacher(suite.server.url);
    const { context, page } = await newContext({ width: 390, height: 844 });
    const picture = (
      await teacher.client.request("POST", "/api/images", await drawnPicture(page, 800, 600, "image/webp", 90), {
        "content-type": "image/webp",
      })
    ).body;
    const q = (n: number, withPicture: boolean) => ({
      questionText: `Question ${n}?`,
      options: ["Yes", "No", "Maybe", "Never"],
      correctAnswer: 0,
      ...(withPicture ? { imageId: picture.id, imageAlt: "A sun over a brown box" } : {}),
    });
    const game = await teacher.client.post("/api/games", {
      title: "One picture",
      questions: [q(1, false), q(2, true), q(3, false)],
    });
    const session = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1 });
    const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0]
      .joinCode as string;

    const fetched: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/images/")) fetched.push(new URL(request.url()).pathname);
    });
    await joinAs(page, code, "Pupil");
    await page.waitForTimeout(500);
    // Joining and a question without a picture: no picture bytes at all.
    expect(fetched).toEqual([]);
    for (const n of [1, 2, 3]) {
      await page.getByText(`Question ${n} of 3`).waitFor();
      if (n === 2)
        await expect
          .poll(() =>
            page
              .getByRole("img", { name: "A sun over a brown box" })
              .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
          )
          .toBeGreaterThan(0);
      else expect(await page.locator("main img").count()).toBe(0);
      await page.locator(".answer-option", { hasText: "Yes" }).click();
      await page.getByRole("button", { name: "Submit Answer" }).click();
      await page.getByText("Correct!", { exact: true }).waitFor();
    }
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    // The one picture, fetched once (ahead, during question 1's "Correct!"), shown from the cache.
    expect(fetched).toEqual([picture.src]);
    await context.close();
  });

  it("a teacher makes a question of four pictures: refused files shown beside their option, saved, reopened, duplicated", async () => {
    const teacher = await signedUpTeacher(suite.server.url);
    const { page } = await newContext({ width: 1280, height: 900 });
    await loginAs(page, teacher.email, teacher.password);
    const triangle = await drawnPicture(page, 900, 700, "image/png", 0);
    const [circle, square, star] = await Promise.all(
      [120, 240, 300].map((hue) => drawnPicture(page, 700, 900, "image/jpeg", hue)),
    );
    const q1 = page.getByRole("group", { name: "Question 1", exact: true });
    const texts = ["A red triangle", "A blue circle", "A green square", "The same red triangle"];
    const optionRow = (letter: string) =>
      q1.locator(".option-row").filter({ has: page.getByLabel(`Option ${letter}`, { exact: true }) });
    const thumb = (letter: string) => optionRow(letter).locator("img.option-picture-thumb");
    const loaded = (letter: string) =>
      expect
        .poll(() => thumb(letter).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          message: letter,
        })
        .toBeGreaterThan(0);
    const typed = () =>
      Promise.all(["A", "B", "C", "D"].map((l) => q1.getByLabel(`Option ${l}`, { exact: true }).inputValue()));
    const file = (letter: string) => page.getByTestId(`q1-option-${letter}-picture-file`);

    await page.getByRole("link", { name: "Create New Game" }).click();
    await page.getByLabel("Game Title (optional)").fill("Shapes for Junior Infants");
    await page.getByLabel("Question 1 text").fill("Which one is a triangle?");
    for (const [i, option] of texts.entries()) await q1.getByLabel(`Option ${"ABCD"[i]}`, { exact: true }).fill(option);

    // By keyboard: Tab from option A's text box reaches its "Add a picture", and Enter opens the chooser.
    // Listened for first: Playwright starts catching the chooser only once asked, and that takes a round trip.
    const chooser = page.waitForEvent("filechooser");
    await q1.getByLabel("Option A", { exact: true }).focus();
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      "Add a picture for option A",
    );
    await page.keyboard.press("Enter");
    await (await chooser).setFiles({ name: "triangle.png", mimeType: "image/png", buffer: triangle });
    await loaded("A");
    // The keyboard's place moves to the button that took its button's place.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label"));
    await expect.poll(focused).toBe("Change the picture for option A");
    await file("B").setInputFiles({ name: "circle.jpg", mimeType: "image/jpeg", buffer: circle! });
    await file("C").setInputFiles({ name: "square.jpg", mimeType: "image/jpeg", buffer: square! });
    // The same picture again for D: stored once.
    await file("D").setInputFiles({ name: "triangle-again.png", mimeType: "image/png", buffer: triangle });
    for (const letter of "ABCD") await loaded(letter);
    // With a picture, the option's text is described as the picture's description.
    const hint = "Describe the picture: read aloud and shown under it";
    await expect.poll(() => q1.getByText(hint).count()).toBe(4);
    expect(
      await q1.getByLabel("Option B", { exact: true }).evaluate((input) =>
        (input.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent)
          .join(" "),
      ),
    ).toBe(hint);

    // Not a picture: refused beside option B with the editor's message; B keeps its picture, nothing typed is lost.
    await file("B").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    await optionRow("B").getByRole("alert").filter({ hasText: english.unreadable }).waitFor();
    expect(await q1.getByRole("alert").count()).toBe(1);
    await loaded("B");
    expect(await typed()).toEqual(texts);
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("Which one is a triangle?");

    // A full storage quota: the server's message beside option C, which keeps its picture.
    const [filler] = await queryRows<{ id: string }>(
      suite.server.database.db,
      sql`insert into games (title, description, creator_id) values ('Full', repeat('x', ${TEACHER_LIMITS.storageBytes}), ${teacher.id}) returning id`,
    );
    await file("C").setInputFiles({ name: "star.jpg", mimeType: "image/jpeg", buffer: star! });
    await optionRow("C")
      .getByRole("alert")
      .filter({ hasText: inEnglish(limitMessages.storageFull) })
      .waitFor();
    await loaded("C");
    expect(await typed()).toEqual(texts);
    await queryRows(suite.server.database.db, sql`delete from games where id = ${filler!.id}`);

    // Removed, then added again (the same bytes: the same stored picture).
    await q1.getByRole("button", { name: "Remove the picture for option C" }).click();
    expect(await thumb("C").count()).toBe(0);
    await expect.poll(focused).toBe("Add a picture for option C");
    expect(await optionRow("C").getByRole("alert").count()).toBe(0);
    await q1.getByRole("button", { name: "Add a picture for option C" }).waitFor();
    // Seen and checked with three pictures, B's refusal beside B and C's "Add a picture" beside its text.
    await audit(page, "editor-with-option-pictures");
    for (const size of [
      { name: "phone", width: 390, height: 844 },
      { name: "tablet", width: 768, height: 1024 },
      { name: "laptop", width: 1280, height: 900 },
    ]) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), size.name).toEqual([]);
      // What the teacher sees of the options: the window, from the question's picture down.
      await q1.locator(".question-picture-field").evaluate((el) => el.scrollIntoView({ block: "start" }));
      await screenshot(page, `${db}-option-pictures-editor-${size.name}`, { fullPage: false });
      if (size.name === "phone") {
        await optionRow("C").evaluate((el) => el.scrollIntoView({ block: "start" }));
        await screenshot(page, `${db}-option-pictures-editor-phone-c-d`, { fullPage: false });
      }
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await file("C").setInputFiles({ name: "square.jpg", mimeType: "image/jpeg", buffer: square! });
    await loaded("C");

    await page.getByRole("button", { name: "Save Game" }).click();
    await page.waitForURL("**/dashboard");
    type Saved = { game: { questions: Array<{ options: string[]; optionImageIds: (string | null)[] | null }> } };
    const games = await pageFetch<{ games: Array<{ id: string; title: string }> }>(page, "/api/games");
    const gameId = games.body.games.find((g) => g.title === "Shapes for Junior Infants")!.id;
    const saved = (await pageFetch<Saved>(page, `/api/games/${gameId}`)).body.game.questions[0]!;
    expect(saved.options).toEqual(texts);
    const ids = saved.optionImageIds!;
    expect(ids).toHaveLength(4);
    expect(ids[3]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(3);
    const [stored] = await queryRows<{ n: number }>(
      suite.server.database.db,
      sql`select count(*)::int as n from images where owner_id = ${teacher.id}`,
    );
    // Triangle (twice), circle, square; the star was refused.
    expect(stored?.n).toBe(3);

    // Reopened: the pictures are there.
    await page.goto(`/edit-game/${gameId}`);
    for (const letter of "ABCD") await loaded(letter);
    expect(await typed()).toEqual(texts);

    // Previewed as a pupil, from the saved game: its four options on the tiles (the preview hands the
    // play screen the options' pictures as a real game does; the tiles draw them once they can).
    await page.goto(`/preview-game/${gameId}`);
    await page.getByText("Question 1 of 1").waitFor();
    const tiles = await page.locator(".answer-option").allTextContents();
    expect(tiles).toHaveLength(4);
    texts.forEach((text, i) => expect(tiles[i]).toContain(text));

    // Duplicated: the copy keeps them.
    await page.goto("/dashboard");
    await page
      .locator("li.game-card")
      .filter({ has: page.getByRole("heading", { name: "Shapes for Junior Infants", exact: true }) })
      .getByRole("button", { name: "Duplicate Game" })
      .click();
    await page.getByRole("heading", { name: "Duplicate Game" }).waitFor();
    for (const letter of "ABCD") await loaded(letter);
    await page.getByLabel("Game Title (optional)").fill("Shapes again");
    await page.getByRole("button", { name: "Save Game" }).click();
    await page.waitForURL("**/dashboard");
    const copies = await pageFetch<{ games: Array<{ id: string; title: string }> }>(page, "/api/games");
    const copyId = copies.body.games.find((g) => g.title === "Shapes again")!.id;
    const copy = (await pageFetch<Saved>(page, `/api/games/${copyId}`)).body.game.questions[0]!;
    expect(copy.optionImageIds).toEqual(ids);
  });

  it("found no accessibility problems and logged no errors", () => {
    expect(Object.fromEntries(axe)).toEqual(Object.fromEntries([...axe.keys()].map((k) => [k, []])));
    expect(errors.flat()).toEqual([]);
  });
});
