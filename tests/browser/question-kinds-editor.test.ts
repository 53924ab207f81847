/**
 * The kinds of question in the editor (decision 050), in Chromium: a teacher makes one question of
 * each kind by hand (the kind changed after typing keeps the text, clue and hiding place; items
 * moved by keyboard; each kind's own messages; a note "why a child might pick this" on wrong options,
 * none under a right one), saves, reopens Edit and finds every field as saved;
 * the editor laid out on a phone, a tablet and a projector, in English and in Irish.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { kindMessages } from "../../src/shared/games/games.ts";
import { noteMessages } from "../../src/shared/games/option-notes.ts";
import { axeViolations } from "../support/axe.ts";
import { screenshot, screenshotDir, takingScreenshots, watchPageErrors } from "../support/browser.ts";
import { signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { checkIrishScreen } from "../support/irish-screens.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { CHROMIUM_WEBP } from "../support/webp-files.ts";

const suite = useBrowserSuite({ db: "pglite" });
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: { width: 1200, height: 900 } });
  page = await context.newPage();
  pageErrors = watchPageErrors(page);
  await signUpInPage(page, "Síle");
});

const TITLE = "Irish - 3rd Class - Bia";
const question = (n: number) => page.getByRole("group", { name: `Question ${n}`, exact: true });
const alertText = (text: string) => page.getByRole("alert").filter({ hasText: text });
/** Each question on its own, to look at (a whole page of five is too tall to judge). */
const shootQuestions = async (name: string, legend = "Question") => {
  if (!takingScreenshots) return;
  for (let n = 1; n <= 5; n++)
    await page
      .getByRole("group", { name: `${legend} ${n}`, exact: true })
      .screenshot({ path: path.join(screenshotDir, `${name}-q${n}.png`) });
};
/** Until the box a button just added has the keyboard (a loaded machine draws it later than the click). */
const boxFocused = () =>
  page.waitForFunction(() => ["INPUT", "TEXTAREA"].includes(document.activeElement?.tagName ?? ""));
const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? null);
const valuesOf = (n: number, label: (k: number) => string, count: number) =>
  Promise.all(
    Array.from({ length: count }, (_, k) =>
      question(n)
        .getByLabel(label(k + 1), { exact: true })
        .inputValue(),
    ),
  );

describe("the kinds of question in the editor", () => {
  it("makes one question of each kind by hand, saves, and finds every field as saved on Edit", async () => {
    await page.goto("/create-game");
    // An Irish game: a typed answer's fadas count unless the teacher says otherwise.
    await page.getByLabel("Subject").selectOption("Irish");
    await page.getByLabel("Class Level").selectOption("3rd Class");
    await page.getByRole("combobox", { name: "Topic" }).fill("Bia");
    const addQuestion = page.getByRole("button", { name: "Add Another Question" });

    // 1. Four options: still the default.
    const q1 = question(1);
    expect(await q1.getByLabel("Kind of question").inputValue()).toBe("choice");
    await q1.getByLabel("Question 1 text").fill("Cad é 'an apple'?");
    for (const [letter, text] of [
      ["A", "oráiste"],
      ["B", "úll"],
      ["C", "arán"],
      ["D", "im"],
    ])
      await q1.getByLabel(`Option ${letter}`, { exact: true }).fill(text!);
    // A is right until the teacher says otherwise: no note under it. A note written on B...
    const addNote = (q: typeof q1, name: string) => q.getByRole("button", { name, exact: true });
    expect(await addNote(q1, "Add a note for option A of question 1: why might a child pick it?").count()).toBe(0);
    await addNote(q1, "Add a note for option B of question 1: why might a child pick it?").click();
    // The box has the keyboard at once.
    await page.keyboard.type("written before B was marked right");
    await q1.getByLabel("Option B is the correct answer for question 1").check();
    // ...goes out of sight once B is right (kept in the draft, never saved), and A gets its button.
    expect(await q1.getByLabel("Why a child might pick option B (optional)").count()).toBe(0);
    await addNote(q1, "Add a note for option A of question 1: why might a child pick it?").waitFor();
    await addNote(q1, "Add a note for option C of question 1: why might a child pick it?").click();
    const noteC = q1.getByLabel("Why a child might pick option C (optional)");
    // Counted near the limit, and too long said.
    await noteC.fill("x".repeat(121));
    await q1.getByText("121 / 120 characters").waitFor();
    await q1.getByText(inEnglish(noteMessages.tooLong)).waitFor();
    await noteC.fill("thinks bread grows on trees");
    expect(await q1.getByText(inEnglish(noteMessages.tooLong)).count()).toBe(0);
    // A short note is not counted.
    expect(await page.locator("#q1-note-2-count").count()).toBe(0);

    // 2. True or false: the kind chosen after the text, clue and hiding place were typed keeps them.
    await addQuestion.click();
    const q2 = question(2);
    await q2.getByLabel("Question 2 text").fill("Is torthaí iad úlla.");
    await q2.getByLabel("Option A", { exact: true }).fill("left behind");
    await q2.getByLabel("Clue for question 2 (optional)").fill("Fásann siad ar chrann.");
    await q2.getByLabel("Where is the station card for question 2 hidden? (optional)").fill("faoin gcruinneog");
    await q2.getByLabel("Kind of question").selectOption("truefalse");
    expect(await q2.getByLabel("Statement for question 2").inputValue()).toBe("Is torthaí iad úlla.");
    expect(await q2.getByLabel("Clue for question 2 (optional)").inputValue()).toBe("Fásann siad ar chrann.");
    expect(await q2.getByLabel("Where is the station card for question 2 hidden? (optional)").inputValue()).toBe(
      "faoin gcruinneog",
    );
    expect(await q2.getByLabel("Option A", { exact: true }).count()).toBe(0);
    // A statement has no answer until the teacher gives one.
    const answer2 = q2.getByRole("group", { name: "Is the statement of question 2 true or false?" });
    expect(await answer2.getByRole("radio", { checked: true }).count()).toBe(0);

    // 3. Type the answer: fadas count in an Irish game; 1 to 5 answers, each counted to 60.
    await addQuestion.click();
    const q3 = question(3);
    await q3.getByLabel("Kind of question").selectOption("typed");
    await q3.getByLabel("Question 3 text").fill("Scríobh 'apple' as Gaeilge.");
    expect(await q3.getByLabel("Fadas count").isChecked()).toBe(true);
    expect(await q3.getByRole("button", { name: "Remove accepted answer 1" }).isDisabled()).toBe(true);
    await q3.getByLabel("Accepted answer 1", { exact: true }).fill("úll");
    const addAnswer = q3.getByRole("button", { name: "Add another accepted answer" });
    await addAnswer.click();
    // The new box has the keyboard (once the added box is drawn: a loaded machine draws it later than the click).
    await page.waitForFunction(() => document.activeElement?.id === "q3-accepted-1");
    await page.keyboard.type("an t-úll");
    expect(await q3.getByLabel("Accepted answer 2", { exact: true }).inputValue()).toBe("an t-úll");
    await addAnswer.click();
    await page.waitForFunction(() => document.activeElement?.id === "q3-accepted-2");
    await page.keyboard.type("a".repeat(61));
    await q3.getByText("61 / 60 characters").waitFor();
    await q3.getByText(inEnglish(kindMessages.acceptedTooLong)).waitFor();
    for (let k = 3; k < 5; k++) await addAnswer.click();
    expect(await addAnswer.isDisabled()).toBe(true);
    await q3.getByText("At most 5 accepted answers.").waitFor();
    // Blank ones are pointed out, and go with Remove.
    await q3.getByText(inEnglish(kindMessages.acceptedBlank)).waitFor();
    for (let k = 5; k >= 3; k--) await q3.getByRole("button", { name: `Remove accepted answer ${k}` }).click();
    expect(await valuesOf(3, (k) => `Accepted answer ${k}`, 2)).toEqual(["úll", "an t-úll"]);
    expect(await q3.getByText(inEnglish(kindMessages.acceptedTooLong)).count()).toBe(0);

    // 4. Put in order: typed out of order, put right by keyboard alone; a repeated item is named.
    await addQuestion.click();
    const q4 = question(4);
    await q4.getByLabel("Kind of question").selectOption("order");
    await q4.getByLabel("Question 4 text").fill("Cuir na huimhreacha in ord.");
    for (const [k, text] of ["dó", "aon", "trí"].entries())
      await q4.getByLabel(`Item ${k + 1}`, { exact: true }).fill(text);
    await q4.getByRole("button", { name: "Add an item" }).click();
    await boxFocused();
    await page.keyboard.type("Trí.");
    await q4.getByText(inEnglish(kindMessages.orderItemRepeated("Trí."))).waitFor();
    await q4.getByLabel("Item 4", { exact: true }).fill("ceathair");
    const press = async (key: string, focused: string) => {
      await page.keyboard.press(key);
      await expect.poll(focusedLabel).toBe(focused);
    };
    await q4.getByRole("button", { name: "Move item 2 up" }).focus();
    // The focus follows the item moved: at the top only Down is left; on the way, the same arrow again.
    await press("Enter", "Move item 1 down");
    expect(await valuesOf(4, (k) => `Item ${k}`, 4)).toEqual(["aon", "dó", "trí", "ceathair"]);
    await q4.getByRole("button", { name: "Move item 4 up" }).focus();
    await press("Enter", "Move item 3 up");
    await press("Enter", "Move item 2 up");
    expect(await valuesOf(4, (k) => `Item ${k}`, 4)).toEqual(["aon", "ceathair", "dó", "trí"]);
    await press("Tab", "Move item 2 down");
    await press("Enter", "Move item 3 down");
    await press("Enter", "Move item 4 up");
    expect(await valuesOf(4, (k) => `Item ${k}`, 4)).toEqual(["aon", "dó", "trí", "ceathair"]);
    // Item 1 has a picture, which moves with it.
    await q4.getByTestId("q4-item-1-picture-file").setInputFiles({
      name: "a-do.webp",
      mimeType: "image/webp",
      buffer: CHROMIUM_WEBP,
    });
    await q4.getByRole("button", { name: "Change the picture for item 1" }).waitFor();
    await q4.getByRole("button", { name: "Move item 1 down" }).click();
    await q4.getByRole("button", { name: "Change the picture for item 2" }).waitFor();
    expect(await valuesOf(4, (k) => `Item ${k}`, 4)).toEqual(["dó", "aon", "trí", "ceathair"]);
    await q4.getByRole("button", { name: "Move item 1 down" }).click();
    await q4.getByRole("button", { name: "Change the picture for item 1" }).waitFor();
    expect(await q4.getByRole("button", { name: "Remove item 1" }).isEnabled()).toBe(true);

    // 5. Choose all that apply: one tick already says two or three are wanted.
    await addQuestion.click();
    const q5 = question(5);
    await q5.getByLabel("Question 5 text").fill("Cé acu atá ina dtorthaí?");
    await q5.getByLabel("Kind of question").selectOption("multi");
    for (const [letter, text] of [
      ["A", "úll"],
      ["B", "cáis"],
      ["C", "piorra"],
      ["D", "arán"],
    ])
      await q5.getByLabel(`Option ${letter}`, { exact: true }).fill(text!);
    await q5.getByLabel("Option A is a right answer for question 5").check();
    await q5.getByText(inEnglish(kindMessages.multiRightCount)).waitFor();
    await q5.getByLabel("Option C is a right answer for question 5").check();
    expect(await q5.getByText(inEnglish(kindMessages.multiRightCount)).count()).toBe(0);
    expect(await addNote(q5, "Add a note for option C of question 5: why might a child pick it?").count()).toBe(0);
    await addNote(q5, "Add a note for option B of question 5: why might a child pick it?").click();
    await boxFocused();
    await page.keyboard.type("cheese is on the same plate");
    // No note at all under a typed answer or an order.
    expect(await q3.getByText("+ Why might a child pick this?").count()).toBe(0);
    expect(await q4.getByText("+ Why might a child pick this?").count()).toBe(0);

    // Save names what is missing: the statement's answer.
    const save = page.getByRole("button", { name: "Save Game" });
    await save.click();
    await alertText(inEnglish(kindMessages.trueOrFalseRequired)).waitFor();
    await q2.getByText(inEnglish(kindMessages.trueOrFalseRequired)).waitFor();
    await answer2.getByLabel("False").check();
    // The statement is false: "True" is the wrong answer a child might pick.
    await addNote(q2, "Add a note for “True” in question 2: why might a child pick it?").click();
    await boxFocused();
    await page.keyboard.type("apples are sweet, so thinks they are sweets");
    await page
      .getByRole("alert")
      .filter({ hasText: inEnglish(kindMessages.trueOrFalseRequired) })
      .waitFor({
        state: "detached",
      });
    await screenshot(page, "question-kinds-editor-filled");
    await save.click();
    await page.waitForURL("**/dashboard");

    const rows = await queryRows<Record<string, unknown>>(
      suite.server.database.db,
      sql`select q.kind, q.question_text, q.options, q.correct_answer, q.fadas_count, q.clue, q.hiding_place,
            q.option_image_a is not null as item_1_picture, q.option_notes
          from questions q join games g on g.id = q.game_id and q.version = g.question_version
          where g.title = ${TITLE} order by q.position`,
    );
    expect(rows).toEqual([
      {
        kind: "choice",
        question_text: "Cad é 'an apple'?",
        options: ["oráiste", "úll", "arán", "im"],
        correct_answer: 1,
        fadas_count: false,
        clue: null,
        hiding_place: null,
        item_1_picture: false,
        // B's, written before B was marked right, was not saved.
        option_notes: [null, null, "thinks bread grows on trees", null],
      },
      {
        kind: "truefalse",
        question_text: "Is torthaí iad úlla.",
        options: [],
        correct_answer: 1,
        fadas_count: false,
        clue: "Fásann siad ar chrann.",
        hiding_place: "faoin gcruinneog",
        item_1_picture: false,
        option_notes: ["apples are sweet, so thinks they are sweets", null],
      },
      {
        kind: "typed",
        question_text: "Scríobh 'apple' as Gaeilge.",
        options: ["úll", "an t-úll"],
        correct_answer: 0,
        fadas_count: true,
        clue: null,
        hiding_place: null,
        item_1_picture: false,
        option_notes: null,
      },
      {
        kind: "order",
        question_text: "Cuir na huimhreacha in ord.",
        options: ["aon", "dó", "trí", "ceathair"],
        correct_answer: 0,
        fadas_count: false,
        clue: null,
        hiding_place: null,
        item_1_picture: true,
        option_notes: null,
      },
      {
        kind: "multi",
        question_text: "Cé acu atá ina dtorthaí?",
        options: ["úll", "cáis", "piorra", "arán"],
        // A and C as a mask.
        correct_answer: 0b0101,
        fadas_count: false,
        clue: null,
        hiding_place: null,
        item_1_picture: false,
        option_notes: [null, "cheese is on the same plate", null, null],
      },
    ]);

    // Edit: every field as saved.
    await page.getByRole("link", { name: `Edit ${TITLE}` }).click();
    await page.getByRole("heading", { name: "Edit Game" }).waitFor();
    await question(5).waitFor();
    expect(await question(1).getByLabel("Option B is the correct answer for question 1").isChecked()).toBe(true);
    expect(await valuesOf(1, (k) => `Option ${"ABCD"[k - 1]}`, 4)).toEqual(["oráiste", "úll", "arán", "im"]);
    expect(await q2.getByLabel("Kind of question").inputValue()).toBe("truefalse");
    expect(await q2.getByLabel("Statement for question 2").inputValue()).toBe("Is torthaí iad úlla.");
    expect(await answer2.getByLabel("False").isChecked()).toBe(true);
    expect(await answer2.getByLabel("True").isChecked()).toBe(false);
    expect(await q2.getByLabel("Clue for question 2 (optional)").inputValue()).toBe("Fásann siad ar chrann.");
    expect(await q3.getByLabel("Kind of question").inputValue()).toBe("typed");
    expect(await valuesOf(3, (k) => `Accepted answer ${k}`, 2)).toEqual(["úll", "an t-úll"]);
    expect(await q3.getByLabel("Accepted answer 3", { exact: true }).count()).toBe(0);
    expect(await q3.getByLabel("Fadas count").isChecked()).toBe(true);
    expect(await q4.getByLabel("Kind of question").inputValue()).toBe("order");
    expect(await valuesOf(4, (k) => `Item ${k}`, 4)).toEqual(["aon", "dó", "trí", "ceathair"]);
    await q4.getByRole("button", { name: "Change the picture for item 1" }).waitFor();
    expect(await q4.getByRole("button", { name: "Add a picture for item 2" }).count()).toBe(1);
    expect(await q5.getByLabel("Kind of question").inputValue()).toBe("multi");
    const ticked = await Promise.all(
      ["A", "B", "C", "D"].map((l) => q5.getByLabel(`Option ${l} is a right answer for question 5`).isChecked()),
    );
    expect(ticked).toEqual([true, false, true, false]);
    // The notes, open with their text; none where none was saved.
    expect(await q1.getByLabel("Why a child might pick option C (optional)").inputValue()).toBe(
      "thinks bread grows on trees",
    );
    expect(await q1.getByLabel("Why a child might pick option A (optional)").count()).toBe(0);
    expect(await q1.getByLabel("Why a child might pick option D (optional)").count()).toBe(0);
    expect(await q2.getByLabel("Why a child might pick “True” (optional)").inputValue()).toBe(
      "apples are sweet, so thinks they are sweets",
    );
    expect(await q5.getByLabel("Why a child might pick option B (optional)").inputValue()).toBe(
      "cheese is on the same plate",
    );

    // Saved again unchanged, the game is the same.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL("**/dashboard");
    const again = await queryRows<Record<string, unknown>>(
      suite.server.database.db,
      sql`select q.kind, q.question_text, q.options, q.correct_answer, q.fadas_count, q.clue, q.hiding_place,
            q.option_image_a is not null as item_1_picture, q.option_notes
          from questions q join games g on g.id = q.game_id and q.version = g.question_version
          where g.title = ${TITLE} order by q.position`,
    );
    expect(again).toEqual(rows);
  });

  it("lays the editor of every kind out on a phone, a tablet and a projector, and in Irish", async () => {
    await page.getByRole("link", { name: `Edit ${TITLE}` }).click();
    await question(5).waitFor();
    for (const [name, width, height] of [
      ["phone", 390, 844],
      ["tablet", 768, 1024],
      ["projector", 1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await question(4).getByRole("button", { name: "Move item 1 down" }).waitFor();
      expect(await layoutProblems(page), name).toEqual([]);
      await screenshot(page, `question-kinds-editor-${name}`);
      await shootQuestions(`question-kinds-editor-${name}`);
    }
    await page.setViewportSize({ width: 1200, height: 900 });
    // The notes, open and closed, axe-clean.
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Gaeilge" }).click();
    await checkIrishScreen(page, "question-kinds-editor-ga", () =>
      page.getByRole("group", { name: "Ceist 4", exact: true }).getByLabel("Cineál ceiste").waitFor(),
    );
    await shootQuestions("question-kinds-editor-ga-laptop", "Ceist");
    // The notes in Irish, on a phone, a tablet and a projector.
    const ceist1 = page.getByRole("group", { name: "Ceist 1", exact: true });
    await ceist1.getByLabel("Cén fáth a roghnódh páiste rogha C (roghnach)").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    for (const [name, width, height] of [
      ["phone", 390, 844],
      ["tablet", 768, 1024],
      ["projector", 1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      expect(await layoutProblems(page), `ga ${name}`).toEqual([]);
      if (takingScreenshots)
        for (const n of [1, 2])
          await page
            .getByRole("group", { name: `Ceist ${n}`, exact: true })
            .screenshot({ path: path.join(screenshotDir, `option-notes-editor-ga-${name}-q${n}.png`) });
    }
    await page.setViewportSize({ width: 1200, height: 900 });
    expect(await page.locator("#q5-kind option:checked").textContent()).toBe("Roghnaigh gach ceann atá ceart");
    expect(await page.locator("#q2-kind option:checked").textContent()).toBe("Fíor nó bréagach");
    expect(await page.locator("#q3-kind option:checked").textContent()).toBe("Clóscríobh an freagra");
    expect(await page.locator("#q4-kind option:checked").textContent()).toBe("Cuir in ord");
    expect(pageErrors).toEqual([]);
  });
});
