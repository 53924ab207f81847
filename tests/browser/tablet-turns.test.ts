/**
 * A group on one tablet (decision 048) in Chromium at a tablet's size: three children
 * join one group on one device from the class list ("Confirm Group & Enter Name"), then answer
 * question 1 in turn, each one wrong and then right; the hand-over between them shows nothing of
 * the last child's answer, and is passed through with the keyboard alone; after the third the
 * tablet moves on to question 2 for the first child; a reload in the middle of a child's tries
 * comes back to that child. axe on the players step, a turn and the hand-over. Once in Irish
 * (the page of the second child: the tablet's state is the turn's, the first child's). Then typed
 * names: a name twice on the tablet refused without a request, a late child added between turns
 * from another page of the tablet, an answer that comes in her turn said so, the page's own child
 * taken out by the teacher passing on to the next child by itself, and the end naming each child
 * still playing with their results.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import type { PlayState } from "../../src/shared/play/play-responses.ts";
import { expectAxeClean } from "../support/axe.ts";
import { pageApi, useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { chooseTile } from "../support/pupil-journey.ts";
import { signedUpTeacher } from "../support/teachers.ts";

const TABLET = { width: 768, height: 1024 };
const game = {
  title: "Science - 1st Class - Sea Animals",
  description: "Under the sea",
  questions: [
    {
      questionText: "Which sea animal has eight arms?",
      options: ["Rabbit", "Octopus", "Eagle", "Cow"],
      correctAnswer: 1,
      clue: "Its name starts with O.",
    },
    { questionText: "What is 7 + 5?", options: ["12", "11", "13", "75"], correctAnswer: 0 },
  ],
};
const [q1, q2] = game.questions as [(typeof game.questions)[0], (typeof game.questions)[0]];
const right = (q: typeof q1) => q.options[q.correctAnswer]!;
const wrong = (q: typeof q1) => q.options[(q.correctAnswer + 1) % 4]!;
const CLASS = ["Aoife", "Cian", "Saoirse", "Oisín", "Úna"];

/** The accessible name of a text with a child's name inside, as the texts put it together. */
const text = (template: string, name: string) => template.replace("{name}", name);

describe.each([browserDatabaseKind("postgres")])("a group on one tablet in Chromium on %s", (db) => {
  const suite = useBrowserSuite({ db });
  const codes = { en: "", ga: "", typed: "" };
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;
  let typedSessionId = "";

  beforeAll(async () => {
    teacher = await signedUpTeacher(suite.server.url);
    const created = await teacher.client.post("/api/games", game);
    expect(created.status).toBe(201);
    for (const pupilLanguage of ["en", "ga"] as const) {
      const session = await teacher.client.post("/api/sessions", {
        gameId: created.body.id,
        groupCount: 2,
        classList: CLASS.join("\n"),
        pupilLanguage,
      });
      expect(session.status).toBe(201);
      codes[pupilLanguage] = (
        await teacher.client.get(`/api/sessions/${session.body.id}`)
      ).body.session.groups[0].joinCode;
    }
    // A session without a class list: the children type their names.
    const typed = await teacher.client.post("/api/sessions", { gameId: created.body.id, groupCount: 1 });
    expect(typed.status).toBe(201);
    typedSessionId = typed.body.id;
    codes.typed = (await teacher.client.get(`/api/sessions/${typedSessionId}`)).body.session.groups[0].joinCode;
  });

  async function tablet(code: string) {
    const page = await suite.newPage({ viewport: TABLET, hasTouch: true, allowed: [/EventSource/] });
    await page.goto(`/join?code=${code}`);
    await page.locator("#join-code").press("Enter");
    await page.locator(".class-list-picker").waitFor();
    return page;
  }
  /** What a line says, read without the letter chips beside the names (they are hidden from screen readers too). */
  const said = (page: Page, selector: string) =>
    page.locator(selector).evaluate((element) => {
      const copy = element.cloneNode(true) as HTMLElement;
      for (const chip of copy.querySelectorAll(".player-letter")) chip.remove();
      return copy.textContent?.trim();
    });
  const focusedName = (page: Page) =>
    page.evaluate(() => document.activeElement?.textContent?.trim() ?? document.activeElement?.tagName);
  /** One wrong try, then the right one: 'Incorrect!' then 'Correct!'. */
  async function answerWrongThenRight(page: Page, q: typeof q1) {
    await chooseTile(page, wrong(q));
    await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
    await page.getByText(en["pupil.play.incorrect"]).waitFor();
    await chooseTile(page, right(q));
    await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
    await page.getByText(en["pupil.play.correct"]).waitFor();
  }
  async function expectHandOver(page: Page, from: string, to: string) {
    await page.getByRole("heading", { name: text(en["pupil.tablet.wellDone"], from) }).waitFor();
    expect(await said(page, ".hand-over-pass")).toBe(text(en["pupil.tablet.passTo"], to));
    // Nothing of the last child's answer: no question, no tiles, no tick, no crossed-out choice.
    expect(await page.locator(".question-card, .answer-tiles").count()).toBe(0);
    expect(await page.getByText(right(q1), { exact: true }).count()).toBe(0);
    // The next child's name to press has the focus, once the server names their turn.
    const start = page.getByRole("button", { name: text(en["pupil.tablet.imPlayer"], to) });
    await expect.poll(() => start.getAttribute("aria-disabled")).toBe("false");
    await expect.poll(() => focusedName(page)).toBe(text(en["pupil.tablet.imPlayer"], to));
  }
  const banner = (page: Page) => ({ textContent: () => said(page, ".turn-banner") });

  it("three children join one tablet, answer in turn, hand it over (by keyboard too), move on together and resume after a reload", async () => {
    const page = await tablet(codes.en);
    await page.getByRole("heading", { name: en["pupil.join.confirmTitle"] }).waitFor();

    // Each child taps their name and is joined at once; the players so far are listed.
    for (const name of ["Aoife", "Cian"]) {
      await page.getByRole("radio", { name }).tap();
      await page.getByRole("button", { name: en["pupil.join.addAnotherPlayer"] }).click();
      await page.locator(".tablet-players li", { hasText: name }).waitFor();
    }
    expect(await page.locator(".tablet-players li").allTextContents()).toEqual(["AAoife", "CCian"]);
    // Their names on the list say they play here, and cannot be chosen again.
    const aoife = page.getByRole("radio", { name: `Aoife ${en["pupil.join.onThisTablet"]}` });
    expect(await aoife.isDisabled()).toBe(true);
    await expectAxeClean(page, "players step");
    await page.getByRole("radio", { name: "Saoirse" }).tap();
    await page.getByRole("button", { name: en["pupil.join.thatsEveryone"] }).click();
    await page.waitForURL(/\/play\//);

    // The first child's gate, then her turn: her name above her question.
    await page.getByRole("button", { name: text(en["pupil.tablet.imPlayer"], "Aoife") }).click();
    expect(await banner(page).textContent()).toBe("Aoife's turn");
    await page.getByText("Question 1 of 2").waitFor();
    await expectAxeClean(page, "a child's turn");
    await answerWrongThenRight(page, q1);
    await expectHandOver(page, "Aoife", "Cian");
    await expectAxeClean(page, "the hand-over");

    // By keyboard alone: Enter on "I'm Cian" starts his turn, the focus on his question; his own tries (none crossed out).
    await page.keyboard.press("Enter");
    await expect.poll(async () => banner(page).textContent()).toBe("Cian's turn");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("question-heading");
    expect(await page.locator(".answer-option.crossed-out").count()).toBe(0);
    expect(await page.locator(".clue-card").count()).toBe(0);
    await answerWrongThenRight(page, q1);
    await expectHandOver(page, "Cian", "Saoirse");
    // Space works as well as Enter.
    await page.keyboard.press("Space");
    await expect.poll(async () => banner(page).textContent()).toBe("Saoirse's turn");
    await answerWrongThenRight(page, q1);

    // All three answered: the tablet moves on, the first child first.
    await expectHandOver(page, "Saoirse", "Aoife");
    await page.keyboard.press("Enter");
    await page.getByText("Question 2 of 2").waitFor();
    expect(await banner(page).textContent()).toBe("Aoife's turn");

    // A wrong try, then the page is reloaded: straight back to Aoife's question, her try still crossed out.
    await chooseTile(page, wrong(q2));
    await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
    await page.getByText(en["pupil.play.incorrect"]).waitFor();
    await page.reload();
    await page.getByText("Question 2 of 2").waitFor();
    expect(await banner(page).textContent()).toBe("Aoife's turn");
    expect(await page.locator(".answer-option.crossed-out").allTextContents()).toEqual([
      expect.stringContaining(wrong(q2)),
    ]);
    expect(await page.getByRole("button", { name: /^I'm / }).count()).toBe(0);
    expect(suite.errors.flat()).toEqual([]);
  });

  it("in Irish: whose turn, the hand-over", async () => {
    // Two children joined on one device (its cookie), as the players step joins them (that step in Irish: pupil-irish.test.ts).
    const page = await suite.newPage({ viewport: TABLET, allowed: [/EventSource/] });
    await page.goto("/privacy");
    const { groupId } = (await pageApi<{ groupId: string }>(page, "/api/join/lookup", { code: codes.ga })).body;
    const joined: string[] = [];
    for (const name of ["Oisín", "Úna"]) {
      const res = await pageApi<{ progressId: string }>(page, "/api/join", { code: codes.ga, groupId, name });
      expect(res.status).toBe(201);
      joined.push(res.body.progressId);
    }
    await page.goto(`/play/${joined[1]}`);
    await page.getByRole("heading", { name: text(ga["pupil.tablet.itsTurn"], "Oisín") }).waitFor();
    await page.getByRole("button", { name: text(ga["pupil.tablet.imPlayer"], "Oisín") }).click();
    expect(await banner(page).textContent()).toBe(text(ga["pupil.tablet.turn"], "Oisín"));
    await chooseTile(page, right(q1));
    await page.getByRole("button", { name: ga["pupil.play.submit"] }).click();
    await page.getByRole("heading", { name: text(ga["pupil.tablet.wellDone"], "Oisín") }).waitFor();
    expect(await said(page, ".hand-over-pass")).toBe(text(ga["pupil.tablet.passTo"], "Úna"));
    await page.getByRole("button", { name: text(ga["pupil.tablet.imPlayer"], "Úna") }).click();
    expect(await banner(page).textContent()).toBe(text(ga["pupil.tablet.turn"], "Úna"));
    expect(suite.errors.flat()).toEqual([]);
  });

  it("adds a late child between turns, follows another page's answer, passes on from a removed child, and names everyone at the end", async () => {
    const page = await suite.newPage({ viewport: TABLET, allowed: [/EventSource/] });
    const joins: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/join") joins.push(request.method());
    });
    await page.goto(`/join?code=${codes.typed}`);
    await page.locator("#join-code").press("Enter");
    await page.getByRole("heading", { name: en["pupil.join.confirmTitle"] }).waitFor();
    const nameField = page.getByLabel(en["pupil.join.nameLabel"]);
    await nameField.fill("Aoife");
    await page.getByRole("button", { name: en["pupil.join.addAnotherPlayer"] }).click();
    await page.locator(".tablet-players li", { hasText: "Aoife" }).waitFor();
    // A tablet now: the step asks who else plays, its button starts with everyone, and Back is gone.
    await page.getByRole("heading", { name: en["pupil.join.playersTitle"] }).waitFor();
    expect(await page.getByRole("button", { name: en["pupil.join.joinButton"] }).count()).toBe(0);
    expect(await page.getByRole("button", { name: en["pupil.join.back"] }).count()).toBe(0);
    // Her name in its letter's colour (A is green), as on the class list.
    expect(
      await page.locator(".tablet-players .player-name").evaluate((el) => el.style.getPropertyValue("--player-colour")),
    ).toBe("#2e7d32");
    // The same name spelt otherwise: refused on the tablet, in the server's words, without a request.
    await nameField.fill(" AOIFE ");
    await page.getByRole("button", { name: en["pupil.join.addAnotherPlayer"] }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: text(en["pupil.join.alreadyOnTablet"], "AOIFE") })
      .waitFor();
    expect(joins).toEqual(["POST"]);
    await nameField.fill("Cian");
    await page.getByRole("button", { name: en["pupil.join.thatsEveryone"] }).click();
    await page.waitForURL(/\/play\//);

    // Both answer question 1; Aoife's turn on question 2 opens.
    await page.getByRole("button", { name: text(en["pupil.tablet.imPlayer"], "Aoife") }).click();
    await chooseTile(page, right(q1));
    await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
    await expectHandOver(page, "Aoife", "Cian");
    await page.keyboard.press("Enter");
    await chooseTile(page, right(q1));
    await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
    await expectHandOver(page, "Cian", "Aoife");
    await page.keyboard.press("Enter");
    await page.getByText("Question 2 of 2").waitFor();

    // Meanwhile another page of the same tablet adds a late child between turns, on the join's step
    // with the others listed; she is furthest behind, so the turn is hers.
    const other = await suite.newPage({ context: page.context(), viewport: TABLET, allowed: [/EventSource/] });
    await other.goto(page.url());
    await other.getByRole("button", { name: en["pupil.tablet.addPlayer"] }).click();
    await other.getByRole("heading", { name: en["pupil.join.playersTitle"] }).waitFor();
    expect(await said(other, ".tablet-players ol")).toBe("AoifeCian");
    await other.getByLabel(en["pupil.join.nameLabel"]).fill("Saoirse");
    await other.getByRole("button", { name: en["pupil.join.thatsEveryone"] }).click();
    await other.getByRole("heading", { name: text(en["pupil.tablet.itsTurn"], "Saoirse") }).waitFor();
    await other.close();
    // So Aoife's answer on this page comes in Saoirse's turn: the page says so and goes to her gate.
    await chooseTile(page, right(q2));
    await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
    await page.getByRole("heading", { name: text(en["pupil.tablet.itsTurn"], "Saoirse") }).waitFor();
    await page.getByRole("status").filter({ hasText: "It is Saoirse's turn now." }).waitFor();

    // The teacher takes Aoife out, whose page the tablet shows: it goes on to the next child still
    // playing there, by itself, and the turn stays Saoirse's.
    const players = (await pageApi<PlayState>(page, page.url().replace(/.*\/play\//, "/api/play/"))).body.tablet!
      .players;
    const id = (name: string) => players.find((p) => p.name === name)!.progressId;
    expect(page.url()).toContain(id("Aoife"));
    const removed = await teacher.client.request("DELETE", `/api/sessions/${typedSessionId}/pupils/${id("Aoife")}`);
    expect(removed.status).toBe(200);
    await page.waitForURL(`**/play/${id("Cian")}`);
    await page.getByRole("heading", { name: text(en["pupil.tablet.itsTurn"], "Saoirse") }).waitFor();

    // Saoirse catches up, then Cian and Saoirse answer question 2: the tablet's end names each child
    // still playing with their own results.
    await page.getByRole("button", { name: text(en["pupil.tablet.imPlayer"], "Saoirse") }).click();
    await answerWrongThenRight(page, q1);
    await expectHandOver(page, "Saoirse", "Cian");
    await page.keyboard.press("Enter");
    await page.getByText("Question 2 of 2").waitFor();
    await chooseTile(page, right(q2));
    await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
    await page.getByRole("heading", { name: text(en["pupil.tablet.wellDone"], "Cian") }).waitFor();
    await page.keyboard.press("Enter");
    await chooseTile(page, right(q2));
    await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
    await page.getByText(en["pupil.play.congratulations"]).waitFor();
    const rows = page.getByRole("region", { name: en["pupil.tablet.players"] }).locator(":scope > ul > li");
    expect(await rows.allTextContents()).toEqual([
      "CCianQuestions: 2 of 22 right first time",
      "SSaoirseQuestions: 2 of 21 right first time",
    ]);
    expect(suite.errors.flat()).toEqual([]);
  });
});
