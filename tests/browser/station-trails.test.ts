/**
 * The hunt around the room as the teacher watches it, in Chromium on one database:
 * Start Session offers On screen (the default) and Around the room, with what it means and the
 * link to print the cards; the codes page gives each group its trail and each pupil the stations
 * found; the projector carries each group's trail of stations (answered / found / still to find),
 * never a ranking, and it moves live as a pupil finds and answers; the results count who found
 * each question's station and say when each pupil found it. Six groups mid-hunt, at a phone, a
 * tablet and a 1080p projector, laid out whole and passing axe.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { joinedStudent } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { layoutProblems } from "../support/layout-checks.ts";

/** Six questions, the right answer always the first option. */
const sixStationGame = {
  title: "Mata - 4th Class - Uimhreacha",
  description: "A hunt around the room",
  questions: Array.from({ length: 6 }, (_, i) => ({
    questionText: `What is ${i + 2} × 3?`,
    options: [String((i + 2) * 3), String((i + 2) * 3 + 1), String((i + 2) * 3 - 1), String(i + 2)],
    correctAnswer: 0,
  })),
};
const NAMES = [
  ["Aoife", "Bríd", "Cathal"],
  ["Dara", "Eimear", "Fionn"],
  ["Gráinne", "Hugh", "Íde"],
  ["Jack", "Kate", "Liam"],
  ["Méabh", "Niall", "Orla"],
  ["Pádraig", "Róisín", "Seán"],
];
const SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  projector: { width: 1920, height: 1080 },
};

type Pupil = Awaited<ReturnType<typeof joinedStudent>>;

describe.each([browserDatabaseKind("pglite")])("the hunt around the room, watched by the teacher on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let teacher: Page;
  let gameId: string;
  let sessionId: string;
  /** By group, in the catalogue's order: its pupils and its route (question indices). */
  const groups: { pupils: Pupil[]; route: number[] }[] = [];
  /** The token of each question's card, by position. */
  const tokens: string[] = [];
  const shot = (name: string) => screenshot(teacher, `stations-live-${name}`);

  /** A pupil finds a station as the play page does: the token of its card, as the teacher's print page has it. */
  async function find(pupil: Pupil, questionIndex: number) {
    const res = await pupil.client.post(`/api/play/${pupil.progressId}/stations`, { token: tokens[questionIndex] });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe("found");
  }
  /** A pupil walks their route: finds and answers right the first `answered` stations, then finds the next. */
  async function walk(pupil: Pupil, route: number[], answered: number) {
    for (const questionIndex of route.slice(0, answered)) {
      await find(pupil, questionIndex);
      expect((await pupil.answer(questionIndex, 0)).status).toBe(200);
    }
    if (answered < route.length) await find(pupil, route[answered]!);
  }

  beforeAll(async () => {
    teacher = await suite.newPage({ viewport: SIZES.projector });
    await signUpInPage(teacher, "Múinteoir Áine");
    const created = await pageApi(teacher, "/api/games", sixStationGame);
    expect(created.status).toBe(201);
    gameId = created.body.id;
    const cards = await pageApi(teacher, `/api/games/${gameId}/station-cards`);
    expect(cards.status).toBe(200);
    for (const card of cards.body.cards) tokens[card.position] = card.token;
  });

  it("Start Session offers On screen by default and Around the room, saying what it means", async () => {
    await teacher.goto(`/start-session/${gameId}`);
    const onScreen = teacher.getByRole("radio", { name: "On screen" });
    const aroundTheRoom = teacher.getByRole("radio", { name: "Around the room" });
    expect(await onScreen.isChecked()).toBe(true);
    expect(await aroundTheRoom.isChecked()).toBe(false);
    expect(await teacher.getByRole("group", { name: "How is the hunt played?" }).count()).toBe(1);
    const print = teacher.getByRole("link", { name: /Print the station cards/ });
    expect(await print.getAttribute("href")).toBe(`/games/${gameId}/station-cards`);
    expect(await aroundTheRoom.getAttribute("aria-describedby")).toBe("hunt-mode-room-hint");
    await aroundTheRoom.check();
    await teacher.getByLabel("Number of Groups").selectOption("6");
    for (const [name, size] of Object.entries(SIZES)) {
      await teacher.setViewportSize(size);
      expect(await layoutProblems(teacher), name).toEqual([]);
      await shot(`start-session-${name}`);
    }
    expect(await axeViolations(teacher)).toEqual([]);
    await teacher.getByRole("button", { name: "Start Session Now" }).click();
    await teacher.waitForURL("**/session-codes/**");
    sessionId = teacher.url().split("/").pop()!;
    const session = (await pageApi(teacher, `/api/sessions/${sessionId}`)).body.session;
    expect(session.huntMode).toBe("room");
    for (const [g, group] of session.groups.entries()) {
      const pupils: Pupil[] = [];
      for (const name of NAMES[g]!) pupils.push(await joinedStudent(suite.server.url, group.joinCode, name));
      groups.push({ pupils, route: group.trail.map((stop: { questionIndex: number }) => stop.questionIndex) });
    }
  });

  it("the codes page gives each group its trail and each pupil the stations found", async () => {
    // Mid-hunt: each group further on than the one before, its first pupil ahead of the others;
    // in the green and purple groups everyone has answered the first station.
    for (const [g, { pupils, route }] of groups.entries()) {
      if (g === 5) continue; // the last group has only joined
      await walk(pupils[0]!, route, Math.min(g + 1, 5));
      await walk(pupils[1]!, route, Math.max(0, g - 1));
      if (g >= 3) await walk(pupils[2]!, route, 1);
    }
    await teacher.setViewportSize(SIZES.projector);
    await teacher.reload();
    const cards = teacher.locator(".code-card");
    await cards.first().locator(".station-trail").waitFor();
    expect(await teacher.locator(".code-card .station-trail").count()).toBe(6);
    // Yellow square: its route starts at station 1; Aoife answered it, Bríd has not: found.
    const yellowStops = cards.nth(0).locator(".trail-station");
    expect(await yellowStops.count()).toBe(6);
    expect(await yellowStops.nth(0).getAttribute("class")).toContain("station-found");
    expect(await yellowStops.nth(1).getAttribute("class")).toContain("station-found");
    expect(await yellowStops.nth(2).getAttribute("class")).toContain("station-toFind");
    // Orange octagon (only joined): everything still to find; its route starts at the sixth station.
    const orange = cards.nth(5);
    expect(await orange.locator(".station-toFind").count()).toBe(6);
    await cards.nth(0).getByText("Who has joined (3)").click();
    expect(await cards.nth(0).locator(".member-stations").allTextContents()).toEqual([
      "2 of 6 stations found",
      "1 of 6 stations found",
      "0 of 6 stations found",
    ]);
    // Live: Cathal finds his first station; the page says so without being reloaded.
    await find(groups[0]!.pupils[2]!, groups[0]!.route[0]!);
    await cards.nth(0).getByText("1 of 6 stations found").nth(1).waitFor();
    await cards.nth(1).getByText("Who has joined (3)").click();
    for (const [name, size] of Object.entries(SIZES)) {
      await teacher.setViewportSize(size);
      expect(await layoutProblems(teacher), name).toEqual([]);
      await shot(`codes-${name}`);
    }
    expect(await axeViolations(teacher)).toEqual([]);
  });

  it("the projector carries each group's trail, and it moves live", async () => {
    await teacher.setViewportSize(SIZES.projector);
    await teacher.getByRole("button", { name: "Projector view" }).click();
    const stage = teacher.locator(".stage-card");
    await stage.nth(5).locator(".station-trail").waitFor();
    expect(await teacher.locator(".stage-bar").count()).toBe(0);
    expect(await teacher.locator(".stage .trail-key-text").allTextContents()).toEqual([
      "answered",
      "found",
      "still to find",
    ]);
    // Blue triangle's third stop: Gráinne answered it, Hugh has not reached it; green's first: all three answered.
    const blueThird = stage.nth(2).locator(".trail-station").nth(2);
    expect(await blueThird.textContent()).toContain("1/3");
    expect(await blueThird.getAttribute("class")).toContain("station-found");
    expect(await stage.nth(3).locator(".trail-station").first().getAttribute("class")).toContain("station-answered");
    for (const [name, size] of Object.entries({ projector: SIZES.projector, tablet: SIZES.tablet })) {
      await teacher.setViewportSize(size);
      await teacher.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      expect(await layoutProblems(teacher), name).toEqual([]);
      await shot(`projector-${name}`);
    }
    expect(await axeViolations(teacher)).toEqual([]);

    // Live: the orange group's three pupils find and answer their first station; the stop turns answered.
    const orange = groups[5]!;
    const orangeFirst = stage.nth(5).locator(".trail-station").first();
    for (const pupil of orange.pupils) await walk(pupil, orange.route, 1);
    await teacher.waitForFunction(() =>
      document
        .querySelectorAll(".stage-card")[5]
        ?.querySelector(".trail-station")
        ?.classList.contains("station-answered"),
    );
    expect(await orangeFirst.textContent()).toContain("3/3");
    expect(await orangeFirst.locator(".trail-tick").count()).toBe(1);
  });

  it("the results count who found each station and say when each pupil found it", async () => {
    await teacher.setViewportSize(SIZES.projector);
    await teacher.goto(`/results/${sessionId}`);
    const summary = teacher.getByRole("region", { name: /Table of questions/ });
    await summary.getByRole("columnheader", { name: "Found" }).waitFor();
    expect(await summary.locator(".question-station").count()).toBe(6);
    // Bríd (yellow) found station 1 but has not answered it: "Found", and not attempted.
    await teacher.getByRole("button", { name: "Show questions for Bríd" }).click();
    const bríd = teacher.locator(".student-grid").first();
    expect(await bríd.getByText("Stations Found: 1").count()).toBe(1);
    const cell = bríd.getByRole("button", { name: "Question 1: Not attempted, station found" });
    await cell.click();
    expect(await bríd.locator(".cell-station").textContent()).toMatch(
      /^Station \d+ \(\w+\): found \d+ seconds? after joining$/,
    );
    await teacher.getByRole("button", { name: "Show questions for Aoife" }).click();
    for (const [name, size] of Object.entries(SIZES)) {
      await teacher.setViewportSize(size);
      expect(await layoutProblems(teacher), name).toEqual([]);
      await shot(`results-${name}`);
    }
    expect(await axeViolations(teacher)).toEqual([]);
    expect(suite.errors.flat()).toEqual([]);
  });
});
