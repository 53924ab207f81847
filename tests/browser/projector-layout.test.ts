/**
 * The projector view as a stage, measured in Chromium: with 1 to 6 groups at every size from
 * a phone to a 4K screen nothing leaves the screen, no text is cut off, every code fits inside
 * its own card and no two codes touch; a code digit is readable from the back of a room; the
 * names and each group's shared progress arrive live. And the codes page's join links break
 * only after a slash, never inside the code.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { expectAxeClean } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { CORRECT, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { LAYOUT_VIEWPORTS, layoutProblems } from "../support/layout-checks.ts";

const VIEWPORTS = [
  ...LAYOUT_VIEWPORTS,
  { name: "xga", width: 1024, height: 768 },
  { name: "hd", width: 1280, height: 720 },
];
const SCREENSHOT_SIZES = ["xga", "projector", "4k"];
// The longest name a pupil may give (40 characters), with no space to break at.
/** Four pupils a group, one with the longest name there is; names are unique in a session. */
const FIRST_NAMES = [
  "Aoife",
  "Bríd",
  "Cathal",
  "Dara",
  "Eimear",
  "Fionn",
  "Gráinne",
  "Hugh",
  "Íde",
  "Jack",
  "Kate",
  "Liam",
  "Méabh",
  "Niall",
  "Orla",
  "Pádraig",
  "Róisín",
  "Seán",
];
const LONG_FIRST_NAMES = ["Saoirse", "Sorcha", "Siobhán", "Síle", "Sadhbh", "Sinéad"];
const NAMES_PER_GROUP = 4;
const namesOfGroup = (group: number) => [
  ...FIRST_NAMES.slice(group * 3, group * 3 + 3),
  `${LONG_FIRST_NAMES[group]}-Máire-Ní-Bhriain-Ó-Súilleabháin`,
];

const suite = useBrowserSuite({ db: "pglite" });
let page: Page;
let gameId: string;
/** Session ids by group count. */
const sessions = new Map<number, { id: string; codes: string[] }>();

const api = (path: string, body?: unknown) => pageApi(page, path, body);

async function startSession(groupCount: number) {
  const started = await api("/api/sessions", { gameId, groupCount });
  expect(started.status).toBe(201);
  const codes = (await api(`/api/sessions/${started.body.id}`)).body.session.groups.map(
    (g: { joinCode: string }) => g.joinCode as string,
  );
  return { id: started.body.id as string, codes };
}

async function openProjector(sessionId: string, groupCount: number) {
  await page.goto(`/session-codes/${sessionId}`);
  await page.getByRole("button", { name: "Projector view" }).click();
  await page
    .locator(".projector-digits")
    .nth(groupCount - 1)
    .waitFor();
  // Measured and photographed as it rests: with its typeface, after names have popped in.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((a) => a.finished));
  });
}

/** After a resize: laid out again, a frame drawn, and any transition it started run to its end. */
async function atRest() {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((a) => a.finished));
  });
}

/** Each code inside its own card, on one line, not cut off. */
async function codesOutsideTheirCards(): Promise<string[]> {
  return page.locator(".projector-digits").evaluateAll((codes) =>
    codes.flatMap((code) => {
      const card = code.closest("li")!.getBoundingClientRect();
      const box = code.getBoundingClientRect();
      const problems: string[] = [];
      if (
        box.left < card.left - 1 ||
        box.right > card.right + 1 ||
        box.top < card.top - 1 ||
        box.bottom > card.bottom + 1
      )
        problems.push(`${code.textContent} leaves its card`);
      if (code.scrollWidth > code.clientWidth + 1)
        problems.push(`${code.textContent} is wider than its box (${code.scrollWidth} > ${code.clientWidth})`);
      const range = document.createRange();
      range.selectNodeContents(code);
      const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.push(`${code.textContent} is on ${lines.size} lines`);
      return problems;
    }),
  );
}

beforeAll(async () => {
  page = await suite.newPage({ viewport: { width: 1280, height: 720 } });
  await signUpInPage(page, "Stage Teacher");
  gameId = (await api("/api/games", threeQuestionGame)).body.id;
  for (let groupCount = 1; groupCount <= 6; groupCount++) {
    const session = await startSession(groupCount);
    sessions.set(groupCount, session);
    // Every group has pupils, one of them with the longest name there is.
    for (const [group, code] of session.codes.entries()) {
      for (const [i, name] of namesOfGroup(group).entries()) {
        const pupil = await joinedStudent(suite.server.url, code, name);
        if (i === 0) await pupil.answer(0, CORRECT[0]!);
      }
    }
  }
});
describe("the projector stage", () => {
  for (let groupCount = 1; groupCount <= 6; groupCount++) {
    it(`fits ${groupCount} group${groupCount === 1 ? "" : "s"} at every size`, async () => {
      const session = sessions.get(groupCount)!;
      // Opened once, then the window resized: the stage is sized by CSS alone (container
      // queries on its cards, decision 010), so a resized window draws what a screen of that size draws.
      await page.setViewportSize({ width: VIEWPORTS[0]!.width, height: VIEWPORTS[0]!.height });
      await openProjector(session.id, groupCount);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await atRest();
        const where = `${groupCount} groups at ${viewport.width}×${viewport.height}`;
        expect(await layoutProblems(page, { noOverlap: ".projector-digits" }), where).toEqual([]);
        expect(await codesOutsideTheirCards(), where).toEqual([]);
        // The text of each code stays its six digits, for copying and for a screen reader.
        expect(await page.locator(".projector-digits").allTextContents(), where).toEqual(session.codes);
        expect(await page.locator(".stage-card svg.qr-code").count(), where).toBe(groupCount);
        if (SCREENSHOT_SIZES.includes(viewport.name))
          await screenshot(page, `projector-${groupCount}-groups-${viewport.width}x${viewport.height}`);
      }
    });
  }

  it("draws a code digit at least 8 % of the screen's height on a 1080p projector with six groups", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openProjector(sessions.get(6)!.id, 6);
    // The drawn height of the digits themselves (their ink), not the line box around them.
    const digitHeights = await page.locator(".projector-digits").evaluateAll((codes) =>
      codes.map((code) => {
        const context = document.createElement("canvas").getContext("2d")!;
        const style = getComputedStyle(code);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return Math.min(
          ...(code.textContent ?? "").split("").map((digit) => {
            const m = context.measureText(digit);
            return m.actualBoundingBoxAscent + m.actualBoundingBoxDescent;
          }),
        );
      }),
    );
    expect(digitHeights).toHaveLength(6);
    for (const height of digitHeights) expect(height).toBeGreaterThanOrEqual(0.08 * 1080);
    // Drawn in the pupils' typeface, on a card in the group's colour with its own text colour.
    expect(
      await page
        .locator(".projector-digits")
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily),
    ).toMatch(/^"?Andika/);
    const yellow = await page
      .locator(".stage-card.group-yellow-square")
      .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(yellow).toEqual(["rgb(245, 196, 0)", "rgb(29, 36, 51)"]);
    const red = await page
      .locator(".stage-card.group-red-circle")
      .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(red).toEqual(["rgb(214, 40, 40)", "rgb(255, 255, 255)"]);
  });

  it("passes axe, contrast included, with names, counts and progress on all six group colours", async () => {
    for (const viewport of [
      { width: 1920, height: 1080 },
      { width: 1024, height: 768 },
    ]) {
      await page.setViewportSize(viewport);
      await openProjector(sessions.get(6)!.id, 6);
      await expectAxeClean(page, `${viewport.width}×${viewport.height}`);
      // axe checked these against their own card's colour: every kind of text is on every card.
      expect(await page.locator(".stage-card .stage-names li").count()).toBe(6 * NAMES_PER_GROUP);
      expect(await page.locator(".stage-card .stage-progress-label").allTextContents()).toEqual(
        Array(6).fill("1 of 12 answered right together"),
      );
    }
  });

  it("shows pupils' names and their group's right answers as they happen", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    const session = await startSession(2);
    await openProjector(session.id, 2);
    const red = page.locator(".stage-card.group-red-circle");
    expect(await red.locator(".stage-names li").count()).toBe(0);
    expect(await red.locator(".stage-count").textContent()).toBe("0 students");

    const niamh = await joinedStudent(suite.server.url, session.codes[1]!, "Niamh");
    await red.locator(".stage-names li", { hasText: "Niamh" }).waitFor({ timeout: 3000 });
    await red.locator(".stage-count", { hasText: "1 student" }).waitFor({ timeout: 3000 });
    await joinedStudent(suite.server.url, session.codes[1]!, "Oisín");
    await red.locator(".stage-count", { hasText: "2 students" }).waitFor({ timeout: 3000 });
    // Newest first: the child who just joined sees their name at the top.
    expect(await red.locator(".stage-names li").allTextContents()).toEqual(["Oisín", "Niamh"]);
    expect(await page.locator(".stage-card.group-yellow-square .stage-names li").count()).toBe(0);

    // Two pupils × three questions: two right answers fill a third of the group's bar.
    const bar = red.getByRole("progressbar");
    expect(await bar.getAttribute("aria-valuenow")).toBe("0");
    expect((await niamh.answer(0, CORRECT[0]!)).body.isCorrect).toBe(true);
    expect((await niamh.answer(1, (CORRECT[1]! + 1) % 4)).body.isCorrect).toBe(false);
    expect((await niamh.answer(1, CORRECT[1]!)).body.isCorrect).toBe(true);
    await red
      .locator(".stage-progress-label", { hasText: "2 of 6 answered right together" })
      .waitFor({ timeout: 3000 });
    expect(await bar.getAttribute("aria-valuenow")).toBe("33");
    await screenshot(page, "projector-live-names");
  });

  it("keeps names and the bar still for a viewer who asks for reduced motion", async () => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    try {
      await openProjector(sessions.get(2)!.id, 2);
      const motion = await page
        .locator(".stage-names li")
        .first()
        .evaluate((el) => getComputedStyle(el).animationName);
      const bar = await page
        .locator(".stage-bar-fill")
        .first()
        .evaluate((el) => getComputedStyle(el).transitionProperty + " " + getComputedStyle(el).transitionDuration);
      expect(motion).toBe("none");
      expect(bar).toMatch(/ 0s$/);
    } finally {
      await page.emulateMedia({ reducedMotion: "no-preference" });
    }
    expect(
      await page
        .locator(".stage-names li")
        .first()
        .evaluate((el) => getComputedStyle(el).animationName),
    ).not.toBe("none");
  });
});

describe("the codes page", () => {
  it("breaks a join link only after a slash, never inside the code", async () => {
    const session = sessions.get(3)!;
    // Opened once, then the window resized: the codes page is laid out by CSS alone.
    await page.setViewportSize({ width: VIEWPORTS[0]!.width, height: VIEWPORTS[0]!.height });
    await page.goto(`/session-codes/${session.id}`);
    await page.locator(".code-card").nth(2).waitFor();
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await atRest();
      const where = `${viewport.width}×${viewport.height}`;
      expect(await layoutProblems(page, { noOverlap: ".join-code" }), where).toEqual([]);
      // Where each line of each link starts: every line after the first follows a slash.
      const breaks = await page.locator(".join-link a").evaluateAll((links) =>
        links.map((link) => {
          const text = link.textContent ?? "";
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          const tops: number[] = [];
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (let i = 0; i < (node.textContent ?? "").length; i++) {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              tops.push(Math.round(range.getBoundingClientRect().top));
            }
          }
          const after: string[] = [];
          for (let i = 1; i < tops.length; i++) if (tops[i]! > tops[i - 1]! + 2) after.push(text.slice(0, i));
          return { text, after };
        }),
      );
      expect(
        breaks.map((b) => b.text),
        where,
      ).toEqual(session.codes.map((code) => expect.stringMatching(new RegExp(`/join\\?code=${code}$`))));
      for (const link of breaks)
        for (const before of link.after) expect(before, `${where}: ${link.text}`).toMatch(/\/$/);
      expect(await page.locator(".join-code").allTextContents(), where).toEqual(session.codes);
      if (viewport.name === "tablet" || viewport.name === "laptop")
        await screenshot(page, `codes-page-${viewport.name}`);
    }
    expect(suite.errors.flat()).toEqual([]);
  });
});
