/**
 * A group's children on one tablet (issue 41) on the teacher's pages in Chromium: the codes page's
 * who has joined and the results' student rows say after each child's name who else is on the
 * tablet and whose turn it is; the turn moves on both pages as the children answer, live; in Irish
 * the names are joined with agus. axe on both pages; each photographed at phone, tablet, laptop and
 * projector sizes (SHOTS_DIR, else test-results/screenshots/tablets).
 */

import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAxeClean } from "../support/axe.ts";
import { screenshotDir, watchPageErrors } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { CORRECT, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { atEverySize } from "../support/layout-checks.ts";
import { joinedTablet } from "../support/shared-tablet.ts";

const SHOTS = process.env.SHOTS_DIR ?? path.join(screenshotDir, "tablets");

describe("children on one tablet, on their teacher's pages", () => {
  const suite = useBrowserSuite({ db: "pglite" });

  /** A teacher signed up in a page of their own, with a session of the three-question game in `groupCount` groups. */
  async function teacherWithSessionOf(groupCount: number) {
    const page: Page = await (await suite.newContext()).newPage();
    const errors = watchPageErrors(page);
    await signUpInPage(page, "Múinteoir Nóra", { email: `tablets-${Date.now()}-${groupCount}@scoil.ie` });
    const game = await pageApi(page, "/api/games", threeQuestionGame);
    const sessionId: string = (await pageApi(page, "/api/sessions", { gameId: game.body.id, groupCount })).body.id;
    const codes: string[] = (await pageApi(page, `/api/sessions/${sessionId}`)).body.session.groups.map(
      (g: { joinCode: string }) => g.joinCode,
    );
    return { page, errors, sessionId, codes };
  }

  it("says who shares each tablet and whose turn it is, moving live, on the codes page and the results, in English and Irish", async () => {
    const { page, errors, sessionId, codes } = await teacherWithSessionOf(2);
    const [yellow, red] = codes as [string, string];
    const tablet = await joinedTablet(suite.server.url, yellow, ["Aoife", "Cian", "Saoirse"]);
    const dara = await joinedStudent(suite.server.url, yellow, "Dara");
    await joinedStudent(suite.server.url, red, "Bríd");
    expect((await tablet.child("Aoife").answer(0, CORRECT[0]!)).status).toBe(200);
    expect((await dara.answer(0, CORRECT[0]!)).status).toBe(200);

    // The codes page: Cian's turn, after Aoife answered.
    await page.goto(`/session-codes/${sessionId}`);
    await page.getByText("Who has joined (4)").click();
    const members = page.getByRole("list", { name: "Students in Yellow Square" });
    const line = (name: string) => members.getByRole("listitem").filter({ hasText: new RegExp(`^${name} `) });
    await line("Cian").getByText("Cian's turn").waitFor();
    expect(await line("Aoife").textContent()).toContain("on one tablet with Cian and Saoirse");
    expect(await line("Aoife").textContent()).not.toContain("turn");
    expect(await members.getByText(/'s turn$/).count()).toBe(1);
    expect(await members.getByRole("listitem").filter({ hasText: /^Dara/ }).locator(".tablet-mark").count()).toBe(0);
    await expectAxeClean(page, "codes page with a tablet");
    await atEverySize(page, SHOTS, "codes-tablet");

    // Cian answers: the codes page moves the turn on by itself.
    expect((await tablet.child("Cian").answer(0, CORRECT[0]!)).status).toBe(200);
    await line("Saoirse").getByText("Saoirse's turn").waitFor({ timeout: 5000 });
    expect(await members.getByText(/'s turn$/).count()).toBe(1);

    // The results: the same under each name, live too.
    await page.goto(`/results/${sessionId}`);
    const row = (name: string) => page.getByRole("rowheader", { name: new RegExp(`^${name} `) });
    await row("Saoirse").getByText("Saoirse's turn").waitFor();
    expect(await row("Cian").textContent()).toBe("Cian on one tablet with Aoife and Saoirse");
    expect(await page.getByRole("rowheader", { name: "Dara", exact: true }).count()).toBe(1);
    await expectAxeClean(page, "results with a tablet");
    await atEverySize(page, SHOTS, "results-tablet");
    expect((await tablet.child("Saoirse").answer(0, CORRECT[0]!)).status).toBe(200);
    await row("Aoife").getByText("Aoife's turn").waitFor({ timeout: 5000 });

    // In Irish.
    await page.getByRole("button", { name: "Gaeilge", exact: true }).click();
    await row("Aoife").getByText("Seal Aoife").waitFor();
    expect(await row("Cian").textContent()).toBe("Cian ar aon táibléad le hAoife agus Saoirse");
    await expectAxeClean(page, "results with a tablet, in Irish");
    await atEverySize(page, SHOTS, "results-tablet-ga");
    await page.goto(`/session-codes/${sessionId}`);
    await page.locator(".member-details summary").first().click();
    await page.getByText("Seal Aoife").waitFor();
    expect(await page.getByText("ar aon táibléad le hAoife, Cian agus Dara").count()).toBe(0);
    await page.getByText("ar aon táibléad le Cian agus Saoirse").waitFor();
    await atEverySize(page, SHOTS, "codes-tablet-ga");
    expect(errors).toEqual([]);
  });

  it("re-reads the codes page on answers only in a session with a tablet; alone, only when someone joins", async () => {
    const { page, errors, sessionId, codes } = await teacherWithSessionOf(1);
    const [code] = codes as [string];
    const aoife = await joinedStudent(suite.server.url, code, "Aoife");
    const reads: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === `/api/sessions/${sessionId}`) reads.push(request.method());
    });
    await page.goto(`/session-codes/${sessionId}`);
    await page.getByText("Who has joined (1)").waitFor();
    // Once its live channel is open (the page reads once more then, for what it may have missed).
    await page.waitForTimeout(1500);
    const settledReads = reads.length;
    // An answer: the page's live channel hears of it, and reads nothing (nobody's turn to show).
    expect((await aoife.answer(0, CORRECT[0]!)).status).toBe(200);
    await page.waitForTimeout(1500);
    expect(reads.length).toBe(settledReads);
    // A join: read again.
    await joinedStudent(suite.server.url, code, "Cian");
    await page.getByText("Who has joined (2)").waitFor();
    expect(reads.length).toBe(settledReads + 1);
    expect(errors).toEqual([]);
  });
});
