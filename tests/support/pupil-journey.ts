/**
 * A pupil's way through the treasure hunt in Chromium, for the game and layout suites: a
 * two-question game whose first question fills four lines on a phone, a teacher's session
 * over HTTP, and the steps a child takes in the browser.
 */
import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { signedUpTeacher } from "./teachers.ts";

/** Four lines on a 390 px phone: the longest question the one-screen rule is promised for. */
export const huntGame = {
  title: "Science - 1st Class - Sea Animals",
  description: "Under the sea",
  questions: [
    {
      questionText: "Which sea animal has eight long arms covered in suckers and squirts ink to hide from danger?",
      options: ["Rabbit", "Octopus", "Eagle", "Cow"],
      correctAnswer: 1,
      clue: "Its name starts with the letter O.",
    },
    { questionText: "What is 7 + 5?", options: ["12", "11", "13", "75"], correctAnswer: 0 },
  ],
};

export async function huntSession(baseUrl: string, groupCount = 2) {
  const teacher = await signedUpTeacher(baseUrl);
  const game = await teacher.client.post("/api/games", huntGame);
  expect(game.status).toBe(201);
  const start = async (options: { soundEffects?: boolean; pupilLanguage?: "en" | "ga" } = {}) => {
    const started = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount, ...options });
    expect(started.status).toBe(201);
    const detail = await teacher.client.get(`/api/sessions/${started.body.id}`);
    return {
      id: started.body.id as string,
      codes: (detail.body.session.groups as Array<{ joinCode: string }>).map((g) => g.joinCode),
    };
  };
  return {
    teacher,
    gameId: game.body.id as string,
    start,
    end: (sessionId: string) => teacher.client.post(`/api/sessions/${sessionId}/end`, {}),
  };
}

/**
 * 'Correct!' shows for 1 s (setTimeout of exactly 1000 ms): while window.__holdFeedback is
 * set, that timer waits, so a test can look at the moment. No other timer changes.
 */
export async function allowHoldingFeedback(context: BrowserContext) {
  await context.addInitScript(() => {
    const realSetTimeout = window.setTimeout.bind(window);
    const w = window as unknown as { __holdFeedback: boolean; setTimeout: typeof window.setTimeout };
    w.__holdFeedback = false;
    w.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      if (ms !== 1000 || typeof handler !== "function") return realSetTimeout(handler, ms, ...args);
      const run = () => (w.__holdFeedback ? realSetTimeout(run, 50) : (handler as (...a: unknown[]) => void)(...args));
      return realSetTimeout(run, ms);
    }) as typeof window.setTimeout;
  });
}
export const holdFeedback = (page: Page, hold: boolean) =>
  page.evaluate((h) => ((window as unknown as { __holdFeedback: boolean }).__holdFeedback = h), hold);

export async function joinAs(page: Page, code: string, name: string) {
  await page.goto(`/join?code=${code}`);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Your Name").fill(name);
  await page.getByRole("button", { name: "Join Game" }).click();
  await page.getByText(/^Question 1 of \d+$/).waitFor();
}

/** Chooses an option by its text, as a finger does: a tap anywhere on the tile. */
export async function chooseTile(page: Page, option: string) {
  await page.locator(".answer-option", { hasText: option }).click();
}

export const tile = (page: Page, option: string) => page.locator(".answer-option", { hasText: option });
