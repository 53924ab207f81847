/**
 * The classroom in Chromium: a teacher starts a 3-group session; three pupils on their own
 * devices join two groups and play (wrong then right; right first time; a refresh mid-game);
 * the codes page counts joins live; an answer made offline is sent when the Wi-Fi returns;
 * the teacher ends the session and the pupil still playing is told at once.
 */

import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";

const answers = threeQuestionGame.questions.map((q) => q.options[q.correctAnswer]!);
const wrong = threeQuestionGame.questions.map((q) => q.options[(q.correctAnswer + 1) % 4]!);

describe.each([browserDatabaseKind("postgres")])("a live session in Chromium on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let teacher: Page;
  const pupils: Page[] = [];
  const errors: string[][] = [];
  const studentResponses: string[] = [];
  let codes: string[] = [];
  const shot = (page: Page, name: string) => screenshot(page, `${db}-live-${name}`);

  async function newDevice(): Promise<Page> {
    const context: BrowserContext = await suite.browser.newContext({ baseURL: suite.server.url });
    const page = await context.newPage();
    errors.push(watchPageErrors(page, [/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|EventSource/]));
    // Keep every API answer a pupil's browser receives, to prove no answer key is among them.
    page.on("response", async (response) => {
      if (!response.url().includes("/api/") || response.url().endsWith("/events")) return;
      studentResponses.push(await response.text().catch(() => ""));
    });
    return page;
  }

  beforeAll(async () => {
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: { width: 1280, height: 900 },
    });
    teacher = await context.newPage();
    errors.push(watchPageErrors(teacher));
    await signUpInPage(teacher, "Múinteoir Pádraig", { email: `live-${db}-${Date.now()}@scoil.ie` });
    const created = await teacher.evaluate(async (game) => {
      const res = await fetch("/api/games", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(game),
      });
      return res.status;
    }, threeQuestionGame);
    expect(created).toBe(201);
  });
  it("starts a session with three groups and shows their codes", async () => {
    await teacher.reload();
    await teacher.getByRole("link", { name: "Start New Session" }).click();
    await teacher.getByRole("heading", { name: "Start Session" }).waitFor();
    await teacher.getByText("Food words").waitFor();
    expect(await teacher.getByLabel("Number of Groups").inputValue()).toBe("1");
    await teacher.getByLabel("Number of Groups").selectOption("3");
    await shot(teacher, "start-session");
    await teacher.getByRole("button", { name: "Start Session Now" }).click();
    await teacher.waitForURL("**/session-codes/**");
    await teacher.getByRole("heading", { name: "Session Started!" }).waitFor();
    expect(await teacher.locator(".status-active").textContent()).toBe("active");
    expect(await teacher.locator(".status-active").evaluate((el) => getComputedStyle(el).color)).toBe(
      "rgb(11, 107, 58)",
    );
    const cards = teacher.locator(".code-card");
    expect(await cards.count()).toBe(3);
    expect(await cards.locator(".group-name").allTextContents()).toEqual([
      "Yellow Square",
      "Red Circle",
      "Blue Triangle",
    ]);
    codes = await cards.locator(".join-code").allTextContents();
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(await cards.locator(".member-count").allTextContents()).toEqual([
      "0 students joined",
      "0 students joined",
      "0 students joined",
    ]);
    expect(await cards.locator("svg.qr-code").count()).toBe(3);
    expect(await cards.first().getByRole("link").getAttribute("href")).toMatch(
      // The link names the session's pupil language (decision 029); its printed text is the code alone.
      new RegExp(`^http://[^/]+/join\\?code=${codes[0]}&lang=en$`),
    );
    expect(await cards.first().getByRole("link").textContent()).toMatch(new RegExp(`/join\\?code=${codes[0]}$`));
    await shot(teacher, "codes");
  });

  it("guides a pupil through the two join steps, with their errors", async () => {
    const pupil = await newDevice();
    pupils.push(pupil);
    await pupil.goto("/join");
    await pupil.getByRole("heading", { name: "Enter Join Code" }).waitFor();
    const codeField = pupil.getByLabel("Join Code");
    await codeField.fill("12ab3");
    expect(await codeField.inputValue()).toBe("123");
    await pupil.getByRole("button", { name: "Continue" }).click();
    await pupil.getByRole("alert").filter({ hasText: "Please enter a 6-digit join code." }).waitFor();
    await codeField.fill("1234567");
    expect(await codeField.inputValue()).toBe("123456");
    await codeField.fill(codes[0] === "999999" ? "999998" : "999999");
    await pupil.getByRole("button", { name: "Continue" }).click();
    await pupil.getByRole("alert").filter({ hasText: "Invalid join code" }).waitFor();
    await shot(pupil, "join-error");

    await codeField.fill(codes[0]!);
    await pupil.getByRole("button", { name: "Continue" }).click();
    await pupil.getByRole("heading", { name: "Confirm Group & Enter Name" }).waitFor();
    await pupil.getByText("Yellow Square").waitFor();
    await pupil.getByRole("button", { name: "Join Game" }).click();
    await pupil.getByRole("alert").filter({ hasText: "Please enter your name." }).waitFor();
    await pupil.getByRole("button", { name: "Back" }).click();
    await pupil.getByRole("heading", { name: "Enter Join Code" }).waitFor();
    expect(await pupil.getByLabel("Join Code").inputValue()).toBe("");

    await pupil.goto(`/join?code=${codes[0]}`);
    expect(await pupil.getByLabel("Join Code").inputValue()).toBe(codes[0]);
    await pupil.getByRole("button", { name: "Continue" }).click();
    await pupil.getByLabel("Your Name").fill("  Aoife ");
    await shot(pupil, "join-step-2");
    await pupil.getByRole("button", { name: "Join Game" }).click();
    await pupil.waitForURL("**/play/**");
    await pupil.getByText("Question 1 of 3").waitFor();
    await pupil.getByText("Player: Aoife").waitFor();
  });

  it("counts joins on the codes page without a reload", async () => {
    await teacher.locator(".member-count").first().filter({ hasText: "1 student joined" }).waitFor({ timeout: 3000 });
    for (const [name, code] of [
      ["Bríd", codes[0]],
      ["Cathal", codes[1]],
    ] as const) {
      const pupil = await newDevice();
      pupils.push(pupil);
      await pupil.goto(`/join?code=${code}`);
      await pupil.getByRole("button", { name: "Continue" }).click();
      await pupil.getByLabel("Your Name").fill(name);
      await pupil.getByRole("button", { name: "Join Game" }).click();
      await pupil.waitForURL("**/play/**");
    }
    await teacher.locator(".member-count").first().filter({ hasText: "2 students joined" }).waitFor({ timeout: 3000 });
    await teacher.locator(".member-count").nth(1).filter({ hasText: "1 student joined" }).waitFor({ timeout: 3000 });
    expect(await teacher.locator(".member-count").nth(2).textContent()).toBe("0 students joined");
  });

  it("plays: wrong then right, with the feedback of the spec", async () => {
    const aoife = pupils[0]!;
    await aoife.getByText(threeQuestionGame.questions[0]!.questionText).waitFor();
    expect(await aoife.getByRole("button", { name: "Submit Answer" }).isDisabled()).toBe(true);
    await aoife.getByLabel(wrong[0]!).check();
    await aoife.getByRole("button", { name: "Submit Answer" }).click();
    await aoife.getByText("Incorrect!").waitFor();
    expect(await aoife.getByLabel(wrong[0]!).isChecked()).toBe(false);
    await aoife.getByText("Question 1 of 3").waitFor();
    await shot(aoife, "play-incorrect");

    // Install a listener on the teacher's live channel to time answer → teacher.
    await teacher.evaluate((sessionPath) => {
      const w = window as unknown as { __progressEvents: number[] };
      w.__progressEvents = [];
      const source = new EventSource(`/api/sessions/${sessionPath}/events`);
      source.onmessage = (e) => {
        if (JSON.parse(e.data).type === "progress") w.__progressEvents.push(Date.now());
      };
    }, teacher.url().split("/session-codes/")[1]!);
    await teacher.waitForTimeout(300);

    await aoife.getByLabel(answers[0]!).check();
    const clickedAt = await aoife.evaluate(() => Date.now());
    await aoife.getByRole("button", { name: "Submit Answer" }).click();
    await aoife.getByText("Correct!").waitFor();
    // Timed from when 'Correct!' was seen, not from after the screenshot (which can take most of the second).
    const shownAt = Date.now();
    await shot(aoife, "play-correct");
    await aoife.getByText("Question 2 of 3").waitFor();
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(700);
    await expect
      .poll(() => teacher.evaluate(() => (window as unknown as { __progressEvents: number[] }).__progressEvents.length))
      .toBeGreaterThan(0);
    const receivedAt = await teacher.evaluate(
      () => (window as unknown as { __progressEvents: number[] }).__progressEvents[0]!,
    );
    const latency = receivedAt - clickedAt;
    console.info(`[measure] ${db}: answer click → teacher's live channel: ${latency} ms`);
    expect(latency).toBeLessThan(1000);
  });

  it("plays: right first time, to the end", async () => {
    const brid = pupils[1]!;
    for (let q = 0; q < 3; q++) {
      await brid.getByText(`Question ${q + 1} of 3`).waitFor();
      await brid.getByLabel(answers[q]!).check();
      await brid.getByRole("button", { name: "Submit Answer" }).click();
      await brid.getByText("Correct!").waitFor();
    }
    await brid.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    await shot(brid, "play-complete");
    await brid.getByRole("link", { name: "Join Another Game" }).click();
    await brid.waitForURL("**/join");
  });

  it("resumes at the right question after a refresh", async () => {
    const cathal = pupils[2]!;
    await cathal.getByLabel(answers[0]!).check();
    await cathal.getByRole("button", { name: "Submit Answer" }).click();
    await cathal.getByText("Question 2 of 3").waitFor();
    await cathal.reload();
    await cathal.getByText("Question 2 of 3").waitFor();
    await cathal.getByText("Player: Cathal").waitFor();
  });

  it("keeps an answer made offline and sends it when the connection is back", async () => {
    const cathal = pupils[2]!;
    await cathal.context().setOffline(true);
    await cathal.getByText("You are offline. Some features may be limited.").waitFor();
    await cathal.getByLabel(answers[1]!).check();
    await cathal.getByRole("button", { name: "Submit Answer" }).click();
    await cathal.getByText("No connection. Your answer is saved on this device").waitFor();
    await shot(cathal, "play-offline");
    // It waits for the connection calmly: a retry every few seconds, not a storm of requests.
    let tries = 0;
    const count = (request: { url(): string }) => {
      if (request.url().endsWith("/answers")) tries++;
    };
    cathal.on("request", count);
    await cathal.waitForTimeout(2000);
    cathal.off("request", count);
    expect(tries).toBeLessThanOrEqual(2);
    await cathal.context().setOffline(false);
    await cathal.getByText("Question 3 of 3").waitFor({ timeout: 10_000 });
  });

  it("asks for help", async () => {
    const cathal = pupils[2]!;
    await cathal.getByRole("button", { name: "Ask for help" }).click();
    await cathal.getByRole("button", { name: "Help is coming (tap to cancel)" }).waitFor();
    expect(
      await cathal.getByRole("button", { name: "Help is coming (tap to cancel)" }).getAttribute("aria-pressed"),
    ).toBe("true");
  });

  it("shows the codes large in the projector view", async () => {
    await teacher.getByRole("button", { name: "Projector view" }).click();
    const digits = teacher.locator(".projector-digits").first();
    await digits.waitFor();
    const px = Number((await digits.evaluate((el) => getComputedStyle(el).fontSize)).replace("px", ""));
    expect(px).toBeGreaterThanOrEqual(64);
    await shot(teacher, "projector");
    await teacher.getByRole("button", { name: "Close projector view" }).click();
  });

  it("ends the session for all; the pupil still playing sees it has ended within a second", async () => {
    teacher.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure you want to end this session for all groups?");
      void dialog.accept();
    });
    const cathal = pupils[2]!;
    await teacher.getByRole("button", { name: "End Session for All" }).click();
    const endedAt = Date.now();
    await teacher.getByText("Session ended successfully!").waitFor();
    await cathal.getByText("This session has ended").waitFor({ timeout: 3000 });
    const pushedIn = Date.now() - endedAt;
    console.info(`[measure] ${db}: end → pupil sees 'This session has ended': ${pushedIn} ms`);
    expect(pushedIn).toBeLessThan(1500);
    await teacher.getByText("Ended:").waitFor();
    expect(await teacher.getByRole("button", { name: "End Session for All" }).count()).toBe(0);
    await shot(teacher, "codes-ended");
    await shot(cathal, "play-ended");
  });

  it("never sent a correct answer to a pupil's browser, and logged no errors", () => {
    expect(studentResponses.length).toBeGreaterThan(10);
    for (const body of studentResponses) expect(body).not.toMatch(/correctAnswer|correct_answer/);
    expect(errors.flat()).toEqual([]);
  });
});
