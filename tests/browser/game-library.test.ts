/**
 * A teacher's game library in Chromium: editing a game (a running session's pupil
 * still sees what they were asked), archive and restore, delete with its confirmation, finding
 * games, preview as a pupil (nothing sent to the server), and the Create Game defects fixed.
 * axe on every new screen; screenshots at four sizes in test-results/screenshots.
 */

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish } from "../../src/server/i18n.ts";
import { libraryMessages } from "../../src/shared/games/game-library.ts";
import { gameMessages } from "../../src/shared/games/games.ts";
import { expectAxeClean } from "../support/axe.ts";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { layoutProblems, twoFrames } from "../support/layout-checks.ts";
import { chooseTile, joinAs, tile } from "../support/pupil-journey.ts";

const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
  { name: "laptop", width: 1366, height: 768 },
  { name: "projector", width: 1920, height: 1080 },
] as const;

const suite = useBrowserSuite({ db: "pglite" });
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: { width: 1366, height: 768 } });
  page = await context.newPage();
  pageErrors = watchPageErrors(page);
  await signUpInPage(page, "Máire", { email: `library-${Date.now()}@scoil.ie` });
});
afterAll(async () => {
  expect(pageErrors).toEqual([]);
});

/** A same-origin request from the teacher's page (its cookies and Origin). */
const api = <T = any>(method: string, path: string, body?: unknown) => pageApi<T>(page, path, body, method);

async function createGame(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api<{ id: string }>("POST", "/api/games", { ...threeQuestionGame, ...overrides });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** The screen at each size: saved for a person to look at, and no sideways scrolling or cut-off text. */
async function atEverySize(name: string, target: Page = page, noOverlap?: string) {
  for (const size of SIZES) {
    await target.setViewportSize({ width: size.width, height: size.height });
    await twoFrames(target);
    expect(await layoutProblems(target, { noOverlap }), `${name} at ${size.name}`).toEqual([]);
    await screenshot(target, `library-${name}-${size.name}`);
  }
  await target.setViewportSize({ width: 1366, height: 768 });
}

const card = (title: string) =>
  page
    .locator("#your-games")
    .locator("xpath=..")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const archivedCard = (title: string) =>
  page
    .locator(".archived-games")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });

describe("editing a game", () => {
  it("fixes a typo with the Create Game editor and messages; a running session's pupil still sees what they were asked", async () => {
    const gameId = await createGame({
      title: "Friday Quiz",
      description: "Food wrods",
      questions: [
        { ...threeQuestionGame.questions[0], questionText: "Cad é 'aple'?", clue: "Dearg" },
        ...threeQuestionGame.questions.slice(1),
      ],
    });
    const session = await api<{ id: string }>("POST", "/api/sessions", { gameId, groupCount: 1 });
    const code = (await api("GET", `/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode as string;
    const pupilContext = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: { width: 390, height: 844 },
    });
    const pupil = await pupilContext.newPage();
    const pupilErrors = watchPageErrors(pupil);
    await joinAs(pupil, code, "Aoife");
    await pupil.getByText("Cad é 'aple'?").waitFor();

    await page.goto("/dashboard");
    await card("Friday Quiz").getByRole("link", { name: "Edit Friday Quiz" }).click();
    await page.getByRole("heading", { name: "Edit Game" }).waitFor();
    await page.waitForURL(`**/edit-game/${gameId}`);
    // The game as saved: the typed title, the description, every question with its answer and clue.
    expect(await page.getByLabel("Game Title (optional)").inputValue()).toBe("Friday Quiz");
    // No Subject, Class Level and Topic: the hint says this field is the title.
    await page.getByText(inEnglish(gameMessages.titleNeededHint)).waitFor();
    expect(await page.getByLabel("Game Description (optional)").inputValue()).toBe("Food wrods");
    expect(await page.getByLabel("Question 1 text").inputValue()).toBe("Cad é 'aple'?");
    expect(await page.getByLabel("Option B is the correct answer for question 1").isChecked()).toBe(true);
    expect(await page.getByLabel("Clue for question 1 (optional)").inputValue()).toBe("Dearg");
    expect(await page.getByLabel("Question 3 text").inputValue()).toBe(threeQuestionGame.questions[2]!.questionText);
    await page.getByText("Sessions already started keep the questions they began with.").waitFor();
    await expectAxeClean(page, "edit-game");
    await atEverySize("edit-game");

    // The same validation and messages as Create Game, and the message goes once the problem is fixed.
    await page.getByLabel("Question 1 text").fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    const alert = page.getByRole("alert").filter({ hasText: inEnglish(gameMessages.questionTextsRequired) });
    await alert.waitFor();
    await page.getByLabel("Question 1 text").fill("Cad é 'apple'?");
    await alert.waitFor({ state: "detached" });
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.getByLabel("Game Description (optional)").fill("Food words");
    await page.getByLabel("Option C is the correct answer for question 2").check();
    await page.getByRole("button", { name: "Save Changes" }).click();

    await page.waitForURL("**/dashboard");
    await page.getByText(inEnglish(libraryMessages.saved)).waitFor();
    await card("Friday Quiz").getByText("Food words").waitFor();
    const saved = (await api("GET", `/api/games/${gameId}`)).body.game;
    expect(saved.questions[0]).toMatchObject({ questionText: "Cad é 'apple'?", correctAnswer: 1, clue: "Dearg" });
    expect(saved.title).toBe("Friday Quiz");

    // Aoife, mid-game, is still asked the question as it was when her session started.
    await pupil.reload();
    await pupil.getByText("Cad é 'aple'?").waitFor();
    await chooseTile(pupil, threeQuestionGame.questions[0]!.options[1]!);
    await pupil.getByRole("button", { name: "Submit Answer" }).click();
    await pupil.getByText(threeQuestionGame.questions[1]!.questionText).waitFor();
    // Question 2's right answer is still the one it had (option C is only right from the edit on).
    await chooseTile(pupil, threeQuestionGame.questions[1]!.options[2]!);
    await pupil.getByRole("button", { name: "Submit Answer" }).click();
    await pupil.getByText(threeQuestionGame.questions[2]!.questionText).waitFor();
    expect(pupilErrors).toEqual([]);
    await pupilContext.close();
  });

  it("says so when the game to edit is not there", async () => {
    await page.goto(`/edit-game/${crypto.randomUUID()}`);
    await page
      .getByRole("alert")
      .filter({ hasText: inEnglish(libraryMessages.gameNotFound) })
      .waitFor();
    expect(await page.getByRole("button", { name: "Save Changes" }).count()).toBe(0);
    await expectAxeClean(page, "edit-game-not-found");
  });
});

describe("archive, restore and delete", () => {
  it("archives a game out of Your Games and restores it", async () => {
    await createGame({ title: "Old Quiz" });
    await page.goto("/dashboard");
    await card("Old Quiz").getByRole("button", { name: "Archive Old Quiz" }).click();
    await page.getByText(inEnglish(libraryMessages.archived("Old Quiz"))).waitFor();
    await card("Old Quiz").waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "Archived games" }).waitFor();
    await archivedCard("Old Quiz").waitFor();
    await expectAxeClean(page, "dashboard-archived");
    await atEverySize("dashboard-archived");

    await archivedCard("Old Quiz").getByRole("button", { name: "Restore Old Quiz" }).click();
    await page.getByText(inEnglish(libraryMessages.restored("Old Quiz"))).waitFor();
    await card("Old Quiz").waitFor();
    await page.getByRole("heading", { name: "Archived games" }).waitFor({ state: "detached" });
  });

  it("deletes a game never played after a confirmation; Cancel keeps it", async () => {
    await createGame({ title: "Spare Quiz" });
    await page.goto("/dashboard");
    await card("Spare Quiz").getByRole("button", { name: "Delete Spare Quiz" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this game?" });
    await dialog.getByText(inEnglish(libraryMessages.deleteConfirm("Spare Quiz"))).waitFor();
    await expectAxeClean(page, "delete-confirmation");
    await atEverySize("delete-confirmation");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await card("Spare Quiz").waitFor();

    await card("Spare Quiz").getByRole("button", { name: "Delete Spare Quiz" }).click();
    await dialog.getByRole("button", { name: "Delete Game" }).click();
    await page.getByText(inEnglish(libraryMessages.deleted("Spare Quiz"))).waitFor();
    await card("Spare Quiz").waitFor({ state: "detached" });
    expect((await api("GET", "/api/games")).body.games.some((g: { title: string }) => g.title === "Spare Quiz")).toBe(
      false,
    );
  });

  it("archives a game with sessions instead of deleting it, and says so first and after", async () => {
    const gameId = await createGame({ title: "Played Quiz" });
    expect((await api("POST", "/api/sessions", { gameId, groupCount: 1 })).status).toBe(201);
    await page.goto("/dashboard");
    await card("Played Quiz").getByRole("button", { name: "Delete Played Quiz" }).click();
    const dialog = page.getByRole("dialog", { name: "Archive this game instead?" });
    await dialog.getByText(inEnglish(libraryMessages.deleteConfirmWithSessions("Played Quiz", 1))).waitFor();
    await expectAxeClean(page, "delete-confirmation-played");
    await screenshot(page, "library-delete-confirmation-played-laptop");
    await dialog.getByRole("button", { name: "Archive Game" }).click();
    await page.getByText(inEnglish(libraryMessages.archivedInsteadOfDeleted("Played Quiz"))).waitFor();
    await archivedCard("Played Quiz").waitFor();
    // An archived game does not start a session: the Start Session page says why.
    await page.goto(`/start-session/${gameId}`);
    await page.getByRole("button", { name: "Start Session Now" }).click();
    await page.getByText(inEnglish(libraryMessages.archivedCannotStart)).waitFor();
  });
});

describe("finding games", () => {
  it("shows search and filters once there are more than six games, and finds by title, subject and class level", async () => {
    await page.goto("/dashboard");
    const live = (await api("GET", "/api/games")).body.games.filter((g: { archived: boolean }) => !g.archived).length;
    if (live <= 6) expect(await page.getByRole("search", { name: "Find games" }).count()).toBe(0);
    const made = [
      ["Mathematics - 2nd Class - Addition", "Mathematics", "2nd Class"],
      ["Mathematics - 4th Class - Fractions", "Mathematics", "4th Class"],
      ["Science - 4th Class - Plants", "Science", "4th Class"],
      ["Irish - 3rd Class - An Aimsir", "Irish", "3rd Class"],
      ["Scéalta - Irish - 3rd Class - Fadás", "Irish", "3rd Class"],
      ["History - 6th Class - The Vikings", "History", "6th Class"],
    ];
    for (const [title, subject, level] of made)
      await createGame({ title, aiLastUsedSubject: subject, aiLastUsedLevel: level, aiLastUsedTopic: "Topic" });
    await page.goto("/dashboard");
    const search = page.getByRole("search", { name: "Find games" });
    await search.waitFor();
    const total = (await api("GET", "/api/games")).body.games.filter((g: { archived: boolean }) => !g.archived).length;
    await search.getByText(`Showing ${total} of ${total} games`).waitFor();

    await search.getByLabel("Search by title").fill("vikings");
    await search.getByText(`Showing 1 of ${total} games`).waitFor();
    await card("History - 6th Class - The Vikings").waitFor();
    await search.getByLabel("Search by title").fill("fadas");
    await card("Scéalta - Irish - 3rd Class - Fadás").waitFor();
    await search.getByLabel("Search by title").fill("");

    await search.getByLabel("Subject").selectOption("Mathematics");
    await search.getByText(`Showing 2 of ${total} games`).waitFor();
    await search.getByLabel("Class Level").selectOption("4th Class");
    await search.getByText(`Showing 1 of ${total} games`).waitFor();
    await card("Mathematics - 4th Class - Fractions").waitFor();
    // Only the subjects and levels the games use are offered.
    expect(await search.getByLabel("Subject").locator("option").allTextContents()).toEqual([
      "All subjects",
      "Irish",
      "Mathematics",
      "Science",
      "History",
    ]);
    await expectAxeClean(page, "dashboard-search");
    await atEverySize("dashboard-search");

    await search.getByLabel("Search by title").fill("nothing like this");
    await page.getByText(inEnglish(libraryMessages.noMatches)).waitFor();
    await expectAxeClean(page, "dashboard-search-no-match");
  });
});

describe("preview as a pupil", () => {
  it("plays the game on the pupil's screens with the answer marked, clues after a wrong try, and sends nothing", async () => {
    const gameId = await createGame({
      title: "Preview Quiz",
      questions: [
        { ...threeQuestionGame.questions[0], clue: "It grows on a tree." },
        { ...threeQuestionGame.questions[1], correctAnswer: 3 },
      ],
    });
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/") && request.method() !== "GET")
        writes.push(`${request.method()} ${request.url()}`);
    });
    await page.goto("/dashboard");
    await card("Preview Quiz").getByRole("link", { name: "Preview Preview Quiz as a pupil" }).click();
    await page.waitForURL(`**/preview-game/${gameId}`);
    await page.getByText("Question 1 of 2").waitFor();
    await page.getByText("Preview as a pupil.").waitFor();
    // The right answer is marked for the teacher, on its tile only.
    await tile(page, "úll").getByText("Answer", { exact: true }).waitFor();
    expect(await page.locator(".teacher-answer-mark").count()).toBe(1);
    await expectAxeClean(page, "preview-question");
    await atEverySize("preview-question");

    await chooseTile(page, "arán");
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Incorrect!").waitFor();
    await page.getByRole("complementary", { name: "Clue" }).getByText("It grows on a tree.").waitFor();
    await expectAxeClean(page, "preview-incorrect");
    await screenshot(page, "library-preview-incorrect-laptop");
    await chooseTile(page, "úll");
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Correct!").waitFor();
    await page.getByText("Question 2 of 2").waitFor();
    await tile(page, "uisce").getByText("Answer", { exact: true }).waitFor();
    await chooseTile(page, "uisce");
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    await page.getByText("right first time").waitFor();
    await expectAxeClean(page, "preview-complete");
    await atEverySize("preview-complete");

    await page.getByRole("button", { name: "Start again" }).click();
    await page.getByText("Question 1 of 2").waitFor();
    expect(writes).toEqual([]);
  });
});

describe("the dashboard's header", () => {
  it("on a phone keeps the title on one line, the name on its own line and each button's label on one line, at every size", async () => {
    const phone = await suite.browser.newContext({ baseURL: suite.server.url, viewport: { width: 390, height: 844 } });
    const p = await phone.newPage();
    pageErrors.push(...watchPageErrors(p));
    await signUpInPage(p, "Múinteoir Áine Ní Bhriain-Uí Shúilleabháin", { email: `header-${Date.now()}@scoil.ie` });
    await p.getByRole("heading", { name: "Teacher Dashboard", level: 1 }).waitFor();
    const lines = (selector: string) =>
      p.locator(selector).evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
        }),
      );
    for (const size of SIZES) {
      await p.setViewportSize({ width: size.width, height: size.height });
      expect(await lines(".dashboard-header h1"), size.name).toEqual([1]);
      expect(await lines(".dashboard-header .button"), size.name).toEqual([1, 1, 1]);
      expect(
        await layoutProblems(p, {
          noOverlap: ".dashboard-header h1, .dashboard-header .signed-in-as, .dashboard-header .button",
        }),
        size.name,
      ).toEqual([]);
      await screenshot(p, `library-dashboard-header-${size.name}`);
    }
    // On a phone the buttons (My classes, My Account, Logout) sit under the name, the first two on one row.
    await p.setViewportSize({ width: 390, height: 844 });
    const name = await p.locator(".signed-in-as").boundingBox();
    const buttons = await p
      .locator(".dashboard-header .button")
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top + window.scrollY));
    expect(buttons).toHaveLength(3);
    expect(buttons[0]).toBe(buttons[1]);
    for (const top of buttons) expect(top).toBeGreaterThanOrEqual(name!.y + name!.height);
    await phone.close();
  });
});

describe("Create Game, the defects seen", () => {
  const question1 = () => page.getByRole("group", { name: "Question 1", exact: true });

  it("says plainly what to fill in when there is no title, beside Game Title", async () => {
    await page.goto("/create-game");
    const title = page.getByLabel("Game Title (optional)");
    expect(await title.getAttribute("aria-describedby")).toBeTruthy();
    await page.getByText(inEnglish(gameMessages.titleNeededHint)).waitFor();
    await page.getByRole("button", { name: "Save Game" }).click();
    const error = page.locator(".ai-section .error").filter({ hasText: inEnglish(gameMessages.titleEmpty) });
    await error.waitFor();
    expect(inEnglish(gameMessages.titleEmpty)).not.toMatch(/title part/);
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "library-create-title-needed");
    // Choosing Subject, Class Level and Topic makes a title: the field is optional again, the message goes.
    await page.getByLabel("Subject").selectOption("Science");
    await page.getByLabel("Class Level").selectOption("1st Class");
    await page.getByRole("combobox", { name: "Topic" }).fill("Plants");
    await page.getByText(inEnglish(gameMessages.titleOptionalHint)).waitFor();
    await error.waitFor({ state: "detached" });
  });

  it("clears a stale message once everything is filled in", async () => {
    await page.goto("/create-game");
    await page.getByLabel("Game Title (optional)").fill("Quiz");
    await page.getByRole("button", { name: "Save Game" }).click();
    const stale = page.getByRole("alert").filter({ hasText: inEnglish(gameMessages.questionTextsRequired) });
    await stale.waitFor();
    await page.getByLabel("Question 1 text").fill("2 + 2?");
    for (const [letter, text] of [
      ["A", "4"],
      ["B", "3"],
      ["C", "5"],
      ["D", "22"],
    ])
      await question1().getByLabel(`Option ${letter}`, { exact: true }).fill(text!);
    await stale.waitFor({ state: "detached" });
    expect(await page.getByRole("alert").count()).toBe(0);
  });

  it("shows no 'Please fill in all options.' before anything is typed, and shows it once options are begun", async () => {
    await page.goto("/create-game");
    await page.getByRole("heading", { name: "Create New Game" }).waitFor();
    expect(await page.getByText(inEnglish(gameMessages.fillAllOptions)).count()).toBe(0);
    await page.getByLabel("Question 1 text").fill("2 + 2?");
    expect(await page.getByText(inEnglish(gameMessages.fillAllOptions)).count()).toBe(0);
    await question1().getByLabel("Option A", { exact: true }).fill("4");
    await question1().getByText(inEnglish(gameMessages.fillAllOptions)).waitFor();
  });

  it("keeps the correct answer's green box clear of the hint under it, for C and D at every size", async () => {
    await page.goto("/create-game");
    for (const letter of ["C", "D"]) {
      await page.getByLabel(`Option ${letter} is the correct answer for question 1`).check();
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        expect(
          await layoutProblems(page, {
            noOverlap: ".question-editor .option-row.correct, .question-editor .options-grid + .hint",
          }),
          `${letter} at ${size.name}`,
        ).toEqual([]);
      }
      await screenshot(page, `library-create-correct-${letter}`);
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it("leaves a space between the Topic field and its hint", async () => {
    await page.goto("/create-game");
    const input = await page.getByRole("combobox", { name: "Topic" }).boundingBox();
    const hint = await page.getByText("Select Subject & Class Level").boundingBox();
    expect(hint!.y - (input!.y + input!.height)).toBeGreaterThanOrEqual(4);
    // The suggestions still hang right under the field.
    await page.getByLabel("Subject").selectOption("Mathematics");
    await page.getByLabel("Class Level").selectOption("3rd Class");
    await page.getByRole("combobox", { name: "Topic" }).focus();
    const list = await page.getByRole("listbox", { name: "Topic suggestions" }).boundingBox();
    expect(Math.abs(list!.y - (input!.y + input!.height))).toBeLessThanOrEqual(4);
    await screenshot(page, "library-create-topic");
  });
});
