/**
 * A Gaelscoil's class in Irish (issue 17): the teacher picks the pupils' language at Start
 * Session (Irish by default for a game in Irish), and a pupil on a device set to English goes
 * from the code to the treasure chest entirely in Irish: every text from the Irish catalogue,
 * `<html lang="ga-IE">`, the questions marked as Irish; a wrong answer, its clue, the right
 * one, the end. The child can switch to English on their own device and keeps it. The codes
 * page and the projector in Irish. axe on every screen in Irish; screenshots to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { webDistDir } from "../../src/server/web-build.ts";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { axeViolations } from "../support/axe.ts";
import { launchBrowser, screenshot, watchPageErrors } from "../support/browser.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const irishGame = {
  title: "Gaeilge - Rang a 2 - Ainmhithe",
  description: "Ainmhithe na feirme",
  questions: [
    { questionText: "Cén t-ainmhí a deir 'mú'?", options: ["madra", "bó", "cat", "caora"], correctAnswer: 1, clue: "Tugann sí bainne dúinn." },
    { questionText: "Cén t-ainmhí a bhíonn ag tafann?", options: ["madra", "muc", "capall", "lacha"], correctAnswer: 0 },
  ],
  aiLastUsedSubject: "Irish",
  aiLastUsedLevel: "2nd Class",
  aiLastUsedTopic: "Ainmhithe",
};

describe.each(testDatabaseKinds())("the pupils' screens in Irish on %s", (db) => {
  let server: TestServer;
  let browser: Browser;
  let teacherContext: BrowserContext;
  let code = "";
  let sessionId = "";
  const errors: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer({ db, webDir: webDistDir });
    browser = await launchBrowser();
    const teacher = await signedUpTeacher(server.url);
    const game = await teacher.client.post("/api/games", irishGame);
    expect(game.status).toBe(201);

    // The teacher's browser, signed in through the page, starts the session on Start Session.
    teacherContext = await browser.newContext({ baseURL: server.url, locale: "en-IE", viewport: { width: 1366, height: 900 } });
    const page = await teacherContext.newPage();
    errors.push(watchPageErrors(page, [/EventSource|net::ERR_FAILED/]));
    await page.goto("/login");
    await page.getByLabel("Email").fill(teacher.email);
    await page.getByLabel("Password").fill(teacher.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(/\/dashboard/);
    await page.goto(`/start-session/${game.body.id}`);
    await page.getByRole("heading", { name: en["sessions.start.title"] }).waitFor();
    // A game in Irish: the pupils' screens are in Irish unless the teacher says otherwise.
    expect(await page.getByLabel(en["sessions.start.pupilLanguage"]).inputValue()).toBe("ga");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `pupil-irish-${db}-start-session`);
    await page.getByRole("button", { name: en["sessions.start.submit"] }).click();
    await page.getByRole("heading", { name: en["sessions.codes.started"] }).waitFor();
    sessionId = page.url().split("/").pop()!;
    code = ((await page.locator(".join-code").first().textContent()) ?? "").replace(/\D/g, "");
    expect(code).toMatch(/^\d{6}$/);
  });
  afterAll(async () => {
    await teacherContext?.close();
    await browser?.close();
    await server?.close();
    expect(errors.flat()).toEqual([]);
  });

  async function pupilPage(width = 390, height = 844): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, locale: "en-IE", viewport: { width, height } });
    const page = await context.newPage();
    errors.push(watchPageErrors(page, [/EventSource/]));
    return page;
  }

  async function checkScreen(page: Page, name: string) {
    expect(await page.locator("html").getAttribute("lang"), name).toBe("ga-IE");
    expect(await axeViolations(page), name).toEqual([]);
    await screenshot(page, `pupil-irish-${db}-${name}`);
  }

  it("takes a pupil from the code to the treasure chest in Irish", async () => {
    const page = await pupilPage();
    await page.goto(`/join?code=${code}`);
    // The device is English until the code says which session (and so which language) it is.
    await page.getByRole("button", { name: en["pupil.join.continue"] }).click();
    await page.getByRole("heading", { name: ga["pupil.join.confirmTitle"] }).waitFor();
    expect(await page.getByText("Tá tú i ngrúpa").textContent()).toContain("Cearnóg Bhuí");
    await checkScreen(page, "join-name");
    await page.getByLabel(ga["pupil.join.nameLabel"]).fill("Síofra");
    await page.getByRole("button", { name: ga["pupil.join.joinButton"] }).click();

    await page.getByText("Ceist 1 as 2").waitFor();
    expect(await page.locator(".question-text").getAttribute("lang")).toBe("ga-IE");
    expect(await page.getByText(ga["pupil.play.player"].replace(" {name}", "")).count()).toBe(1);
    await checkScreen(page, "question");

    await page.locator(".answer-option", { hasText: "madra" }).click();
    await page.getByRole("button", { name: ga["pupil.play.submit"] }).click();
    await page.getByText(ga["pupil.play.incorrect"]).waitFor();
    await page.getByText(ga["pupil.play.kindWords"]).waitFor();
    await page.getByText("Tugann sí bainne dúinn.").waitFor();
    expect(await page.getByRole("complementary", { name: ga["pupil.play.clueLabel"] }).count()).toBe(1);
    await checkScreen(page, "wrong-answer-clue");

    await page.locator(".answer-option", { hasText: "bó" }).click();
    await page.getByRole("button", { name: ga["pupil.play.submit"] }).click();
    await page.getByText(ga["pupil.play.correct"]).waitFor();
    await page.getByText("Ceist 2 as 2").waitFor();
    await page.locator(".answer-option", { hasText: "madra" }).click();
    await page.getByRole("button", { name: ga["pupil.play.submit"] }).click();
    await page.getByText(ga["pupil.play.congratulations"]).waitFor();
    expect(await page.locator(".finish-stats").textContent()).toContain("2 leid aimsithe");
    await page.getByRole("link", { name: ga["pupil.finish.joinAnother"] }).waitFor();
    await checkScreen(page, "completed");
    await page.context().close();
  });

  it("lets the child switch to English on their own device, and keeps it there", async () => {
    const page = await pupilPage(768, 1024);
    await page.goto(`/join?code=${code}`);
    await page.getByRole("button", { name: en["pupil.join.continue"] }).click();
    await page.getByLabel(ga["pupil.join.nameLabel"]).fill("Darragh");
    await page.getByRole("button", { name: ga["pupil.join.joinButton"] }).click();
    await page.getByText("Ceist 1 as 2").waitFor();
    await screenshot(page, `pupil-irish-${db}-question-tablet`);

    await page.getByRole("button", { name: "English" }).click();
    await page.getByText("Question 1 of 2").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("en-IE");
    // The questions stay marked as Irish on an English page.
    expect(await page.locator(".question-text").getAttribute("lang")).toBe("ga-IE");
    await page.reload();
    await page.getByText("Question 1 of 2").waitFor();
    await page.context().close();
  });

  it("shows the codes page and the projector in Irish when the teacher switches", async () => {
    const page = await teacherContext.newPage();
    errors.push(watchPageErrors(page, [/EventSource|net::ERR_FAILED/]));
    await page.goto(`/session-codes/${sessionId}`);
    await page.getByRole("button", { name: "Gaeilge" }).click();
    await page.getByRole("heading", { name: ga["sessions.codes.started"] }).waitFor();
    await page.getByText("Cearnóg Bhuí").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `pupil-irish-${db}-codes`);
    await page.getByRole("button", { name: ga["sessions.codes.projectorView"] }).click();
    await page.getByRole("button", { name: ga["sessions.stage.close"] }).waitFor();
    await page.setViewportSize({ width: 1920, height: 1080 });
    expect(await page.locator(".stage-count").first().textContent()).toBe("2 dhalta");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `pupil-irish-${db}-projector`);
    await page.close();
  });
});
