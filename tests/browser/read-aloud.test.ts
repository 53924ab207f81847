/**
 * Read aloud in Chromium. window.speechSynthesis (and SpeechSynthesisUtterance) are replaced
 * by a recording fake before the page loads — the browser's speech API, stubbed only to see
 * what the page asks it to say; our server and database are real. Checks the text spoken,
 * its lang, the voice chosen (Irish English; Irish for games in Irish), that pressing the question's
 * speaker again reads the options too and a third press or moving to the next question
 * stops the speech, and no buttons without speechSynthesis.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import { screenshot, watchPageErrors } from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { signedUpTeacher } from "../support/teachers.ts";

type Call = { type: "speak"; text: string; lang: string; voice: string | null; rate: number } | { type: "cancel" };
type FakeVoice = { name: string; lang: string };

const englishGame = {
  title: "Science - 1st Class - Our senses",
  questions: [
    {
      questionText: "Which body part do we use to smell?",
      options: ["Ear", "Nose", "Elbow", "Knee"],
      correctAnswer: 1,
    },
    { questionText: "Which sense uses our eyes?", options: ["Sight", "Touch", "Taste", "Hearing"], correctAnswer: 0 },
  ],
  aiLastUsedSubject: "Science",
  aiLastUsedLevel: "1st Class",
  aiLastUsedTopic: "Our senses",
};
const irishGame = {
  title: "Irish - Senior Infants - Bia",
  questions: [{ questionText: "Cad é seo? 🍎", options: ["úll", "arán", "bainne", "im"], correctAnswer: 0 }],
  aiLastUsedSubject: "Irish",
  aiLastUsedLevel: "Senior Infants",
  aiLastUsedTopic: "Bia",
};

const VOICES: FakeVoice[] = [
  { name: "Samantha", lang: "en-US" },
  { name: "Moira", lang: "en-IE" },
  { name: "Daniel", lang: "en-GB" },
  { name: "Gaeilge", lang: "ga-IE" },
];

describe.each([browserDatabaseKind("pglite")])("read aloud in Chromium on %s", (db) => {
  const suite = useBrowserSuite({ db });
  const codes: Record<"english" | "irish", string> = { english: "", irish: "" };
  const errors: string[][] = [];

  beforeAll(async () => {
    const teacher = await signedUpTeacher(suite.server.url);
    for (const [key, game] of [
      ["english", englishGame],
      ["irish", irishGame],
    ] as const) {
      const created = await teacher.client.post("/api/games", game);
      expect(created.status).toBe(201);
      const session = await teacher.client.post("/api/sessions", { gameId: created.body.id, groupCount: 1 });
      codes[key] = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    }
  });
  /** A pupil's browser whose speech API is the recording fake (or absent, with voices null). */
  const PUPIL_NAMES = ["Niamh", "Oisín", "Caoimhe", "Tadhg", "Aoibhinn", "Cian"];
  let pupilsJoined = 0;
  async function pupilPlaying(code: string, voices: FakeVoice[] | null): Promise<Page> {
    const context = await suite.browser.newContext({ baseURL: suite.server.url });
    await context.addInitScript((voices: FakeVoice[] | null) => {
      const w = window as unknown as Record<string, unknown>;
      if (voices === null) {
        delete w.speechSynthesis;
        delete (Window.prototype as unknown as Record<string, unknown>).speechSynthesis;
        return;
      }
      type Utterance = {
        text: string;
        lang: string;
        voice: { name: string } | null;
        rate: number;
        onend: (() => void) | null;
        onerror: (() => void) | null;
      };
      const calls: unknown[] = [];
      let current: Utterance | null = null;
      w.__speechCalls = calls;
      w.__finishSpeaking = () => {
        const u = current;
        current = null;
        u?.onend?.();
      };
      w.SpeechSynthesisUtterance = function (this: Utterance, text: string) {
        Object.assign(this, { text, lang: "", voice: null, rate: 1, onend: null, onerror: null });
      };
      const fake = {
        getVoices: () => voices.map((v) => ({ ...v, voiceURI: v.name, localService: true, default: false })),
        speak(u: Utterance) {
          calls.push({ type: "speak", text: u.text, lang: u.lang, voice: u.voice?.name ?? null, rate: u.rate });
          current = u;
        },
        cancel() {
          calls.push({ type: "cancel" });
          const u = current;
          current = null;
          u?.onerror?.();
        },
        pause() {},
        resume() {},
        addEventListener() {},
        removeEventListener() {},
        speaking: false,
        pending: false,
        paused: false,
      };
      Object.defineProperty(window, "speechSynthesis", { value: fake, configurable: true });
    }, voices);
    const page = await context.newPage();
    errors.push(watchPageErrors(page, [/EventSource/]));
    await page.goto(`/join?code=${code}`);
    await page.getByRole("button", { name: "Continue" }).click();
    // Each pupil a name of their own: a name is taken once per session.
    await page.getByLabel("Your Name").fill(PUPIL_NAMES[pupilsJoined++ % PUPIL_NAMES.length]!);
    await page.getByRole("button", { name: "Join Game" }).click();
    await page.getByText(/^Question 1 of \d$/).waitFor();
    return page;
  }

  const calls = (page: Page) =>
    page.evaluate(() => (window as unknown as { __speechCalls: Call[] }).__speechCalls.filter(Boolean));
  const speaks = async (page: Page) => (await calls(page)).filter((c) => c.type === "speak");
  const pressed = (page: Page, name: string) =>
    page.getByRole("button", { name, exact: true }).getAttribute("aria-pressed");

  it("reads an English game's question and options in an Irish English voice; twice reads A to D; a third press or the next question stops it", async () => {
    const page = await pupilPlaying(codes.english, VOICES);
    const q1 = englishGame.questions[0]!;
    const readQuestion = page.getByRole("button", { name: "Read aloud", exact: true });
    expect(await page.getByRole("button", { name: /^Read option [ABCD] aloud$/ }).count()).toBe(4);

    await readQuestion.click();
    expect(await speaks(page)).toEqual([
      { type: "speak", text: q1.questionText, lang: "en-IE", voice: "Moira", rate: 0.9 },
    ]);
    expect(await pressed(page, "Read aloud")).toBe("true");
    await screenshot(page, `${db}-read-aloud-speaking`);

    // Pressed again while it speaks: the question, then each option with its letter, in order.
    const beforeAll = (await calls(page)).length;
    await readQuestion.click();
    expect((await calls(page)).slice(beforeAll)).toEqual([
      { type: "cancel" },
      ...[q1.questionText, "A, Ear.", "B, Nose.", "C, Elbow.", "D, Knee."].map((text) => ({
        type: "speak",
        text,
        lang: "en-IE",
        voice: "Moira",
        rate: 0.9,
      })),
    ]);
    expect(await pressed(page, "Read aloud")).toBe("true");
    // A third press: stopped, nothing new said.
    const before = (await calls(page)).length;
    await readQuestion.click();
    expect((await calls(page)).slice(before)).toEqual([{ type: "cancel" }]);
    expect(await pressed(page, "Read aloud")).toBe("false");

    // An option, then the question while the option is still speaking: one at a time.
    await page.getByRole("button", { name: "Read option B aloud" }).click();
    expect((await speaks(page)).at(-1)).toMatchObject({ text: "Nose", lang: "en-IE", voice: "Moira" });
    expect(await pressed(page, "Read option B aloud")).toBe("true");
    const beforeSwitch = (await calls(page)).length;
    await readQuestion.click();
    expect((await calls(page)).slice(beforeSwitch)).toEqual([
      { type: "cancel" },
      { type: "speak", text: q1.questionText, lang: "en-IE", voice: "Moira", rate: 0.9 },
    ]);
    expect(await pressed(page, "Read option B aloud")).toBe("false");
    expect(await pressed(page, "Read aloud")).toBe("true");

    // The speech ends by itself: the button is no longer pressed.
    await page.evaluate(() => (window as unknown as { __finishSpeaking: () => void }).__finishSpeaking());
    await expect.poll(() => pressed(page, "Read aloud")).toBe("false");

    // Reading, then the right answer: the next question stops the speech.
    await page.getByRole("button", { name: "Read option D aloud" }).click();
    expect((await speaks(page)).at(-1)).toMatchObject({ text: "Knee" });
    const beforeAnswer = (await calls(page)).length;
    await page.getByLabel("Nose").check();
    await page.getByRole("button", { name: "Submit Answer" }).click();
    await page.getByText("Question 2 of 2").waitFor();
    expect((await calls(page)).slice(beforeAnswer)).toContainEqual({ type: "cancel" });
    expect((await calls(page)).slice(beforeAnswer).filter((c) => c.type === "speak")).toEqual([]);
    expect(await pressed(page, "Read option D aloud")).toBe("false");

    await readQuestion.click();
    expect((await speaks(page)).at(-1)).toMatchObject({
      text: englishGame.questions[1]!.questionText,
      lang: "en-IE",
      voice: "Moira",
    });
    await page.context().close();
  });

  it("reads a game in Irish with an Irish voice (ga-IE); a device without one says so and never reads Irish with an English voice", async () => {
    const withIrish = await pupilPlaying(codes.irish, VOICES);
    expect(await withIrish.locator(".question-text").getAttribute("lang")).toBe("ga-IE");
    expect(await withIrish.getByText(en["pupil.play.noIrishVoice"]).count()).toBe(0);
    await withIrish.getByRole("button", { name: "Read aloud", exact: true }).click();
    await withIrish.getByRole("button", { name: "Read option A aloud" }).click();
    expect(await speaks(withIrish)).toEqual([
      { type: "speak", text: irishGame.questions[0]!.questionText, lang: "ga-IE", voice: "Gaeilge", rate: 0.9 },
      { type: "speak", text: "úll", lang: "ga-IE", voice: "Gaeilge", rate: 0.9 },
    ]);
    // The question's speaker twice: the question and A to D, all in Irish with the Irish voice.
    const irishSpeaker = withIrish.getByRole("button", { name: "Read aloud", exact: true });
    await irishSpeaker.click();
    await irishSpeaker.click();
    expect((await speaks(withIrish)).slice(-5)).toEqual(
      [irishGame.questions[0]!.questionText, "A, úll.", "B, arán.", "C, bainne.", "D, im."].map((text) => ({
        type: "speak",
        text,
        lang: "ga-IE",
        voice: "Gaeilge",
        rate: 0.9,
      })),
    );
    await withIrish.context().close();

    const noIrish = await pupilPlaying(codes.irish, [
      { name: "Samantha", lang: "en-US" },
      { name: "Daniel", lang: "en-GB" },
    ]);
    await noIrish.getByText(en["pupil.play.noIrishVoice"]).waitFor();
    expect(await noIrish.getByRole("button", { name: /aloud/ }).count()).toBe(0);
    expect(await speaks(noIrish)).toEqual([]);
    await noIrish.context().close();
  });

  it("shows no read-aloud buttons in a browser without speechSynthesis", async () => {
    const page = await pupilPlaying(codes.english, null);
    expect(await page.evaluate(() => "speechSynthesis" in window)).toBe(false);
    await page.getByRole("button", { name: "Submit Answer" }).waitFor();
    expect(await page.getByRole("button", { name: /aloud/ }).count()).toBe(0);
    await page.context().close();
  });

  it("logged no errors", () => {
    expect(errors.flat()).toEqual([]);
  });
});
