/**
 * Screenshots of every screen of the teacher's game library, for a person to look
 * at: the dashboard with search and filters in use, the archived games, the delete
 * confirmation, the share panel, the editor (editing a game, a question with its picture, the
 * spreadsheet import's preview), the shared view another teacher opens, preview as a pupil
 * (a question with a picture, and its clue after a wrong answer), a pupil's question with a
 * picture, the results with pictures and the projector stage. Each at 390×844 (phone),
 * 768×1024 (tablet), 1366×768 (laptop) and 1920×1080 (projector), with the layout checks of the
 * browser tests (nothing wider than the screen, no text cut off) printed beside each file.
 *
 *   npx tsx scripts/library-screens.ts [--no-build] [--out <dir>]
 *
 * Builds the web app (unless --no-build), starts the real server on a fresh embedded database
 * on a free port, and drives Debian's Chromium (/usr/bin/chromium or CHROMIUM_PATH). Files go to
 * test-results/library-screens/ by default, named <screen>-<size>.png.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Browser, Locator, Page } from "playwright-core";
import { build } from "vite";
import { projectRoot } from "../src/server/project-root.ts";
import { webDistDir } from "../src/server/web-build.ts";
import { launchBrowser } from "../tests/support/browser.ts";
import { joinedStudent } from "../tests/support/classroom.ts";
import { layoutProblems } from "../tests/support/layout-checks.ts";
import { joinAs } from "../tests/support/pupil-journey.ts";
import { signedUpTeacher } from "../tests/support/teachers.ts";
import { startTestServer, type TestServer } from "../tests/support/test-server.ts";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1366, height: 768 },
  { name: "projector", width: 1920, height: 1080 },
] as const;
type Size = (typeof SIZES)[number];

const { values: args } = parseArgs({ options: { "no-build": { type: "boolean" }, out: { type: "string" } } });
const outDir = path.resolve(args.out ?? path.join(projectRoot, "test-results", "library-screens"));

/** A scene drawn by the browser's canvas and encoded as WebP, as the editor would upload it: an animal-ish shape under a sky. */
async function drawnWebp(page: Page, width: number, height: number, hue: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, hue }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext("2d")!;
      const sky = g.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, `hsl(${hue} 70% 78%)`);
      sky.addColorStop(1, `hsl(${(hue + 80) % 360} 45% 40%)`);
      g.fillStyle = sky;
      g.fillRect(0, 0, width, height);
      g.fillStyle = "#3f7d2c";
      g.fillRect(0, height * 0.72, width, height * 0.28);
      const s = Math.min(width, height);
      // A fox-coloured body, head and ears.
      g.fillStyle = "#d2691e";
      g.beginPath();
      g.ellipse(width * 0.5, height * 0.62, s * 0.24, s * 0.13, 0, 0, Math.PI * 2);
      g.fill();
      g.beginPath();
      g.arc(width * 0.5 + s * 0.26, height * 0.5, s * 0.1, 0, Math.PI * 2);
      g.fill();
      g.beginPath();
      g.moveTo(width * 0.5 + s * 0.2, height * 0.44);
      g.lineTo(width * 0.5 + s * 0.24, height * 0.33);
      g.lineTo(width * 0.5 + s * 0.28, height * 0.43);
      g.fill();
      g.fillStyle = "#fff";
      g.beginPath();
      g.ellipse(width * 0.5 - s * 0.3, height * 0.6, s * 0.09, s * 0.04, -0.4, 0, Math.PI * 2);
      g.fill();
      g.fillStyle = "#f5c518";
      g.beginPath();
      g.arc(width * 0.15, height * 0.2, s * 0.08, 0, Math.PI * 2);
      g.fill();
      const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), "image/webp", 0.82));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, hue },
  );
  return Buffer.from(base64, "base64");
}

/**
 * tsx (esbuild, keepNames) wraps functions in `__name(...)`, and Playwright sends page
 * functions as their source: the page needs the helper too. Vitest does not add it.
 */
const newContext = async (browser: Browser, baseURL: string, viewport: { width: number; height: number }) => {
  const context = await browser.newContext({ baseURL, viewport });
  await context.addInitScript("globalThis.__name = (target) => target;");
  return context;
};

type Report = { file: string; problems: string[] };
const reports: Report[] = [];

/** The screen at every size: `prepare` brings it into view at that size (it may navigate), then a screenshot and the layout checks. */
async function atEachSize(
  page: Page,
  screen: string,
  prepare: (size: Size) => Promise<void>,
  options: { fullPage?: boolean } = {},
) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await prepare(size);
    await page.evaluate(() => document.fonts.ready);
    // What the screen shows first, and for long pages the whole page too.
    const file = path.join(outDir, `${screen}-${size.name}.png`);
    await page.screenshot({ path: file });
    if (options.fullPage ?? true)
      await page.screenshot({ path: path.join(outDir, `${screen}-${size.name}-full.png`), fullPage: true });
    reports.push({ file: path.relative(projectRoot, file), problems: await layoutProblems(page) });
  }
}

const inView = async (locator: Locator) => {
  await locator.first().scrollIntoViewIfNeeded();
  await locator.first().evaluate((el) => el.scrollIntoView({ block: "start" }));
};

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/dashboard");
}

async function main() {
  if (!args["no-build"]) await build({ configFile: path.join(projectRoot, "vite.config.ts"), logLevel: "warn" });
  fs.mkdirSync(outDir, { recursive: true });
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startTestServer({ db: "pglite", webDir: webDistDir });
    browser = await launchBrowser();
    const teacher = await signedUpTeacher(server.url, { displayName: "Múinteoir Áine Ní Bhriain" });
    const colleague = await signedUpTeacher(server.url, { displayName: "Múinteoir Cathal" });
    const context = await newContext(browser, server.url, SIZES[2]);
    const page = await context.newPage();
    await signIn(page, teacher.email, teacher.password);

    // Three pictures, as the editor uploads them: a wide scene, a tall one, a square one.
    const pictures = [];
    for (const [w, h, hue] of [
      [1280, 853, 200],
      [720, 1280, 30],
      [900, 900, 120],
    ] as const) {
      const res = await teacher.client.request("POST", "/api/images", await drawnWebp(page, w, h, hue), {
        "content-type": "image/webp",
      });
      if (res.status !== 201) throw new Error(`picture upload: ${res.status} ${res.text}`);
      pictures.push(res.body as { id: string });
    }
    const animals = {
      title: "Science - 2nd Class - Animals of Ireland",
      description: "Which animal is this? Wild animals of the Irish countryside.",
      aiLastUsedSubject: "Science",
      aiLastUsedLevel: "2nd Class",
      aiLastUsedTopic: "Animals of Ireland",
      questions: [
        {
          questionText: "Which animal is this?",
          options: ["Fox", "Badger", "Hare", "Otter"],
          correctAnswer: 0,
          clue: "It has a bushy tail with a white tip.",
          imageId: pictures[0]!.id,
          imageAlt:
            "A reddish-orange animal with pointed ears and a bushy tail standing in a green field under a blue sky",
        },
        {
          questionText: "This animal hunts at night. What does it mostly eat?",
          options: ["Mice and beetles", "Grass", "Seaweed", "Acorns only"],
          correctAnswer: 0,
          imageId: pictures[1]!.id,
          imageAlt: "A tall picture of an orange animal curled on grass under an evening sky",
        },
        {
          questionText: "Where does a badger live?",
          options: ["In a sett", "In a nest", "In a hive", "In a burrow by the sea"],
          correctAnswer: 0,
          clue: "Its home has a short name of four letters.",
        },
        {
          questionText: "Which of these animals can fly?",
          options: ["Bat", "Hedgehog", "Stoat", "Pine marten"],
          correctAnswer: 0,
          imageId: pictures[2]!.id,
          imageAlt: "A square picture of an orange animal on a hill with the sun behind",
        },
      ],
    };
    const others: Array<[string, string, string]> = [
      ["Mathematics", "1st Class", "Addition to 20"],
      ["Mathematics", "4th Class", "Fractions"],
      ["Irish", "3rd Class", "An aimsir"],
      ["English", "5th Class", "Poetry"],
      [
        "Geography",
        "6th Class",
        "Rivers of Ireland and Europe, their sources, mouths and the counties they flow through",
      ],
      ["History", "4th Class", "The Vikings"],
      ["Music", "Junior Infants", "Instruments"],
      ["Visual Arts", "Senior Infants", "Colours"],
    ];
    const otherIds: string[] = [];
    for (const [subject, level, topic] of others) {
      const res = await teacher.client.post("/api/games", {
        title: `${subject} - ${level} - ${topic}`,
        aiLastUsedSubject: subject,
        aiLastUsedLevel: level,
        aiLastUsedTopic: topic,
        questions: [
          { questionText: `A question about ${topic}?`, options: ["One", "Two", "Three", "Four"], correctAnswer: 1 },
        ],
      });
      otherIds.push(res.body.id as string);
    }
    // Two archived games.
    for (const id of otherIds.slice(-2)) await teacher.client.patch(`/api/games/${id}`, { archived: true });
    // The picture game last, so it comes first in Your Games.
    const created = await teacher.client.post("/api/games", animals);
    if (created.status !== 201) throw new Error(`game: ${created.status} ${created.text}`);
    const animalsId = created.body.id as string;

    // A session of the picture game with pupils in three groups, for the results and the projector.
    const session = await teacher.client.post("/api/sessions", { gameId: animalsId, groupCount: 3 });
    const sessionId = session.body.id as string;
    const codes = (
      (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups as Array<{ joinCode: string }>
    ).map((g) => g.joinCode);
    const names = ["Aoife", "Cian", "Saoirse", "Oisín", "Róisín", "Pádraig", "Niamh", "Seán", "Éabha"];
    for (const [i, name] of names.entries()) {
      const pupil = await joinedStudent(server.url, codes[i % 3]!, name);
      for (let q = 0; q < (i % 4) + 1; q++) {
        if ((i + q) % 3 === 0) await pupil.answer(q, (animals.questions[q]!.correctAnswer + 1) % 4);
        await pupil.answer(q, animals.questions[q]!.correctAnswer);
      }
    }
    const linkId = (
      (await teacher.client.request("PUT", `/api/games/${animalsId}/share`)).body.sharePath as string
    ).slice("/shared/".length);

    // The dashboard: the whole page, then search and filters in use.
    await atEachSize(page, "dashboard", async () => {
      await page.goto("/dashboard");
      await page.getByRole("heading", { name: animals.title }).first().waitFor();
    });
    await atEachSize(
      page,
      "dashboard-search",
      async () => {
        await page.goto("/dashboard");
        await page.getByLabel("Search by title").fill("class");
        await page.getByLabel("Subject", { exact: true }).selectOption("Mathematics");
        await inView(page.getByRole("search", { name: "Find games" }));
      },
      { fullPage: false },
    );
    await atEachSize(
      page,
      "archived-games",
      async () => {
        await page.goto("/dashboard");
        await page.getByRole("heading", { name: "Archived games" }).waitFor();
        await inView(page.getByRole("heading", { name: "Archived games" }));
      },
      { fullPage: false },
    );
    await atEachSize(
      page,
      "share-panel",
      async () => {
        await page.goto("/dashboard");
        const card = page
          .getByRole("listitem")
          .filter({ hasText: animals.title })
          .filter({ has: page.getByRole("button", { name: "Share" }) });
        await card.getByRole("button", { name: "Share" }).click();
        await card.getByRole("button", { name: "Copy link" }).waitFor();
        await inView(card);
      },
      { fullPage: false },
    );
    await atEachSize(
      page,
      "delete-dialog",
      async () => {
        await page.goto("/dashboard");
        await page.getByRole("button", { name: `Delete ${animals.title}` }).click();
        await page.getByRole("dialog").waitFor();
      },
      { fullPage: false },
    );

    // The editor: the top (title, AI fields), a question with its picture, the import preview.
    await atEachSize(
      page,
      "edit-game",
      async () => {
        await page.goto(`/edit-game/${animalsId}`);
        await page.getByLabel("Question 1 text").waitFor();
      },
      { fullPage: false },
    );
    await atEachSize(
      page,
      "edit-question-picture",
      async () => {
        await page.goto(`/edit-game/${animalsId}`);
        const q1 = page.getByRole("group", { name: "Question 1", exact: true });
        const preview = q1.locator("img.question-picture-preview");
        await preview.waitFor();
        await preview.evaluate((img: HTMLImageElement) => img.decode());
        await inView(q1);
      },
      { fullPage: false },
    );
    await atEachSize(
      page,
      "import-preview",
      async () => {
        await page.goto(`/edit-game/${animalsId}`);
        await page.getByText("Import questions from a spreadsheet").click();
        await page
          .getByLabel("Spreadsheet file (.csv or .xlsx)")
          .setInputFiles(path.join(projectRoot, "tests/fixtures/import/bad-rows.xlsx"));
        const preview = page.locator(".import-preview");
        await preview.waitFor();
        await inView(preview);
      },
      { fullPage: false },
    );

    // Preview as a pupil: the question with its picture, then the clue after a wrong answer.
    await atEachSize(
      page,
      "preview-as-pupil",
      async () => {
        await page.goto(`/preview-game/${animalsId}`);
        const picture = page.getByRole("img", { name: animals.questions[0]!.imageAlt });
        await picture.waitFor();
        await picture.evaluate((img: HTMLImageElement) => img.decode());
      },
      { fullPage: false },
    );
    await atEachSize(
      page,
      "preview-clue",
      async () => {
        await page.goto(`/preview-game/${animalsId}`);
        await page.locator(".answer-option", { hasText: "Badger" }).click();
        await page.getByRole("button", { name: "Submit Answer" }).click();
        await page.getByText(animals.questions[0]!.clue!).waitFor();
      },
      { fullPage: false },
    );

    // The results (pictures beside the questions and in an opened cell), and the projector stage.
    await atEachSize(page, "results-pictures", async () => {
      await page.goto(`/results/${sessionId}`);
      const thumbs = page.locator(".question-thumb");
      await thumbs.first().waitFor();
      await page.getByRole("button", { name: "Expand All" }).click();
      await page
        .getByRole("button", { name: /^Question 1: / })
        .first()
        .click();
      await page.locator(".cell-detail img").first().waitFor();
      await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))));
    });
    await atEachSize(
      page,
      "projector",
      async () => {
        await page.goto(`/session-codes/${sessionId}`);
        await page.getByRole("button", { name: "Projector view" }).click();
        await page.locator(".stage-card").first().waitFor();
      },
      { fullPage: false },
    );

    // Another teacher opens the share link.
    const other = await newContext(browser, server.url, SIZES[2]);
    const otherPage = await other.newPage();
    await signIn(otherPage, colleague.email, colleague.password);
    await atEachSize(otherPage, "shared-view", async () => {
      await otherPage.goto(`/shared/${linkId}`);
      await otherPage.getByRole("img", { name: animals.questions[0]!.imageAlt }).waitFor();
      await otherPage.evaluate(() =>
        Promise.all([...document.images].map((img) => img.decode().catch(() => undefined))),
      );
    });

    // A pupil's question with a picture, on the pupil's own screens.
    const pupil = await newContext(browser, server.url, SIZES[0]);
    const pupilPage = await pupil.newPage();
    await joinAs(pupilPage, codes[0]!, "Méabh");
    await atEachSize(
      pupilPage,
      "pupil-question-picture",
      async () => {
        await pupilPage.reload();
        const picture = pupilPage.getByRole("img", { name: animals.questions[0]!.imageAlt });
        await picture.waitFor();
        await picture.evaluate((img: HTMLImageElement) => img.decode());
      },
      { fullPage: false },
    );
  } finally {
    await browser?.close();
    await server?.close();
  }
  const broken = reports.filter((r) => r.problems.length > 0);
  for (const r of reports)
    console.info(
      `${r.problems.length ? "PROBLEMS" : "ok      "} ${r.file}${r.problems.length ? `\n    ${r.problems.join("\n    ")}` : ""}`,
    );
  console.info(
    `${reports.length} screenshots in ${path.relative(projectRoot, outDir)}; ${broken.length} with layout problems.`,
  );
  if (broken.length > 0) process.exitCode = 1;
}

await main();
