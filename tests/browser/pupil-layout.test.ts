/**
 * Every pupil screen and state at every size a classroom has (phone to 4K): nothing wider
 * than the screen, no text cut off. Join (both steps, with their errors), a question, a chosen
 * tile, 'Incorrect!', 'Correct!', help requested, an answer waiting offline, the chest, and a
 * session ended by the teacher. A screenshot of each, for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { webDistDir } from "../../src/server/web-build.ts";
import { launchBrowser, screenshot, watchPageErrors } from "../support/browser.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { LAYOUT_VIEWPORTS, layoutProblems } from "../support/layout-checks.ts";
import { allowHoldingFeedback, chooseTile, holdFeedback, huntGame, huntSession, joinAs } from "../support/pupil-journey.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

const [q1, q2] = huntGame.questions as [(typeof huntGame.questions)[0], (typeof huntGame.questions)[0]];

describe.each(testDatabaseKinds())("pupil screens fit every screen on %s", (db) => {
  let server: TestServer;
  let browser: Browser;
  let hunt: Awaited<ReturnType<typeof huntSession>>;
  const errors: string[][] = [];

  beforeAll(async () => {
    server = await startTestServer({ db, webDir: webDistDir });
    browser = await launchBrowser();
    hunt = await huntSession(server.url, 6);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.each(LAYOUT_VIEWPORTS)("at $name size ($width×$height)", async (viewport) => {
    const session = await hunt.start();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: viewport.width, height: viewport.height } });
    await allowHoldingFeedback(context);
    const page = await context.newPage();
    errors.push(watchPageErrors(page, [/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|EventSource/]));
    const found: Record<string, string[]> = {};
    const check = async (p: Page, state: string) => {
      found[state] = await layoutProblems(p);
      await screenshot(p, `${db}-pupil-${viewport.name}-${state}`);
    };

    await page.goto("/join");
    await page.getByRole("heading", { name: "Enter Join Code" }).waitFor();
    await check(page, "join-code");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter a 6-digit join code." }).waitFor();
    await check(page, "join-code-error");
    // The longest group name (Green Rectangle) in the group moment.
    await page.getByLabel("Join Code").fill(session.codes[3]!);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("You are in the Green Rectangle group!").waitFor();
    await check(page, "join-group");
    await page.getByRole("button", { name: "Join Game" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter your name." }).waitFor();
    await check(page, "join-group-error");
    await page.getByLabel("Your Name").fill("Saoirse Ní Bhriain-Fitzgerald");
    await page.getByRole("button", { name: "Join Game" }).click();
    await page.getByText("Question 1 of 2").waitFor();
    await check(page, "question");
    await chooseTile(page, q1.options[0]!);
    await check(page, "chosen");
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Incorrect!").waitFor();
    await check(page, "incorrect");
    await chooseTile(page, q1.options[q1.correctAnswer]!);
    await holdFeedback(page, true);
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Correct!", { exact: true }).waitFor();
    await check(page, "correct");
    await holdFeedback(page, false);
    await page.getByText("Question 2 of 2").waitFor();
    await page.getByRole("button", { name: "Ask for help" }).click();
    await page.getByRole("button", { name: "Help is coming (tap to cancel)" }).waitFor();
    await check(page, "help");
    await context.setOffline(true);
    await chooseTile(page, q2.options[q2.correctAnswer]!);
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText(/Your answer is saved on this device/).waitFor();
    await check(page, "offline");
    await context.setOffline(false);
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor({ timeout: 15_000 });
    await check(page, "complete");
    // Confetti in flight must not leave the screen either: looked at again once it has fallen.
    await page.waitForTimeout(2500);
    found["complete-after"] = await layoutProblems(page);

    const other = await context.newPage();
    errors.push(watchPageErrors(other, [/EventSource/]));
    const ending = await hunt.start();
    await joinAs(other, ending.codes[5]!, "Oisín");
    await hunt.end(ending.id);
    await other.getByText("This session has ended").waitFor({ timeout: 5000 });
    await check(other, "ended");
    await context.close();

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  });

  it("logged no errors", () => {
    expect(errors.flat()).toEqual([]);
  });
});
