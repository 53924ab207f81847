/**
 * The children's side as a game, in Chromium at phone and tablet size: join and meet your
 * group, get one wrong (crossed out, kind words, the teacher's clue; all still there after a
 * refresh), get it right (a tick), reach the chest. Then the phone's one-screen rule, taps that leave no hover
 * behind, reduced motion, silence when the teacher did not turn sounds on, and the end of a
 * session told as news rather than as an error.
 */

import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { RED, screenshot, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import {
  allowHoldingFeedback,
  chooseTile,
  holdFeedback,
  huntGame,
  huntSession,
  joinAs,
  tile,
} from "../support/pupil-journey.ts";

const [q1, q2] = huntGame.questions as [(typeof huntGame.questions)[0], (typeof huntGame.questions)[0]];
const right = (q: typeof q1) => q.options[q.correctAnswer]!;
const SIZES = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
] as const;

describe.each([browserDatabaseKind("pglite")])("the pupil's treasure hunt on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let hunt: Awaited<ReturnType<typeof huntSession>>;
  let session: { id: string; codes: string[] };
  const errors: string[][] = [];

  async function device(
    size: { width: number; height: number },
    options: BrowserContextOptions = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await suite.browser.newContext({ baseURL: suite.server.url, viewport: size, ...options });
    await allowHoldingFeedback(context);
    // Count every AudioContext made: with sounds off for the session there must be none.
    await context.addInitScript(() => {
      const w = window as unknown as { __audioContexts: number; AudioContext: typeof AudioContext };
      w.__audioContexts = 0;
      const Real = w.AudioContext;
      w.AudioContext = class extends Real {
        constructor(...args: ConstructorParameters<typeof AudioContext>) {
          super(...args);
          w.__audioContexts++;
        }
      };
    });
    const page = await context.newPage();
    errors.push(watchPageErrors(page, [/net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|EventSource/]));
    return { context, page };
  }

  beforeAll(async () => {
    hunt = await huntSession(suite.server.url);
    session = await hunt.start();
  });
  it.each(SIZES)(
    "a child joins, gets one wrong, tries again, gets it right and opens the chest ($name)",
    async (size) => {
      const { context, page } = await device(size);
      await page.goto(`/join?code=${session.codes[1]}`);
      await page.getByRole("button", { name: "Continue" }).click();
      // Step 2 is the group's moment: its big shape and "You are in the Red Circle group!".
      await page.getByRole("heading", { name: "Confirm Group & Enter Name" }).waitFor();
      await page.getByText("You are in the Red Circle group!").waitFor();
      expect(await page.locator(".group-moment .group-medallion .group-shape").getAttribute("data-shape")).toBe(
        "circle",
      );
      // Its laid-out size (the box grows in with a short pop, which a bounding box would catch half-way).
      expect(
        await page.locator(".group-moment .group-medallion").evaluate((el) => (el as HTMLElement).offsetHeight),
      ).toBeGreaterThanOrEqual(100);
      await page.getByLabel("Your Name").fill(`Aoife ${size.name}`);
      await page.getByRole("button", { name: "Join Game" }).click();
      await page.getByText("Question 1 of 2").waitFor();

      // The play screen carries the group: its colour behind the header and its shape.
      const band = page.locator(".play-header");
      expect(await band.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(214, 40, 40)");
      expect(await band.locator(".group-medallion .group-shape").getAttribute("data-shape")).toBe("circle");
      // The trail: a stop per question, the first one marked as where the child is.
      expect(await page.locator(".trail-stop:not(.trail-chest)").count()).toBe(2);
      expect(await page.locator(".trail-stop.stop-here").count()).toBe(1);
      expect(await page.getByRole("img", { name: "Trail: 0 of 2 stops reached" }).count()).toBe(1);

      // Four tiles, each its own colour, shape and letter.
      const tiles = page.locator(".answer-option");
      expect(await tiles.count()).toBe(4);
      const looks = await tiles.evaluateAll((els) =>
        els.map((el) => [
          getComputedStyle(el).backgroundColor,
          el.querySelector(".tile-shape")?.innerHTML ?? "",
          el.querySelector(".answer-letter")?.textContent ?? "",
        ]),
      );
      for (let i = 0; i < 3; i++)
        expect(new Set(looks.map((l) => l[i])).size, `tiles differ in ${["colour", "shape", "letter"][i]}`).toBe(4);
      expect(looks.map((l) => l[2])).toEqual(["A", "B", "C", "D"]);
      // 2×2 on a tablet, stacked on a phone.
      const boxes = await Promise.all([0, 1, 2].map(async (i) => (await tiles.nth(i).boundingBox())!));
      if (size.name === "tablet") expect(Math.round(boxes[1]!.y)).toBe(Math.round(boxes[0]!.y));
      else expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height);

      // Wrong: crossed out, kind words, not choosable again.
      await chooseTile(page, "Rabbit");
      expect(await page.getByLabel("Rabbit").isChecked()).toBe(true);
      expect(await tile(page, "Rabbit").getAttribute("class")).toContain("selected");
      await page.getByRole("button", { name: "Submit Answer" }).click();
      await page.getByText("Incorrect!").waitFor();
      await page.getByText("Not quite, try another!").waitFor();
      expect(await tile(page, "Rabbit").getAttribute("class")).toContain("crossed-out");
      expect(await tile(page, "Rabbit").locator(".mark-crossed").count()).toBe(1);
      expect(await page.getByLabel("Rabbit").isDisabled()).toBe(true);
      expect(await page.getByLabel("Rabbit").isChecked()).toBe(false);
      // The teacher's clue appears, under the question.
      const clue = page.getByRole("complementary", { name: "Clue" });
      await clue.getByText(q1.clue!).waitFor();
      await screenshot(page, `${db}-game-${size.name}-incorrect`);

      // A refresh keeps it crossed out and the clue shown: the server remembers the wrong choice.
      await page.reload();
      await page.getByText("Question 1 of 2").waitFor();
      expect(await page.getByLabel("Rabbit").isDisabled()).toBe(true);
      expect(await tile(page, "Rabbit").getAttribute("class")).toContain("crossed-out");
      await clue.getByText(q1.clue!).waitFor();

      // Right: 'Correct!' large, a tick on the chosen tile, then the next stop on the trail.
      await chooseTile(page, right(q1));
      await holdFeedback(page, true);
      await page.getByRole("button", { name: "Submit Answer" }).click();
      await page.getByText("Correct!", { exact: true }).waitFor();
      expect(await tile(page, right(q1)).locator(".mark-right").count()).toBe(1);
      expect(
        Number(
          (await page.getByText("Correct!", { exact: true }).evaluate((el) => getComputedStyle(el).fontSize)).replace(
            "px",
            "",
          ),
        ),
      ).toBeGreaterThanOrEqual(24);
      await screenshot(page, `${db}-game-${size.name}-correct`);
      await holdFeedback(page, false);
      await page.getByText("Question 2 of 2").waitFor();
      // A new question: no clue until it is answered wrongly (and this one has none at all).
      expect(await clue.count()).toBe(0);
      expect(await page.getByRole("img", { name: "Trail: 1 of 2 stops reached" }).count()).toBe(1);
      expect(await page.locator(".trail-stop.stop-done").count()).toBe(1);

      // Right first time, to the end: the chest, the stops reached and how many first time. Stops, not
      // clues: the child saw one clue (the teacher's hint) on the way to two stops.
      await chooseTile(page, right(q2));
      await page.getByRole("button", { name: "Submit Answer" }).click();
      await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
      await page.locator(".chest-large.is-open").waitFor();
      expect(
        (await page.locator(".finish-stats li").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim()),
      ).toEqual(["2 stops reached", "1 right first time"]);
      await page.waitForTimeout(1200);
      await screenshot(page, `${db}-game-${size.name}-complete`);
      // Sound effects are off unless the teacher turns them on: not one sound was made.
      expect(await page.evaluate(() => (window as unknown as { __audioContexts: number }).__audioContexts)).toBe(0);
      await page.getByRole("link", { name: "Join Another Game" }).click();
      await page.waitForURL("**/join");
      await context.close();
    },
  );

  it("plays short sounds when the teacher turned them on for the session", async () => {
    const loud = await hunt.start({ soundEffects: true });
    const { context, page } = await device({ width: 768, height: 1024 });
    await joinAs(page, loud.codes[0]!, "Fionn");
    const made = () => page.evaluate(() => (window as unknown as { __audioContexts: number }).__audioContexts);
    expect(await made()).toBe(0);
    await chooseTile(page, "Cow");
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Incorrect!").waitFor();
    // One audio context for the whole game, made on the pupil's tap on Submit.
    await expect.poll(made).toBe(1);
    await context.close();
  });

  it("on a 390×844 phone a four-line question, its tiles and Submit fit one screen; read aloud does not squeeze the question", async () => {
    const { context, page } = await device({ width: 390, height: 844 });
    await joinAs(page, session.codes[0]!, "Bríd");
    const measures = await page.evaluate(() => {
      const text = document.querySelector(".question-text")!;
      const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
      const progress = document.querySelector(".progress-line")!;
      const range = document.createRange();
      range.selectNodeContents(progress);
      const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
      const head = document.querySelector(".question-head")!.getBoundingClientRect();
      return {
        questionLines: Math.round(text.getBoundingClientRect().height / lineHeight),
        questionFontPx: parseFloat(getComputedStyle(text).fontSize),
        questionWidthShare: text.getBoundingClientRect().width / head.width,
        progressLines: lines,
        tiles: Array.from(document.querySelectorAll(".answer-option"), (el) => el.getBoundingClientRect()).map((r) => ({
          top: r.top,
          bottom: r.bottom,
          height: r.height,
        })),
        submit: document.querySelector(".submit-answer")!.getBoundingClientRect().toJSON() as DOMRect,
        actionsTop: document.querySelector(".play-actions")!.getBoundingClientRect().top,
        scrollY: window.scrollY,
        innerHeight: window.innerHeight,
      };
    });
    await screenshot(page, `${db}-game-phone-one-screen`);
    expect(measures.questionLines).toBeGreaterThanOrEqual(3);
    expect(measures.questionLines).toBeLessThanOrEqual(4);
    expect(measures.questionFontPx).toBeGreaterThanOrEqual(24);
    expect(measures.questionWidthShare).toBeGreaterThan(0.85);
    expect(measures.progressLines).toBe(1);
    expect(measures.scrollY).toBe(0);
    for (const t of measures.tiles) {
      expect(t.height).toBeGreaterThanOrEqual(64);
      // Every tile is on screen, above Submit's bar: nothing to scroll for.
      expect(t.bottom).toBeLessThanOrEqual(measures.actionsTop + 1);
    }
    expect(measures.submit.top).toBeGreaterThanOrEqual(0);
    expect(measures.submit.bottom).toBeLessThanOrEqual(measures.innerHeight);
    expect(measures.submit.height).toBeGreaterThanOrEqual(56);
    await context.close();
  });

  it("a tap leaves no hover look behind on a touch screen", async () => {
    const { context, page } = await device({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
    await joinAs(page, session.codes[0]!, "Cathal");
    const look = (option: string) =>
      tile(page, option).evaluate((el) => {
        const s = getComputedStyle(el);
        return [s.transform, s.boxShadow, s.backgroundColor, s.borderColor, s.outlineStyle, s.filter].join(" | ");
      });
    const untouched = await look("Rabbit");
    await tile(page, "Rabbit").tap();
    await tile(page, "Eagle").tap();
    expect(await page.getByLabel("Eagle").isChecked()).toBe(true);
    // Once the tiles' transitions have run (the trail's gentle bob runs for ever: not waited for)...
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
    );
    // Rabbit was tapped, then left: it looks as it did before it was touched.
    expect(await look("Rabbit")).toBe(untouched);
    expect(await look("Eagle")).not.toBe(untouched);
    await context.close();
  });

  it("with reduced motion, the moments come without movement", async () => {
    const { context, page } = await device({ width: 768, height: 1024 }, { reducedMotion: "reduce" });
    await joinAs(page, session.codes[0]!, "Dara");
    await chooseTile(page, right(q1));
    await holdFeedback(page, true);
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Correct!", { exact: true }).waitFor();
    const moving = await page.evaluate(() =>
      Array.from(document.querySelectorAll("*"))
        .filter((el) => {
          const s = getComputedStyle(el);
          return s.display !== "none" && s.animationName !== "none" && el.getClientRects().length > 0;
        })
        .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute("class")}: ${getComputedStyle(el).animationName}`),
    );
    expect(moving).toEqual([]);
    expect(await tile(page, right(q1)).locator(".mark-right").count()).toBe(1);
    await holdFeedback(page, false);
    await page.getByText("Question 2 of 2").waitFor();
    await chooseTile(page, right(q2));
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    expect(await page.locator(".confetti").evaluate((el) => getComputedStyle(el).display)).toBe("none");
    expect(await page.locator(".chest-large .chest-lid").evaluate((el) => getComputedStyle(el).animationName)).toBe(
      "none",
    );
    await context.close();
  });

  it("the end of a session is news, not an error", async () => {
    const other = await hunt.start();
    const { context, page } = await device({ width: 390, height: 844 });
    await joinAs(page, other.codes[0]!, "Eoin");
    // One stop reached before the teacher ends it: the screen counts it.
    await chooseTile(page, right(q1));
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Question 2 of 2").waitFor();
    expect((await hunt.end(other.id)).status).toBe(200);
    const ended = page.getByText("This session has ended");
    await ended.waitFor({ timeout: 5000 });
    expect(await ended.getAttribute("role")).toBe("status");
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await ended.evaluate((el) => getComputedStyle(el).color)).not.toBe(RED);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("This session has ended");
    await page.getByRole("link", { name: "Join Another Game" }).waitFor();
    expect(await page.locator(".finish-words").textContent()).toBe(
      "Your teacher has finished the game. You reached 1 stop. Well played!",
    );
    await screenshot(page, `${db}-game-phone-ended`);
    await context.close();
  });

  it("a play page opened from its address fetches its question alongside the scripts, once", async () => {
    const { context, page } = await device({ width: 390, height: 844 });
    await joinAs(page, session.codes[0]!, "Róisín");
    const playPath = new URL(page.url()).pathname;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const asked: Array<{ initiator: string }> = [];
    cdp.on("Network.requestWillBeSent", (event) => {
      if (new URL(event.request.url).pathname === `/api${playPath}`) asked.push({ initiator: event.initiator.type });
    });
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (/preload/i.test(message.text())) warnings.push(message.text());
    });
    // A refresh, or the link opened again on the same tablet: the page names its question in a Link header.
    const response = await page.goto(playPath);
    expect(response!.headers()["link"]).toBe(`</api${playPath}>; rel=preload; as=fetch; crossorigin`);
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    await page.waitForTimeout(300);
    // The question was asked for by the page's header ("other"), before any script ran, and the
    // script's own first fetch was answered from it: the only request the script made is the
    // catch-up once its live channel opened (without the header, that was two script requests).
    await expect.poll(() => asked.length).toBe(2);
    expect(asked).toEqual([{ initiator: "other" }, { initiator: "script" }]);
    expect(warnings).toEqual([]);
    await context.close();
  });

  it("logged no errors", () => {
    expect(errors.flat()).toEqual([]);
  });
});
