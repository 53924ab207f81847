/**
 * Keyboard only, as a pupil with no mouse or a switch device plays: join, answer (a wrong
 * answer and a retry), ask for help and finish, with Tab, Shift+Tab, Enter, Space and the
 * arrow keys — no clicks and no focus() from the test. Then a teacher reads a pupil's
 * question grid on the results page the same way. Every focused element must show a focus ring.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { CORRECT, joinedStudent, teacherWithSession, threeQuestionGame } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";

const questions = threeQuestionGame.questions;

/** What has the focus, as a screen reader would name it: `role "name"`, and whether a focus ring shows. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { what: "body", ring: false };
    const input = el as HTMLInputElement;
    const role =
      el.getAttribute("role") ??
      (el.tagName === "INPUT"
        ? input.type === "radio"
          ? "radio"
          : "textbox"
        : el.tagName === "A"
          ? "link"
          : /^H[1-6]$/.test(el.tagName)
            ? "heading"
            : el.tagName.toLowerCase());
    const labelled = el.getAttribute("aria-labelledby");
    const name = (
      el.getAttribute("aria-label") ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (input.labels && input.labels.length > 0 ? input.labels[0]!.textContent : null) ??
      el.textContent ??
      ""
    )
      .replace(/\s+/g, " ")
      .trim();
    // A radio's ring is drawn around its whole option.
    const ringOf = (el.tagName === "INPUT" && input.type === "radio" ? el.closest(".answer-option") : null) ?? el;
    const style = getComputedStyle(ringOf);
    const ring = el.matches(":focus-visible") && style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    return { what: `${role} "${name}"`, ring };
  });
}

describe.each([browserDatabaseKind("pglite")])("keyboard only on %s", (db) => {
  const suite = useBrowserSuite({ db });
  let code = "";
  let sessionId = "";
  let teacherAccount = { email: "", password: "" };
  const errors: string[][] = [];

  async function newPage(): Promise<Page> {
    const context = await suite.browser.newContext({
      baseURL: suite.server.url,
      viewport: { width: 1100, height: 900 },
    });
    const page = await context.newPage();
    errors.push(watchPageErrors(page, [/EventSource/]));
    return page;
  }

  /** Press Tab (or Shift+Tab) until the focus is on `target`; fail if it never gets there. */
  async function tabTo(page: Page, target: string | RegExp, { back = false, max = 25 } = {}) {
    const seen: string[] = [];
    for (let i = 0; i < max; i++) {
      await page.keyboard.press(back ? "Shift+Tab" : "Tab");
      const now = await focused(page);
      seen.push(now.what);
      if (typeof target === "string" ? now.what === target : target.test(now.what)) {
        expect(now.ring, `focus ring on ${now.what}`).toBe(true);
        return seen;
      }
    }
    throw new Error(
      `Never reached ${String(target)} with ${back ? "Shift+Tab" : "Tab"}; focus went through: ${seen.join(" → ")}`,
    );
  }

  const expectFocus = async (page: Page, what: string | RegExp) => {
    await expect
      .poll(async () => (await focused(page)).what)
      .toMatch(typeof what === "string" ? new RegExp(`^${what.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : what);
  };

  beforeAll(async () => {
    const setup = await teacherWithSession(suite.server.url, 1);
    code = setup.session.groups[0].joinCode;
    sessionId = setup.sessionId;
    teacherAccount = { email: setup.teacher.email, password: setup.teacher.password };
  });
  it("a pupil joins and plays the whole game with the keyboard", async () => {
    const page = await newPage();
    await page.goto("/join");
    await page.getByRole("heading", { name: "Enter Join Code" }).waitFor();

    // Step 1: a code too short, then the right one; Enter submits from the field.
    await tabTo(page, 'textbox "Join Code"');
    await page.keyboard.type("12");
    await page.keyboard.press("Enter");
    await page.getByRole("alert").filter({ hasText: "Please enter a 6-digit join code." }).waitFor();
    await expectFocus(page, 'textbox "Join Code"');
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await page.keyboard.type(code);
    await tabTo(page, 'button "Continue"');
    await page.keyboard.press("Enter");

    // Step 2: the focus moves to the name field; the buttons follow it, Back (at the top) is before it.
    await page.getByRole("heading", { name: "Confirm Group & Enter Name" }).waitFor();
    await expectFocus(page, 'textbox "Your Name"');
    expect(await tabTo(page, 'button "Add another player"')).toEqual([
      'button "Join Game"',
      'button "Add another player"',
    ]);
    await tabTo(page, 'button "Back"', { back: true });
    await tabTo(page, 'textbox "Your Name"');
    await page.keyboard.type("Aoife");
    await page.keyboard.press("Enter");

    // Question 1: the focus is on the question; Tab reaches read-aloud, the options and Submit.
    await page.waitForURL("**/play/**");
    await page.getByText("Question 1 of 3").waitFor();
    await expectFocus(page, `heading "Question 1 of 3 ${questions[0]!.questionText}"`);
    await screenshot(page, `${db}-keyboard-question-focused`);
    await tabTo(page, 'button "Read aloud"');
    await tabTo(page, `radio "A${questions[0]!.options[0]}"`);
    // A wrong answer first: Space chooses option A (the right one is B).
    expect(CORRECT[0]).toBe(1);
    await page.keyboard.press("Space");
    expect(await page.getByLabel(questions[0]!.options[0]!).isChecked()).toBe(true);
    await tabTo(page, 'button "Read option A aloud"');
    await tabTo(page, 'button "Submit Answer"');
    // Shift+Tab goes back the way it came.
    await tabTo(page, 'button "Read option D aloud"', { back: true });
    await tabTo(page, 'button "Submit Answer"');
    await screenshot(page, `${db}-keyboard-submit-focused`);
    await page.keyboard.press("Enter");
    await page.getByText("Incorrect!").waitFor();
    // The choice is cleared and the focus goes back to the question to try again.
    await expectFocus(page, `heading "Question 1 of 3 ${questions[0]!.questionText}"`);

    // A is crossed out: not choosable again, so Tab into the options lands on B. The arrow
    // keys move between the options left (down to C, back up to B), Enter submits.
    expect(await page.getByLabel(questions[0]!.options[0]!).isDisabled()).toBe(true);
    await tabTo(page, `radio "B${questions[0]!.options[1]}"`);
    await page.keyboard.press("ArrowDown");
    await expectFocus(page, `radio "C${questions[0]!.options[2]}"`);
    await page.keyboard.press("ArrowUp");
    await expectFocus(page, `radio "B${questions[0]!.options[1]}"`);
    expect(await page.getByLabel(questions[0]!.options[1]!).isChecked()).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByText("Correct!").waitFor();

    // Question 2: the focus follows to the new question.
    await page.getByText("Question 2 of 3").waitFor();
    await expectFocus(page, `heading "Question 2 of 3 ${questions[1]!.questionText}"`);
    // Ask for help and cancel it with Space; the button keeps the focus.
    await tabTo(page, 'button "Ask for help"');
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Help is coming (tap to cancel)" }).waitFor();
    await expectFocus(page, 'button "Help is coming (tap to cancel)"');
    await page.keyboard.press("Space");
    await page.getByRole("button", { name: "Ask for help" }).waitFor();
    await expectFocus(page, 'button "Ask for help"');
    // Back up to the options with Shift+Tab (none chosen, so the last option takes the focus), then up to C.
    await tabTo(page, `radio "D${questions[1]!.options[3]}"`, { back: true });
    await page.keyboard.press("ArrowUp");
    expect(await page.getByLabel(questions[1]!.options[2]!).isChecked()).toBe(true);
    expect(CORRECT[1]).toBe(2);
    await page.keyboard.press("Enter");
    await page.getByText("Correct!").waitFor();

    // Question 3: option A with Space, then Submit with Space.
    await page.getByText("Question 3 of 3").waitFor();
    await expectFocus(page, `heading "Question 3 of 3 ${questions[2]!.questionText}"`);
    await tabTo(page, `radio "A${questions[2]!.options[0]}"`);
    await page.keyboard.press("Space");
    await tabTo(page, 'button "Submit Answer"');
    await page.keyboard.press("Space");

    // The end: the message has the focus, and the next Tab reaches 'Join Another Game'.
    await page.getByText("Congratulations! You have completed the treasure hunt!").waitFor();
    await expectFocus(page, 'status "Congratulations! You have completed the treasure hunt!"');
    await tabTo(page, 'link "Join Another Game"');
    await screenshot(page, `${db}-keyboard-complete`);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/join");
    await page.context().close();
  });

  it("a teacher reads a pupil's question grid with the keyboard", async () => {
    // Róisín: question 1 wrong then right, question 2 still wrong.
    const pupil = await joinedStudent(suite.server.url, code, "Róisín");
    expect((await pupil.answer(0, (CORRECT[0]! + 1) % 4)).status).toBe(200);
    expect((await pupil.answer(0, CORRECT[0]!)).status).toBe(200);
    expect((await pupil.answer(1, (CORRECT[1]! + 1) % 4)).status).toBe(200);

    // The teacher signs in from the page (as the login form would); the rest is keyboard only.
    const page = await newPage();
    await page.goto("/404");
    const status = await page.evaluate(async (body) => {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return res.status;
    }, teacherAccount);
    expect(status).toBe(200);
    await page.goto(`/results/${sessionId}`);
    await page.getByRole("heading", { name: "Session Results" }).waitFor();
    // The heading shows while the results still load; tab only once the pupil's row is there.
    await page.getByRole("button", { name: "Show questions for Róisín" }).waitFor();

    await tabTo(page, 'button "Show questions for Róisín"');
    await page.keyboard.press("Enter");
    await expectFocus(page, 'button "Hide questions for Róisín"');
    expect(await page.getByRole("button", { name: "Hide questions for Róisín" }).getAttribute("aria-expanded")).toBe(
      "true",
    );

    await tabTo(page, 'button "Question 1: Correct (eventually)"');
    await page.keyboard.press("Enter");
    const detail1 = page.getByRole("region", { name: "Question 1 details for Róisín" });
    await detail1.waitFor();
    const text1 = (await detail1.textContent())!;
    expect(text1).toContain(questions[0]!.questionText);
    expect(text1).toContain("Outcome: Correct (eventually) (2 attempts)");
    expect(text1).toContain(`Selected answer: ${questions[0]!.options[CORRECT[0]!]}`);
    expect(text1).not.toContain("Correct answer:");

    await tabTo(page, 'button "Question 2: Incorrect"');
    await page.keyboard.press("Space");
    const detail2 = page.getByRole("region", { name: "Question 2 details for Róisín" });
    await detail2.waitFor();
    expect(await detail2.textContent()).toContain(`Correct answer: ${questions[1]!.options[CORRECT[1]!]}`);
    expect(await detail1.count()).toBe(0);
    await screenshot(page, `${db}-keyboard-results-cell`);

    await tabTo(page, 'button "Question 3: Not attempted"');
    await page.keyboard.press("Enter");
    await page
      .getByRole("region", { name: "Question 3 details for Róisín" })
      .getByText("No answer submitted for this question.")
      .waitFor();
    await page.keyboard.press("Space");
    await page.getByRole("region", { name: /Question 3 details/ }).waitFor({ state: "detached" });

    await tabTo(page, 'button "Hide questions for Róisín"', { back: true });
    await page.keyboard.press("Space");
    expect(await page.locator(".student-grid").count()).toBe(0);
    await page.context().close();
  });

  it("logged no errors", () => {
    expect(errors.flat()).toEqual([]);
  });
});
