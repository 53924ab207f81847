/**
 * The kinds of question on a pupil's phone, in Chromium on the real server (decision 050): true
 * or false's two tiles, a typed answer with its fada row ("Nearly!" for a missing fada, which the
 * teacher's results do not count as a wrong try), an order made by tap, drag and the arrow keys
 * (a wrong try says how many are in place), choose all's tick boxes ("Not all of them yet", the
 * choices kept, the right answer kept on the device while offline); each answered wrong then right. Around the room a typed-answer question opens at
 * its station. The same screens in Irish (Fíor / Bréagach), each looked at on a phone, a tablet and
 * a 1080p screen; and in the teacher's preview, marked in the browser with the answers shown to her.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { answerMessages } from "../../src/shared/play/play-texts.ts";
import type { StationCard } from "../../src/shared/stations/station-responses.ts";
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { webpPicture } from "../support/webp-files.ts";

const TREE = ["Seed", "Sprout", "Sapling", "Tree"];
const kindsGame = {
  title: "Science - 2nd Class - Kinds",
  questions: [
    { kind: "truefalse", questionText: "A spider has eight legs.", options: [], correctAnswer: 0, clue: "Count them" },
    {
      kind: "typed",
      questionText: "What is 'bread' in Irish?",
      options: ["arán"],
      fadasCount: true,
      clue: "It starts with 'ar'",
      hidingPlace: "under the globe",
    },
    { kind: "order", questionText: "Put the life of a tree in order.", options: TREE, clue: "Start small" },
    {
      kind: "multi",
      questionText: "Which numbers are even?",
      options: ["2", "3", "4", "5"],
      correctAnswer: 0,
      correctAnswers: [0, 2],
    },
  ],
};
const irishGame = {
  title: "Gaeilge - Rang 2 - Cineálacha",
  language: "ga",
  questions: [
    { kind: "truefalse", questionText: "Tá ocht gcos ag damhán alla.", options: [], correctAnswer: 0 },
    { kind: "typed", questionText: "Cén Ghaeilge atá ar 'bread'?", options: ["arán"], fadasCount: true },
    {
      kind: "order",
      questionText: "Cuir na huimhreacha in ord.",
      options: ["a haon", "a dó", "a trí", "a ceathair", "a cúig"],
    },
    {
      kind: "multi",
      questionText: "Cé acu atá glas?",
      options: ["féar", "sneachta", "duilleog", "gual"],
      correctAnswer: 0,
      correctAnswers: [0, 2],
    },
  ],
};

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1920, height: 1080 },
];

describe.each([browserDatabaseKind("pglite")])("the kinds of question on a pupil's screens, on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;

  beforeAll(async () => {
    teacher = await signedUpTeacher(suite.server.url);
  });

  async function sessionOf(game: object, options: Record<string, unknown> = {}) {
    const made = await teacher.client.post("/api/games", game);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const started = await teacher.client.post("/api/sessions", { gameId: made.body.id, groupCount: 1, ...options });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const detail = await teacher.client.get(`/api/sessions/${started.body.id}`);
    return {
      gameId: made.body.id as string,
      sessionId: started.body.id as string,
      code: detail.body.session.groups[0].joinCode as string,
    };
  }

  async function join(page: Page, code: string, name: string, texts: typeof en = en) {
    await page.goto(`/join?code=${code}`);
    // Step 1 is in the device's language; the session's comes with step 2.
    await page.getByRole("button", { name: en["pupil.join.continue"] }).click();
    await page.getByLabel(texts["pupil.join.nameLabel"]).fill(name);
    await page.getByRole("button", { name: texts["pupil.join.joinButton"] }).click();
  }

  /** The screen as it is, at a phone's, a tablet's and a 1080p screen's size: no sideways scroll, nothing cut off; the phone's size again after. */
  async function look(page: Page, name: string) {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await layoutProblems(page), `${name} at ${size.width}×${size.height}`).toEqual([]);
      await screenshot(page, `kinds-${name}-${size.width}x${size.height}`, { fullPage: false });
    }
    await page.setViewportSize(SIZES[0]!);
  }

  const feedback = (page: Page) => page.locator(".feedback-area");
  const submit = (page: Page, name: string) => page.getByRole("button", { name }).click();
  const slotTexts = (page: Page) =>
    page
      .locator(".order-slot")
      .evaluateAll((slots) => slots.map((s) => s.querySelector(".order-item-text")?.textContent ?? null));

  it("a pupil on a phone answers each kind wrong then right; a missing fada is 'Nearly', not a wrong try", async () => {
    const { sessionId, code } = await sessionOf(kindsGame);
    // The answer sent offline: the browser logs the failed request.
    const page = await suite.newPage({ viewport: SIZES[0], allowed: [/net::ERR_INTERNET_DISCONNECTED/] });
    await join(page, code, "Aoife");

    // True or false: two tiles, False crossed out after its wrong try, with the clue; then True.
    await page.getByText("A spider has eight legs.").waitFor();
    expect(await page.locator(".truefalse-tiles .answer-option").allTextContents()).toEqual(["True", "False"]);
    expect(await page.getByRole("button", { name: "Submit Answer" }).isDisabled()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("radio", { name: "False" }).check({ force: true });
    await submit(page, "Submit Answer");
    await feedback(page).getByText("Incorrect!").waitFor();
    await page.getByText("Count them").waitFor();
    expect(await page.getByRole("radio", { name: /False/ }).isDisabled()).toBe(true);
    await look(page, "truefalse-wrong-en");
    await page.locator(".answer-option", { hasText: "True" }).click();
    await submit(page, "Submit Answer");
    await feedback(page).getByText("Correct!").waitFor();

    // Type the answer: a wrong word is 'Incorrect!' with the clue, the text kept to mend.
    const box = page.getByLabel("Your answer");
    await box.waitFor();
    expect(
      await box.evaluate((el: HTMLInputElement) => [el.maxLength, el.autocomplete, el.spellcheck, el.lang]),
    ).toEqual([60, "off", false, "en-IE"]);
    expect(await box.getAttribute("autocorrect")).toBe("off");
    await box.fill("bainne");
    await submit(page, "Submit Answer");
    await feedback(page).getByText("Incorrect!").waitFor();
    await page.getByText("It starts with 'ar'").waitFor();
    expect(await box.inputValue()).toBe("bainne");
    // The fada missing: "Nearly!", never 'Incorrect!'.
    await box.fill("aran");
    await submit(page, "Submit Answer");
    await feedback(page).getByText(en[answerMessages.nearly]).waitFor();
    expect(await feedback(page).getByText("Incorrect!").count()).toBe(0);
    expect(await box.inputValue()).toBe("aran");
    expect(await box.getAttribute("aria-describedby")).toBe("answer-nearly");
    expect(await axeViolations(page)).toEqual([]);
    await look(page, "typed-nearly-en");
    // The fada row puts its letter in where the caret is: "ar|an" → "ará|n"... the caret after "ar".
    await box.fill("arn");
    await box.evaluate((el: HTMLInputElement) => el.setSelectionRange(2, 2));
    await page
      .getByRole("group", { name: "Letters with a fada" })
      .getByRole("button", { name: "á", exact: true })
      .click();
    expect(await box.inputValue()).toBe("arán");
    expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
    await submit(page, "Submit Answer");
    await feedback(page).getByText("Correct!").waitFor();

    // Put in order: the items as the server shuffled them; tapped as shown is a wrong try that says how many are in place.
    await page.getByText("Put the life of a tree in order.").waitFor();
    const shown = await page.locator(".order-pool .order-item-text").allTextContents();
    expect([...shown].sort()).toEqual([...TREE].sort());
    expect(shown).not.toEqual(TREE);
    expect(await page.getByRole("button", { name: "Check my order" }).isDisabled()).toBe(true);
    for (const item of shown) await page.locator(".order-pool .order-item", { hasText: item }).click();
    expect(await slotTexts(page)).toEqual(shown);
    expect(await axeViolations(page)).toEqual([]);
    await submit(page, "Check my order");
    const inPlace = shown.filter((item, k) => TREE[k] === item).length;
    await feedback(page)
      .getByText(
        inPlace === 0
          ? "None of the 4 are in the right place yet"
          : `${inPlace} of the 4 ${inPlace === 1 ? "is" : "are"} in the right place`,
      )
      .waitFor();
    await page.getByText("Start small").waitFor();
    await look(page, "order-wrong-en");
    // The order stays to mend. A tap on a placed item takes it back; all back, then the right order:
    // the first dragged into slot 1, the rest tapped into the next slots.
    expect(await slotTexts(page)).toEqual(shown);
    for (const item of shown) await page.locator(".order-slot .order-item", { hasText: item }).click();
    expect(await slotTexts(page)).toEqual([null, null, null, null]);
    const from = await page.locator(".order-pool .order-item", { hasText: TREE[0]! }).boundingBox();
    const to = await page.locator(".order-slot").first().boundingBox();
    await page.mouse.move(from!.x + 20, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + 40, from!.y, { steps: 4 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height / 2, { steps: 8 });
    await page.mouse.up();
    expect(await slotTexts(page)).toEqual([TREE[0], null, null, null]);
    for (const item of TREE.slice(1)) await page.locator(".order-pool .order-item", { hasText: item }).click();
    expect(await slotTexts(page)).toEqual(TREE);
    // The keyboard: an arrow key on a placed item moves it, and a screen reader hears where to.
    await page.locator(".order-slot .order-item", { hasText: "Sprout" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await slotTexts(page)).toEqual(["Seed", "Sapling", "Sprout", "Tree"]);
    await page.getByText("Sprout: place 3 of 4").waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Sprout");
    await page.keyboard.press("ArrowUp");
    expect(await slotTexts(page)).toEqual(TREE);
    await submit(page, "Check my order");
    await feedback(page).getByText("Correct!").waitFor();

    // Choose all that apply: "Check" waits for a choice; one of the two right is "Not all of them yet", the choice kept.
    await page.getByText("Which numbers are even?").waitFor();
    expect(await page.getByRole("button", { name: "Check", exact: true }).isDisabled()).toBe(true);
    await page.locator(".answer-option", { hasText: "2" }).click();
    await submit(page, "Check");
    await feedback(page).getByText("Not all of them yet").waitFor();
    expect(await page.getByRole("checkbox", { name: "2" }).isChecked()).toBe(true);
    await look(page, "multi-wrong-en");
    await page.locator(".answer-option", { hasText: "4" }).click();
    expect(await axeViolations(page)).toEqual([]);
    // Sent with no connection: kept on the device (choose all's shape) and sent when it is back.
    await page.context().setOffline(true);
    await submit(page, "Check");
    await page.getByText("No connection. Your answer is saved on this device").waitFor();
    const kept = await page.evaluate(() =>
      Object.entries(localStorage).find(([key]) => key.startsWith("cluehunt:pending-answer:")),
    );
    expect(JSON.parse(kept![1])).toMatchObject({ questionIndex: 3, selectedOptions: [0, 2] });
    await page.context().setOffline(false);
    await feedback(page).getByText("Correct!").waitFor();
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();

    // The teacher's results: one wrong try at the typed answer ("bainne"); "aran" was not one.
    const results = await teacher.client.get(`/api/sessions/${sessionId}/results`);
    expect(results.status).toBe(200);
    const answers = results.body.students[0].answers as Array<{ questionIndex: number; attempts: number }>;
    expect(answers.map((a) => [a.questionIndex, a.attempts])).toEqual([
      [0, 2],
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    expect(suite.errors.flat()).toEqual([]);
  });

  it("around the room, each kind's question opens at its station, found by its word (the typed answer's where it is hidden)", async () => {
    const { gameId, code } = await sessionOf(
      { ...kindsGame, title: "Science - 2nd Class - Kinds around the room" },
      { huntMode: "room" },
    );
    const cards = (await teacher.client.get(`/api/games/${gameId}/station-cards`)).body.cards as StationCard[];
    const page = await suite.newPage({ viewport: SIZES[0] });
    await join(page, code, "Cian");
    /** Each kind's right answer, as a child gives it. */
    const answerRight = [
      async () => {
        await page.locator(".answer-option", { hasText: "True" }).click();
        await submit(page, "Submit Answer");
      },
      async () => {
        await page.getByLabel("Your answer").fill("arán");
        await submit(page, "Submit Answer");
      },
      async () => {
        for (const item of TREE) await page.locator(".order-pool .order-item", { hasText: item }).click();
        await submit(page, "Check my order");
      },
      async () => {
        await page.locator(".answer-option", { hasText: "2" }).click();
        await page.locator(".answer-option", { hasText: "4" }).click();
        await submit(page, "Check");
      },
    ];
    for (let found = 0; found < cards.length; found++) {
      const heading = page.getByRole("heading", { name: /^Find station \d+$/ });
      const number = Number((await heading.textContent())?.replace(/\D/g, ""));
      const card = cards.find((c) => c.number === number)!;
      const question = kindsGame.questions[card.position]!;
      // Between stations nothing of the question is on the page; the typed answer's says where to look.
      expect(await page.getByText(question.questionText).count()).toBe(0);
      if (question.kind === "typed") await page.getByText("Look under the globe").waitFor();
      await page.getByLabel("Station word").fill(card.word);
      await page.getByRole("button", { name: "Check the word" }).click();
      await page.getByText(question.questionText).waitFor();
      await page.getByText(`You found station ${number}!`).waitFor();
      await answerRight[card.position]!();
      await feedback(page).getByText("Correct!").waitFor();
    }
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    expect(suite.errors.flat()).toEqual([]);
  });

  it("in Irish: Fíor / Bréagach, the fada row, an order and choose all, each looked at on a phone, a tablet and a big screen", async () => {
    // The order's first two items with pictures: beside their words, shuffled with them.
    const pictures: string[] = [];
    for (const seed of [1, 2]) {
      const res = await teacher.client.request("POST", "/api/images", webpPicture(120, 90, seed), {
        "content-type": "image/webp",
      });
      expect(res.status, res.text).toBe(201);
      pictures.push(res.body.id);
    }
    const withPictures = {
      ...irishGame,
      questions: irishGame.questions.map((q) =>
        q.kind === "order" ? { ...q, optionImageIds: [...pictures, null, null, null] } : q,
      ),
    };
    const { code } = await sessionOf(withPictures, { pupilLanguage: "ga" });
    const page = await suite.newPage({ viewport: SIZES[0] });
    await join(page, code, "Saoirse", ga);
    await page.getByText("Tá ocht gcos ag damhán alla.").waitFor();
    expect(await page.locator(".truefalse-tiles .answer-option").allTextContents()).toEqual(["Fíor", "Bréagach"]);
    expect(await page.locator(".truefalse-tiles .answer-text").first().getAttribute("lang")).toBe("ga-IE");
    await look(page, "truefalse-ga");
    await page.locator(".answer-option", { hasText: "Fíor" }).click();
    await submit(page, ga["pupil.play.submit"]);
    await feedback(page).getByText(ga["pupil.play.correct"]).waitFor();

    await page.getByLabel(ga["pupil.answer.yourAnswer"]).fill("aran");
    await submit(page, ga["pupil.play.submit"]);
    await feedback(page).getByText(ga[answerMessages.nearly]).waitFor();
    await look(page, "typed-nearly-ga");
    await page.getByLabel(ga["pupil.answer.yourAnswer"]).fill("arán");
    await submit(page, ga["pupil.play.submit"]);
    await feedback(page).getByText(ga["pupil.play.correct"]).waitFor();

    await page.getByText("Cuir na huimhreacha in ord.").waitFor();
    await page.locator(".order-pool .order-item", { hasText: "a dó" }).locator("img.order-picture").waitFor();
    await look(page, "order-ga");
    const shown = await page.locator(".order-pool .order-item-text").allTextContents();
    const right = irishGame.questions[2]!.options;
    for (const item of right) await page.locator(".order-pool .order-item", { hasText: item }).click();
    expect(shown).not.toEqual(right);
    await look(page, "order-placed-ga");
    await submit(page, ga["pupil.answer.checkOrder"]);
    await feedback(page).getByText(ga["pupil.play.correct"]).waitFor();

    await page.getByText("Cé acu atá glas?").waitFor();
    await page.locator(".answer-option", { hasText: "féar" }).click();
    await page.locator(".answer-option", { hasText: "duilleog" }).click();
    await look(page, "multi-ga");
    await submit(page, ga["pupil.answer.check"]);
    await feedback(page).getByText(ga["pupil.play.correct"]).waitFor();
    expect(suite.errors.flat()).toEqual([]);
  });

  it("the teacher's preview plays each kind on the same screens, marked in the browser, the answers shown to her", async () => {
    const page = await suite.newPage({ viewport: SIZES[1] });
    await page.goto("/privacy");
    await signUpInPage(page, "Ms Byrne", { through: "api" });
    const made = await pageApi(page, "/api/games", kindsGame);
    expect(made.status).toBe(201);
    await page.goto(`/preview-game/${made.body.id}`);

    await page.locator(".answer-option", { hasText: "True" }).locator(".teacher-answer-mark").waitFor();
    await page.locator(".answer-option", { hasText: "False" }).click();
    await submit(page, "Submit Answer");
    await page.getByText("Count them").waitFor();
    await page.locator(".answer-option", { hasText: "True" }).click();
    await submit(page, "Submit Answer");

    await page.getByText("What is 'bread' in Irish?").waitFor();
    expect(await page.locator(".teacher-typed-answer").textContent()).toBe("Answer arán");
    await page.getByLabel("Your answer").fill("ARAN ");
    await submit(page, "Submit Answer");
    await feedback(page).getByText(en[answerMessages.nearly]).waitFor();
    expect(await page.getByText("It starts with 'ar'").count()).toBe(0);
    await page.getByLabel("Your answer").fill("Arán.");
    await submit(page, "Submit Answer");

    // The order: each item's right place marked; as shown it is wrong, by the marks it is right.
    await page.getByText("Put the life of a tree in order.").waitFor();
    const shown = await page.locator(".order-pool .order-item-text").allTextContents();
    const marks = await page.locator(".order-pool .teacher-answer-mark").allTextContents();
    expect(marks.map((m) => TREE[Number(m.replace("Answer: ", "")) - 1])).toEqual(shown);
    for (const item of shown) await page.locator(".order-pool .order-item", { hasText: item }).click();
    await submit(page, "Check my order");
    await feedback(page)
      .getByText(/in the right place/)
      .waitFor();
    for (const item of shown) await page.locator(".order-slot .order-item", { hasText: item }).click();
    for (const item of TREE) await page.locator(".order-pool .order-item", { hasText: item }).click();
    await look(page, "preview-order-en");
    await submit(page, "Check my order");

    await page.getByText("Which numbers are even?").waitFor();
    expect(await page.locator(".answer-option .teacher-answer-mark").count()).toBe(2);
    await page.locator(".answer-option", { hasText: "4" }).click();
    await submit(page, "Check");
    await feedback(page).getByText("Not all of them yet").waitFor();
    await page.locator(".answer-option", { hasText: "2" }).click();
    await submit(page, "Check");
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    expect(suite.errors.flat()).toEqual([]);
  });
});
