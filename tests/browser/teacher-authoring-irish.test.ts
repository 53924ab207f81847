/**
 * A Gaelscoil teacher makes and runs a game in Irish: Create New Game by hand with
 * the form's refusals, a picture with its description, a spreadsheet import (a bad sheet's
 * preview, a sheet headed in Irish, a file of the wrong kind), AI questions asked for in Irish
 * with Irish topic suggestions and an Irish automatic title, Start Session with the pupils'
 * language, the codes page, and the results of a class that played. Every text from the Irish
 * catalogue, `<html lang="ga-IE">`, no catalogue key showing, axe clean, laid out; screenshots
 * at phone and laptop size, to look at.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inEnglish, translate } from "../../src/server/i18n.ts";
import { TOPICS_GA } from "../../src/shared/ai/topics.web.ts";
import { gameMessages } from "../../src/shared/games/games.ts";
import { imageMessages } from "../../src/shared/games/images.ts";
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { type MessageKey, type MessageValues, msg } from "../../src/shared/i18n/messages.ts";
import { CLUEHUNT_HEADERS_GA } from "../../src/shared/spreadsheets/spreadsheet-questions.web.ts";
import { watchPageErrors } from "../support/browser.ts";
import { signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { joinedStudent } from "../support/classroom.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";
import { checkIrishScreen, lead } from "../support/irish-screens.ts";

/** A message as an Irish reader sees it. */
const irish = (key: MessageKey, values?: MessageValues) => translate("ga", msg(key, values));
const fixture = (name: string) => readFile(`tests/fixtures/import/${name}`);

describe("a teacher makes and runs a game in Irish", () => {
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  // Started first: the server is told its address.
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  const suite = useBrowserSuite({ db: "pglite", env: () => ({ AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model" }) });
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    // A device set to Irish: every page opens in Irish before anything is chosen.
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: "ga-IE",
      viewport: { width: 1366, height: 768 },
    });
    page = await context.newPage();
    pageErrors = watchPageErrors(page, [/EventSource|net::ERR_FAILED/]);
    await signUpInPage(page, "Múinteoir Áine", {
      email: `aine-${Date.now()}@gaelscoil.ie`,
      password: "Pasfhocal-láidir-1",
      language: "ga",
    });
    await page.getByRole("heading", { name: ga["dashboard.title"] }).waitFor();
  });
  afterAll(async () => {
    await fake?.close();
    expect(pageErrors).toEqual([]);
  });

  const question = (n: number) =>
    page.getByRole("group", { name: irish("games.question.legend", { number: n }), exact: true });
  const alert = (text: string) => page.getByRole("alert").filter({ hasText: text });
  const fillQuestion = async (n: number, text: string, options: string[]) => {
    await page.getByLabel(irish("games.question.text", { number: n })).fill(text);
    for (const [i, option] of options.entries())
      await question(n)
        .getByLabel(irish("games.question.option", { letter: "ABCD"[i]! }), { exact: true })
        .fill(option);
  };

  it("makes a game by hand: the form's refusals, a picture and its description, a spreadsheet import, all in Irish", async () => {
    await page.getByRole("link", { name: ga["dashboard.createGame"] }).click();
    await page.getByRole("heading", { name: ga["games.editor.create"] }).waitFor();
    const save = page.getByRole("button", { name: ga["games.editor.saveGame"] });
    await save.click();
    await alert(translate("ga", gameMessages.titleEmpty)).waitFor();
    await question(1).getByText(translate("ga", gameMessages.fillAllOptions)).waitFor();
    await page.getByLabel(ga["games.ai.title"]).fill("Ainmhithe na hÉireann");
    await page.getByText(irish("games.ai.effectiveTitle", { title: "Ainmhithe na hÉireann" })).waitFor();
    await save.click();
    await alert(translate("ga", gameMessages.questionTextsRequired)).waitFor();
    await fillQuestion(1, "Cén t-ainmhí atá sa phictiúr?", ["Broc", "Sionnach", "Iora rua", "Gráinneog"]);
    await question(1)
      .getByLabel(irish("games.question.optionCorrect", { letter: "B", number: 1 }))
      .check();
    await checkIrishScreen(page, "teacher-authoring-irish-create", () => save.waitFor());

    // A picture: its description is asked for in Irish until it is written.
    const drawn = await page.evaluate(async () => {
      const canvas = document.createElement("canvas");
      canvas.width = 900;
      canvas.height = 600;
      const g = canvas.getContext("2d")!;
      g.fillStyle = "#7fb069";
      g.fillRect(0, 0, 900, 600);
      g.fillStyle = "#d9480f";
      g.beginPath();
      g.ellipse(450, 330, 220, 120, 0, 0, Math.PI * 2);
      g.fill();
      const blob: Blob = await new Promise((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
      return btoa(String.fromCharCode(...new Uint8Array(await blob.arrayBuffer())));
    });
    await page
      .getByTestId("q1-picture-file")
      .setInputFiles({ name: "sionnach.png", mimeType: "image/png", buffer: Buffer.from(drawn, "base64") });
    await question(1).locator("img.question-picture-preview").waitFor();
    await question(1).getByText(translate("ga", imageMessages.altRequired)).waitFor();
    await question(1).getByRole("button", { name: ga["games.picture.replace"] }).waitFor();
    await checkIrishScreen(page, "teacher-authoring-irish-picture", () =>
      question(1).getByLabel(ga["games.picture.describe"]).waitFor(),
    );
    const description = "Ainmhí rua le heireaball mór scothach ar pháirc ghlas";
    await question(1).getByLabel(ga["games.picture.describe"]).fill(description);
    await question(1).getByText(translate("ga", imageMessages.altRequired)).waitFor({ state: "detached" });
    await question(1)
      .getByText(irish("games.question.clueCount", { count: [...description].length, max: 300 }))
      .waitFor();

    // A spreadsheet with bad rows: the preview counts and names them in Irish.
    await page.getByRole("heading", { name: ga["games.import.heading"] }).click();
    await page.getByText(CLUEHUNT_HEADERS_GA.join(", ")).waitFor();
    const file = page.getByLabel(ga["games.import.fileLabel"]);
    await file.setInputFiles({
      name: "droch-rónna.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: await fixture("bad-rows.xlsx"),
    });
    const preview = page.getByRole("region", { name: new RegExp(`^${lead(ga["games.import.previewOf"])}`) });
    await page.getByRole("heading", { name: irish("games.import.previewOf", { name: "droch-rónna.xlsx" }) }).waitFor();
    await preview
      .getByText(`${irish("games.import.ready", { count: 2 })} ${irish("games.import.rowsLeftOut", { count: 5 })}`)
      .waitFor();
    await preview.getByText("Ró 3: tá an cheist bán.").waitFor();
    await preview.getByText('Ró 6: tá "E" sa cholún "Ceart": scríobh A, B, C nó D.').waitFor();
    await preview.getByRole("columnheader", { name: ga["games.import.column.clue"] }).waitFor();
    await checkIrishScreen(page, "teacher-authoring-irish-import-preview", () =>
      preview.getByRole("button", { name: irish("games.import.add", { count: 2 }) }).waitFor(),
    );
    await preview.getByRole("button", { name: ga["games.import.cancel"] }).click();
    await preview.waitFor({ state: "detached" });

    // A sheet headed in Irish is read as ours; three questions take "3 cheist".
    const sheet = [
      CLUEHUNT_HEADERS_GA.join(","),
      "Cá gcónaíonn an broc?,I bpluais,I nead,I bhfocal,Sa spéir,A,Faoin talamh",
      "Cé mhéad cos atá ar dhamhán alla?,6,8,4,10,B,",
      "Cén dath atá ar iora rua?,Gorm,Rua,Bán,Glas,B,Féach ar a ainm",
    ].join("\n");
    await file.setInputFiles({ name: "ceisteanna.csv", mimeType: "text/csv", buffer: Buffer.from(sheet, "utf8") });
    await preview.getByText(irish("games.import.ready", { count: 3 })).waitFor();
    await preview.getByRole("button", { name: irish("games.import.add", { count: 3 }) }).click();
    await page
      .getByRole("status")
      .filter({ hasText: irish("games.import.added", { count: 3, name: "ceisteanna.csv" }) })
      .waitFor();
    await page.getByRole("heading", { name: irish("games.editor.questions", { count: 4 }) }).waitFor();
    expect(await page.getByLabel(irish("games.question.text", { number: 3 })).inputValue()).toBe(
      "Cé mhéad cos atá ar dhamhán alla?",
    );

    // A file of the wrong kind, refused in Irish; nothing typed is lost.
    await file.setInputFiles({ name: "sean.xls", mimeType: "application/vnd.ms-excel", buffer: Buffer.from("old") });
    await alert(irish("games.import.wrongType", { name: "sean.xls" })).waitFor();
    await page.getByRole("heading", { name: irish("games.editor.questions", { count: 4 }) }).waitFor();

    await save.click();
    await page.getByRole("heading", { name: ga["dashboard.title"] }).waitFor();
    const card = page.locator(".game-card", { hasText: "Ainmhithe na hÉireann" });
    await card.getByText(irish("common.questionCount", { count: 4 })).waitFor();
    expect(await card.textContent()).toContain("4 cheist");
  });

  it("asks the AI for questions in Irish from an Irish topic suggestion; the title is Irish", async () => {
    await page.goto("/create-game");
    await page.getByRole("heading", { name: ga["games.editor.create"] }).waitFor();
    await page.getByText(ga["games.topic.selectSubjectAndLevel"]).waitFor();
    await page.getByLabel(ga["games.ai.subject"]).selectOption("Science");
    await page.getByLabel(ga["games.ai.level"]).selectOption("5th Class");
    // A teacher on an Irish page is asked for Irish questions without choosing.
    expect(await page.getByLabel(ga["games.ai.language"]).inputValue()).toBe("ga");
    const topic = page.getByRole("combobox", { name: ga["games.topic.label"] });
    await topic.focus();
    const list = page.getByRole("listbox", { name: ga["games.topic.suggestions"] });
    expect(await list.getByRole("option").allTextContents()).toEqual(TOPICS_GA.Science.seniors.slice(0, 5));
    await checkIrishScreen(page, "teacher-authoring-irish-topics", async () => {
      await topic.focus();
      await list.waitFor();
    });
    await topic.fill("corp");
    await list.getByRole("option", { name: "An corp daonna" }).click();
    await page
      .getByText(irish("games.ai.effectiveTitle", { title: "Eolaíocht - Rang a 5 - An corp daonna" }))
      .waitFor();
    await page.getByLabel(ga["games.ai.count"]).selectOption("3");

    fake.set({
      kind: "questions",
      questions: [
        {
          questionText: "Cé mhéad cnámh atá i gcorp duine fhásta?",
          options: ["206", "106", "306", "26"],
          clue: "Níos mó ná dhá chéad.",
        },
        {
          questionText: "Cén t-orgán a chaidéalann fuil?",
          options: ["An croí", "Na scamhóga", "An t-ae", "An goile"],
          clue: "Buaileann sé.",
        },
        { questionText: "Briste", options: ["Trí", "rogha"] },
      ],
    });
    await page.getByRole("button", { name: ga["games.ai.generate"] }).click();
    await page
      .getByText(`${irish("games.ai.added", { count: 2 })} ${irish("games.ai.unusable", { count: 1 })}`)
      .waitFor();
    // The prompt asked for Irish, questions and clues alike.
    const prompt = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(prompt).toMatch(/Irish/);
    await checkIrishScreen(page, "teacher-authoring-irish-ai", () =>
      page.getByRole("heading", { name: irish("games.editor.questions", { count: 3 }) }).waitFor(),
    );

    await fillQuestion(3, "Cén áit a bhfuil an croí?", ["Sa bhrollach", "Sa chos", "Sa cheann", "Sa lámh"]);
    await page.getByRole("button", { name: ga["games.editor.saveGame"] }).click();
    await page.getByRole("heading", { name: ga["dashboard.title"] }).waitFor();
    await page.getByRole("heading", { name: "Eolaíocht - Rang a 5 - An corp daonna" }).waitFor();
    // Opened again, the automatic title is recognised: the Game Title box is empty, not the whole title.
    const card = page.locator(".game-card", { hasText: "Eolaíocht - Rang a 5 - An corp daonna" });
    await card.getByRole("link", { name: ga["dashboard.startSession"] }).waitFor();
  });

  it("starts a session in Irish, and the codes and the results of a class that played are in Irish", async () => {
    const card = page.locator(".game-card", { hasText: "Ainmhithe na hÉireann" });
    await card.getByRole("link", { name: ga["dashboard.startSession"] }).click();
    await page.getByRole("heading", { name: ga["sessions.start.title"] }).waitFor();
    // The pupils' language follows the teacher's.
    expect(await page.getByLabel(ga["sessions.start.pupilLanguage"]).inputValue()).toBe("ga");
    await page.getByLabel(ga["sessions.start.groupCount"]).selectOption("2");
    await checkIrishScreen(page, "teacher-authoring-irish-start-session", () =>
      page.getByRole("button", { name: ga["sessions.start.submit"] }).waitFor(),
    );
    await page.getByRole("button", { name: ga["sessions.start.submit"] }).click();
    await page.getByRole("heading", { name: ga["sessions.codes.started"] }).waitFor();
    const sessionId = page.url().split("/").at(-1)!;
    const codes = (await page.locator(".join-code").allTextContents()).map((c) => c.replace(/\D/g, ""));
    expect(codes).toHaveLength(2);

    // Two children play: one right first time, one wrong then right, one help request left.
    const niamh = await joinedStudent(suite.server.url, codes[0]!, "Niamh");
    const oisin = await joinedStudent(suite.server.url, codes[1]!, "Oisín");
    expect((await niamh.answer(0, 1)).status).toBe(200);
    expect((await oisin.answer(0, 0)).status).toBe(200);
    expect((await oisin.answer(0, 1)).status).toBe(200);
    // The codes page counts them live, in Irish.
    await expect
      .poll(() => page.locator(".member-count").allTextContents())
      .toEqual([irish("sessions.codes.joined", { count: 1 }), irish("sessions.codes.joined", { count: 1 })]);
    await checkIrishScreen(page, "teacher-authoring-irish-codes", () =>
      page.getByRole("heading", { name: ga["sessions.codes.joinCodes"] }).waitFor(),
    );

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: ga["sessions.codes.endForAll"] }).click();
    await page.getByRole("link", { name: ga["sessions.codes.viewResults"] }).click();
    await page.getByRole("heading", { name: ga["results.title"] }).waitFor();
    expect(page.url()).toContain(sessionId);
    await page.getByRole("columnheader", { name: ga["results.summary.firstTry"] }).first().waitFor();
    await checkIrishScreen(page, "teacher-authoring-irish-results", () =>
      page.getByRole("heading", { name: ga["results.title"] }).waitFor(),
    );
    // The English of the same outcome is nowhere on the page.
    expect(await page.locator("main").textContent()).not.toContain(inEnglish("results.summary.firstTry"));
  });
});
