/**
 * A Gaelscoil's class in Irish: the teacher picks the pupils' language at Start
 * Session (Irish by default for a game in Irish), and a pupil on a device set to English goes
 * from the code to the treasure chest entirely in Irish: every text from the Irish catalogue,
 * `<html lang="ga-IE">`, the questions marked as Irish; a wrong answer, its clue, the right
 * one, the end. The child can switch to English on their own device and keeps it. On a
 * device set to Irish, every pupil screen and state (the code and its errors, the group, a
 * question, wrong, right, help, the chest, taken out, the session ended) at phone, tablet and
 * projector size: no layout problem, no catalogue key showing, axe clean. The codes page and
 * the projector in Irish, switched while the page loads. Screenshots to look at.
 */

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { axeViolations } from "../support/axe.ts";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { LAYOUT_VIEWPORTS, layoutProblems } from "../support/layout-checks.ts";
import { allowHoldingFeedback, holdFeedback } from "../support/pupil-journey.ts";
import { signedUpTeacher } from "../support/teachers.ts";

const irishGame = {
  title: "Gaeilge - Rang a 2 - Ainmhithe",
  description: "Ainmhithe na feirme",
  questions: [
    {
      questionText: "Cén t-ainmhí a deir 'mú'?",
      options: ["madra", "bó", "cat", "caora"],
      correctAnswer: 1,
      clue: "Tugann sí bainne dúinn.",
    },
    {
      questionText: "Cén t-ainmhí a bhíonn ag tafann?",
      options: ["madra", "muc", "capall", "lacha"],
      correctAnswer: 0,
    },
  ],
  aiLastUsedSubject: "Irish",
  aiLastUsedLevel: "2nd Class",
  aiLastUsedTopic: "Ainmhithe",
};

/** One journey measured at every size does the work the per-size tests did: the time they had together. */
const EVERY_SIZE_TIMEOUT = 300_000;

describe.each([browserDatabaseKind("pglite")])("the pupils' screens in Irish on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let teacherContext: BrowserContext;
  let code = "";
  let sessionId = "";
  let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;
  let gameId = "";
  const errors = suite.errors;

  beforeAll(async () => {
    teacher = await signedUpTeacher(suite.server.url);
    const game = await teacher.client.post("/api/games", irishGame);
    expect(game.status).toBe(201);
    gameId = game.body.id as string;

    // The teacher's browser, signed in through the page, starts the session on Start Session.
    teacherContext = await suite.newContext({ locale: "en-IE", viewport: { width: 1366, height: 900 } });
    const page = await suite.newPage({ context: teacherContext, allowed: [/EventSource|net::ERR_FAILED/] });
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
    expect(errors.flat()).toEqual([]);
  });

  async function pupilPage(width = 390, height = 844): Promise<Page> {
    return suite.newPage({ locale: "en-IE", viewport: { width, height }, allowed: [/EventSource/] });
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
    expect(await page.locator(".finish-stats").textContent()).toContain("2 stad bainte amach");
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

  /** A catalogue key on the screen is a text that was never translated (or a teacher's key on a pupil's page). */
  const untranslatedKeys = (page: Page) =>
    page.evaluate(
      () =>
        document.body.innerText.match(
          /\b(common|pupil|sessions|limits|auth|games|landing)\.[a-z]+\.?[A-Za-z.]*|\|\{"/g,
        ) ?? [],
    );

  // Irish texts run longer than English: every pupil screen and state, on a device set to Irish,
  // at the sizes a classroom has. axe once per screen (on the phone); layout at every size.
  const IRISH_SIZES = LAYOUT_VIEWPORTS.filter(
    (v) => v.name === "phone" || v.name === "tablet" || v.name === "projector",
  );
  // One journey: each state is measured at each size (the pupil screens are laid out by CSS
  // alone, so a resized window shows what a device of that size shows).
  it(
    `fits every pupil screen in Irish at ${IRISH_SIZES.map((v) => `${v.name} size (${v.width}×${v.height})`).join(", ")}, with axe clean and no key showing`,
    async () => {
      const started = await teacher.client.post("/api/sessions", { gameId, groupCount: 6, pupilLanguage: "ga" });
      expect(started.status).toBe(201);
      const session = (await teacher.client.get(`/api/sessions/${started.body.id}`)).body.session as {
        id: string;
        groups: Array<{ joinCode: string }>;
      };
      const codes = session.groups.map((g) => g.joinCode);
      // Each child on their own device (a removed device cannot join this session again).
      const device = () =>
        suite.newContext({
          locale: "ga-IE",
          viewport: { width: IRISH_SIZES[0]!.width, height: IRISH_SIZES[0]!.height },
        });
      const context = await device();
      await allowHoldingFeedback(context);
      const found: Record<string, string[]> = {};
      const check = async (p: Page, state: string) => {
        expect(await p.locator("html").getAttribute("lang"), state).toBe("ga-IE");
        expect(await untranslatedKeys(p), state).toEqual([]);
        for (const viewport of IRISH_SIZES) {
          await p.setViewportSize({ width: viewport.width, height: viewport.height });
          await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          found[`${state} at ${viewport.name}`] = await layoutProblems(p);
          if (viewport.name === "phone") found[`${state} (axe)`] = await axeViolations(p);
          await screenshot(p, `pupil-irish-${db}-${viewport.name}-${state}`);
        }
      };
      const page = await context.newPage();
      errors.push(watchPageErrors(page, [/EventSource|net::ERR_FAILED|404 \(Not Found\)/]));

      // A device set to Irish: the first step is in Irish before any code is typed.
      await page.goto("/join");
      await page.getByRole("heading", { name: ga["pupil.join.title"] }).waitFor();
      await check(page, "join-code");
      await page.getByRole("button", { name: ga["pupil.join.continue"] }).click();
      await page.getByRole("alert").filter({ hasText: ga["pupil.join.enterCode"] }).waitFor();
      await check(page, "join-code-error");
      // The server's refusal, by key, in the child's language.
      await page.getByLabel(ga["pupil.join.codeLabel"]).fill("000000");
      await page.getByRole("button", { name: ga["pupil.join.continue"] }).click();
      await page.getByRole("alert").filter({ hasText: ga["pupil.join.invalidCode"] }).waitFor();
      // The longest group name in Irish (Dronuilleog Ghlas, the Green Rectangle).
      await page.getByLabel(ga["pupil.join.codeLabel"]).fill(codes[3]!);
      await page.getByRole("button", { name: ga["pupil.join.continue"] }).click();
      await page.getByText(ga["common.group.greenRectangle"]).first().waitFor();
      await check(page, "join-group");
      await page.getByRole("button", { name: ga["pupil.join.joinButton"] }).click();
      await page.getByRole("alert").filter({ hasText: ga["pupil.join.enterName"] }).waitFor();
      await check(page, "join-group-error");
      await page.getByLabel(ga["pupil.join.nameLabel"]).fill("Saoirse Ní Bhriain-Fitzgerald");
      await page.getByRole("button", { name: ga["pupil.join.joinButton"] }).click();

      await page.getByText("Ceist 1 as 2").waitFor();
      await check(page, "question");
      await page.locator(".answer-option", { hasText: "madra" }).click();
      await page.getByRole("button", { name: ga["pupil.play.submit"] }).click();
      await page.getByText(ga["pupil.play.incorrect"]).waitFor();
      await check(page, "incorrect");
      await page.locator(".answer-option", { hasText: "bó" }).click();
      await holdFeedback(page, true);
      await page.getByRole("button", { name: ga["pupil.play.submit"] }).click();
      await page.getByText(ga["pupil.play.correct"], { exact: true }).waitFor();
      await check(page, "correct");
      await holdFeedback(page, false);
      await page.getByText("Ceist 2 as 2").waitFor();
      await page.getByRole("button", { name: ga["pupil.play.askHelp"] }).click();
      await page.getByRole("button", { name: ga["pupil.play.helpComing"] }).waitFor();
      await check(page, "help");
      await page.locator(".answer-option", { hasText: "madra" }).click();
      await page.getByRole("button", { name: ga["pupil.play.submit"] }).click();
      await page.getByText(ga["pupil.play.congratulations"]).waitFor();
      await check(page, "complete");

      // Taken out by the teacher: the child is told in Irish.
      const removedDevice = await device();
      const removed = await removedDevice.newPage();
      errors.push(watchPageErrors(removed, [/EventSource|net::ERR_FAILED|410 \(Gone\)|403 \(Forbidden\)/]));
      await removed.goto(`/join?code=${codes[4]}`);
      await removed.getByRole("button", { name: ga["pupil.join.continue"] }).click();
      await removed.getByLabel(ga["pupil.join.nameLabel"]).fill("Cian");
      await removed.getByRole("button", { name: ga["pupil.join.joinButton"] }).click();
      await removed.getByText("Ceist 1 as 2").waitFor();
      const progressId = removed.url().split("/").pop()!;
      expect((await teacher.client.request("DELETE", `/api/sessions/${session.id}/pupils/${progressId}`)).status).toBe(
        200,
      );
      await removed.getByRole("heading", { name: ga["pupil.removed.heading"] }).waitFor({ timeout: 5000 });
      await check(removed, "removed");

      // The teacher ends the session while another child plays: news, in Irish.
      const otherDevice = await device();
      const other = await otherDevice.newPage();
      errors.push(watchPageErrors(other, [/EventSource|net::ERR_FAILED/]));
      await other.goto(`/join?code=${codes[5]}`);
      await other.getByRole("button", { name: ga["pupil.join.continue"] }).click();
      await other.getByLabel(ga["pupil.join.nameLabel"]).fill("Oisín");
      await other.getByRole("button", { name: ga["pupil.join.joinButton"] }).click();
      await other.getByText("Ceist 1 as 2").waitFor();
      expect((await teacher.client.post(`/api/sessions/${session.id}/end`, {})).status).toBe(200);
      await other.getByText(ga["pupil.play.sessionEnded"]).waitFor({ timeout: 5000 });
      await other.getByText(ga["pupil.finish.teacherFinished"], { exact: false }).waitFor();
      await check(other, "ended");
      await Promise.all([context.close(), removedDevice.close(), otherDevice.close()]);

      expect(Object.keys(found)).toHaveLength(11 * (IRISH_SIZES.length + 1));
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    },
    EVERY_SIZE_TIMEOUT,
  );

  it("shows the codes page and the projector in Irish when the teacher switches", async () => {
    const page = await teacherContext.newPage();
    errors.push(watchPageErrors(page, [/EventSource|net::ERR_FAILED/]));
    // Switched while the page's English messages are still on their way: the Irish ones load too.
    await page.route(/messages-en-teacher[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
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

  it("shows the teacher's preview as a pupil in Irish, with the answer marked in Irish", async () => {
    const page = await teacherContext.newPage();
    errors.push(watchPageErrors(page, [/EventSource|net::ERR_FAILED/]));
    await page.goto(`/preview-game/${gameId}`);
    await page.getByRole("button", { name: "Gaeilge" }).click();
    await page.getByText(ga["games.preview.lead"]).waitFor();
    await page.getByText("Ceist 1 as 2").waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("ga-IE");
    expect(await page.locator(".question-text").getAttribute("lang")).toBe("ga-IE");
    await page.getByText(ga["pupil.play.noIrishVoice"]).waitFor();
    expect(await page.getByText(ga["games.preview.answerMark"], { exact: true }).count()).toBeGreaterThan(0);
    expect(await untranslatedKeys(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `pupil-irish-${db}-teacher-preview`);
    await page.close();
  });
});
