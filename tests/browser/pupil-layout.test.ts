/**
 * Every pupil screen and state at every size a classroom has (phone to 4K): nothing wider
 * than the screen, no text cut off. Join (both steps, with their errors), a question, a chosen
 * tile, 'Incorrect!', 'Correct!', help requested, an answer waiting offline, the chest, and a
 * session ended by the teacher. A screenshot of each, for a person to look at. On one database:
 * what is measured here is the page; the answers behind it are the API tests' (on both).
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { screenshot } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { LAYOUT_VIEWPORTS, layoutProblems } from "../support/layout-checks.ts";
import {
  allowHoldingFeedback,
  chooseTile,
  holdFeedback,
  huntGame,
  huntSession,
  joinAs,
} from "../support/pupil-journey.ts";

const [q1, q2] = huntGame.questions as [(typeof huntGame.questions)[0], (typeof huntGame.questions)[0]];

/** One journey measured at every size does the work the per-size tests did: the time they had together. */
const EVERY_SIZE_TIMEOUT = 300_000;

describe.each([browserDatabaseKind("pglite")])("pupil screens fit every screen on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let hunt: Awaited<ReturnType<typeof huntSession>>;

  beforeAll(async () => {
    hunt = await huntSession(suite.server.url, 6);
  });

  // One child's way through the game, and at each state the screen is measured at every size:
  // the pupil screens are laid out by CSS alone (no script reads the window's size), so a resized
  // window shows what a device of that size shows, and one journey serves all five sizes.
  it(
    `at every size (${LAYOUT_VIEWPORTS.map((v) => `${v.name} ${v.width}×${v.height}`).join(", ")})`,
    async () => {
      const session = await hunt.start();
      const context = await suite.newContext({ viewport: LAYOUT_VIEWPORTS[0] });
      await allowHoldingFeedback(context);
      const page = await suite.newPage({
        context,
        allowed: [/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|EventSource/],
      });
      const found: Record<string, string[]> = {};
      const check = async (p: Page, state: string) => {
        for (const viewport of LAYOUT_VIEWPORTS) {
          await p.setViewportSize({ width: viewport.width, height: viewport.height });
          // Laid out again, and a frame drawn, at the new size before it is measured.
          await p.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          found[`${state} at ${viewport.name}`] = await layoutProblems(p);
          await screenshot(p, `${db}-pupil-${viewport.name}-${state}`);
        }
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
      // Once its pop has settled: at the pop's peak the moment is drawn 8 % larger, for a moment.
      await page
        .locator(".feedback-moment")
        .evaluate((moment) => Promise.all(moment.getAnimations().map((animation) => animation.finished)));
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
      // Measured at every size while the confetti (placed in % of the screen) is in flight...
      await check(page, "complete");
      // ...and again at every size once it has fallen.
      await page.waitForTimeout(2500);
      for (const viewport of LAYOUT_VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        found[`complete-after at ${viewport.name}`] = await layoutProblems(page);
      }

      const other = await suite.newPage({ context, allowed: [/EventSource/] });
      const ending = await hunt.start();
      await joinAs(other, ending.codes[5]!, "Oisín");
      await hunt.end(ending.id);
      await other.getByText("This session has ended").waitFor({ timeout: 5000 });
      await check(other, "ended");
      await context.close();

      expect(Object.keys(found)).toHaveLength(13 * LAYOUT_VIEWPORTS.length);
      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    },
    EVERY_SIZE_TIMEOUT,
  );

  it("logged no errors", () => {
    expect(suite.errors.flat()).toEqual([]);
  });
});
