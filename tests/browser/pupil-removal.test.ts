/**
 * A teacher takes a pupil out of a live game in Chromium (decision 016): from the
 * codes page (an intruder) and from the results page, after a confirmation. The pupil's screen
 * says so at once and kindly; the device cannot join that game again; the codes page and the
 * results update live; the other pupil plays on. axe on the confirmation and the pupil's
 * screen; both photographed at phone, tablet, laptop and projector sizes.
 */

import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { inEnglish } from "../../src/server/i18n.ts";
import { removalMessages } from "../../src/shared/sessions/pupil-removal.ts";
import { expectAxeClean } from "../support/axe.ts";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { LAYOUT_VIEWPORTS, layoutProblems } from "../support/layout-checks.ts";
import { joinAs } from "../support/pupil-journey.ts";

const SIZES = LAYOUT_VIEWPORTS.filter((v) => v.name !== "4k");

describe("removing a pupil in Chromium", () => {
  const suite = useBrowserSuite({ db: "pglite" });
  const errors: string[][] = [];

  async function newPage(viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport });
    const page = await context.newPage();
    // A removed pupil's page asks once more after its record (410), and its closed channel is refused: both expected.
    errors.push(watchPageErrors(page, [/EventSource|net::ERR_FAILED/]));
    return page;
  }

  /** Photographs the page at every size, checking the layout at each. */
  async function atEverySize(page: Page, name: string, options: { fullPage?: boolean } = {}) {
    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.waitForTimeout(100);
      expect(await layoutProblems(page), `${name} at ${size.width}x${size.height}`).toEqual([]);
      // A modal covers the screen, not the page: photograph what the teacher sees.
      await screenshot(page, `removal-${name}-${size.width}x${size.height}`, { fullPage: options.fullPage !== false });
    }
  }

  it("takes an intruder out from the codes page and Aoife out from the results page; each screen says so and cannot rejoin", async () => {
    const teacher = await newPage();
    await signUpInPage(teacher, "Múinteoir Síle", { email: `removal-${Date.now()}@scoil.ie` });
    const { sessionId, code } = await teacher.evaluate(async (game) => {
      const post = (path: string, body: unknown) =>
        fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const created = await post("/api/games", game);
      const started = await post("/api/sessions", { gameId: created.id, groupCount: 1 });
      const detail = await fetch(`/api/sessions/${started.id}`).then((r) => r.json());
      return { sessionId: started.id as string, code: detail.session.groups[0].joinCode as string };
    }, threeQuestionGame);

    const aoife = await newPage({ width: 390, height: 844 });
    await joinAs(aoife, code, "Aoife");
    const intruder = await newPage({ width: 390, height: 844 });
    await joinAs(intruder, code, "Captain Nobody");

    await teacher.goto(`/session-codes/${sessionId}`);
    await teacher.getByText("Who has joined (2)").click();
    const members = teacher.getByRole("list", { name: "Students in Yellow Square" });
    await members.getByText("Captain Nobody").waitFor();
    await members.getByText("Aoife").waitFor();
    // The results page, open in another tab, must follow along live.
    const results = await teacher.context().newPage();
    errors.push(watchPageErrors(results));
    await results.goto(`/results/${sessionId}`);
    await results.getByRole("rowheader", { name: "Captain Nobody" }).waitFor();

    // From the codes page: the confirmation first.
    await teacher.getByRole("button", { name: "Remove Captain Nobody" }).click();
    const dialog = teacher.getByRole("dialog", { name: inEnglish(removalMessages.confirmTitle("Captain Nobody")) });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByRole("button", { name: "Cancel" }).evaluate((b) => b === document.activeElement))
      .toBe(true);
    await expectAxeClean(teacher, "confirm dialog");
    await atEverySize(teacher, "teacher-confirm", { fullPage: false });
    await teacher.setViewportSize({ width: 1280, height: 900 });
    // Cancel changes nothing; Escape likewise.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    await teacher.getByRole("button", { name: "Remove Captain Nobody" }).click();
    await teacher.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(() =>
        teacher.getByRole("button", { name: "Remove Captain Nobody" }).evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    await intruder.getByText(/^Question 1 of 3$/).waitFor();

    await teacher.getByRole("button", { name: "Remove Captain Nobody" }).click();
    await dialog.getByRole("button", { name: inEnglish(removalMessages.confirmButton("Captain Nobody")) }).click();
    await teacher
      .getByRole("status")
      .filter({ hasText: inEnglish(removalMessages.removed("Captain Nobody")) })
      .waitFor();
    await members.getByText("Captain Nobody").waitFor({ state: "detached" });
    expect(await teacher.locator(".member-count").first().textContent()).toBe("1 student joined");

    // The pupil's screen says so at once, by server push; the results tab drops the row live.
    await intruder.getByRole("heading", { name: inEnglish(removalMessages.pupilHeading) }).waitFor({ timeout: 5000 });
    await intruder.getByText(inEnglish(removalMessages.pupilDetail)).waitFor();
    await results.getByRole("rowheader", { name: "Captain Nobody" }).waitFor({ state: "detached", timeout: 5000 });
    await expectAxeClean(intruder, "removed pupil");
    await atEverySize(intruder, "pupil-removed");
    // A refresh still says so (the record is gone; the device is remembered).
    await intruder.reload();
    await intruder.getByRole("heading", { name: inEnglish(removalMessages.pupilHeading) }).waitFor();

    // The device cannot come back into this game, under any name.
    await intruder.setViewportSize({ width: 390, height: 844 });
    await intruder.goto(`/join?code=${code}`);
    await intruder.getByRole("button", { name: "Continue" }).click();
    await intruder.getByLabel("Your Name").fill("Nice Name");
    await intruder.getByRole("button", { name: "Join Game" }).click();
    // News, not a red error: the child did nothing wrong by trying.
    await intruder
      .getByRole("status")
      .filter({ hasText: inEnglish(removalMessages.cannotRejoin) })
      .waitFor();
    expect(await intruder.getByRole("alert").count()).toBe(0);
    expect(intruder.url()).toContain("/join");
    await expectAxeClean(intruder, "removed device refused at join");
    await screenshot(intruder, "removal-rejoin-refused-390x844");

    // Aoife plays on, untouched.
    await aoife.getByText(/^Question 1 of 3$/).waitFor();
    const right = threeQuestionGame.questions[0]!.options[threeQuestionGame.questions[0]!.correctAnswer]!;
    await aoife.locator(".answer-option", { hasText: right }).click();
    await aoife.getByRole("button", { name: "Submit Answer" }).click();
    await aoife.getByText(/^Question 2 of 3$/).waitFor();

    // From the results page this time.
    await results.getByRole("button", { name: "Remove Aoife" }).click();
    await results
      .getByRole("dialog", { name: inEnglish(removalMessages.confirmTitle("Aoife")) })
      .getByRole("button", { name: "Remove Aoife" })
      .click();
    await results.getByText(inEnglish(removalMessages.removed("Aoife"))).waitFor();
    await results.getByText("No student progress recorded for this session.").waitFor();
    await aoife.getByRole("heading", { name: inEnglish(removalMessages.pupilHeading) }).waitFor({ timeout: 5000 });
    // The codes page follows too.
    await teacher.getByText("0 students joined").waitFor({ timeout: 5000 });

    for (const e of errors) expect(e).toEqual([]);
  });
});
