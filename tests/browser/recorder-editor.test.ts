/**
 * The teacher's own voice in the editor (issue 44), in Chromium with a fake microphone that plays
 * a tune of tones: a teacher records the question and two options (the microphone asked for
 * once), sees the level meter move and the seconds go, plays each back from the stored address,
 * saves, and finds them on Edit; a recording stops by itself at 20 seconds and says so; a hostile
 * file (a recording with a web page after it) is refused with its sentence and nothing is kept;
 * with the microphone refused, or none, the button says why and that the device's voice reads instead.
 * axe on each new state, the layout checked, and screenshots at phone, tablet and laptop in
 * English and in Irish.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { RECORDING_LIMITS, recordingMessages, type UploadedRecording } from "../../src/shared/games/recordings.ts";
import { CHROMIUM_WEBM_5S, PLANTED } from "../support/audio-files.ts";
import { axeViolations } from "../support/axe.ts";
import { launchBrowser, screenshot, watchPageErrors } from "../support/browser.ts";
import { pageApi, signUpInPage, useBrowserSuite } from "../support/browser-suite.ts";
import { checkIrishScreen } from "../support/irish-screens.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { toneWav } from "../support/tone-wav.ts";

const wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-fake-mic-")), "tones.wav");
fs.writeFileSync(wav, toneWav(3));
const FAKE_MICROPHONE = ["--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${wav}`];

const suite = useBrowserSuite({ db: "pglite", browserArgs: ["--use-fake-ui-for-media-stream", ...FAKE_MICROPHONE] });
afterAll(() => fs.rmSync(path.dirname(wav), { recursive: true, force: true }));

const english = Object.fromEntries(
  Object.entries(recordingMessages).map(([name, text]) => [name, inEnglish(text)]),
) as Record<keyof typeof recordingMessages, string>;

const TITLE = "Shapes with my voice";
const axe = new Map<string, string[]>();
let page: Page;
let errors: string[];
let teacherId = "";
let gameId = "";
const recorded: Record<string, UploadedRecording> = {};

const q1 = () => page.getByRole("group", { name: "Question 1", exact: true });
const voice = (name: string) => page.getByRole("group", { name, exact: true });

const focusedName = () =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? null;
  });

/** Recorders whose control reaches past the option (or the question) it is in: a chip too wide for a phone's option. */
const spillingRecorders = (on: Page) =>
  on.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".recording-field > *")]
      .filter((part) => {
        const box = part.closest(".option-row, .question-editor")!.getBoundingClientRect();
        const own = part.getBoundingClientRect();
        return own.width > 0 && (own.right > box.right + 0.5 || own.left < box.left - 0.5);
      })
      .map((part) => part.closest("[role=group]")?.getAttribute("aria-label")),
  );

async function audit(screen: string) {
  const found = await axeViolations(page);
  axe.set(screen, found);
  expect.soft(found, screen).toEqual([]);
}

/** The recording clock at `seconds` or later (a loaded machine may draw a later second first). */
const atLeast = (seconds: number) => new RegExp(`^0:0[${seconds}-9] / 0:20$`);

/** Records into `group` until its clock shows `seconds`, stops, and returns what the server kept. */
async function record(group: Locator, seconds: number, shot?: string): Promise<UploadedRecording> {
  const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/recordings") && r.request().method() === "POST");
  await group.getByRole("button", { name: "Record", exact: true }).click();
  const meter = group.getByRole("meter", { name: "Sound level" });
  await meter.waitFor();
  // The fake microphone's tones move the meter.
  await expect
    .poll(async () => Number(await meter.getAttribute("aria-valuenow")), { timeout: 10_000 })
    .toBeGreaterThan(5);
  if (shot) {
    expect(await spillingRecorders(page), shot).toEqual([]);
    await group.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await screenshot(page, shot, { fullPage: false });
  }
  await group.getByText(atLeast(seconds)).waitFor({ timeout: 15_000 });
  await group.getByRole("button", { name: "Stop", exact: true }).click();
  const response = await uploaded;
  expect(response.status()).toBe(201);
  await group.getByRole("button", { name: "Play back" }).waitFor();
  return (await response.json()) as UploadedRecording;
}

/** Plays `group`'s recording: its audio element plays the stored file from its address to the end. */
async function playBack(group: Locator, recording: UploadedRecording) {
  const audio = group.locator("audio");
  await audio.evaluate((element: HTMLAudioElement) => {
    element.dataset.heard = "";
    for (const event of ["playing", "ended"])
      element.addEventListener(event, () => {
        element.dataset.heard += `${event} `;
      });
  });
  await group.getByRole("button", { name: "Play back" }).click();
  await expect.poll(() => audio.getAttribute("data-heard"), { timeout: 20_000 }).toBe("playing ended ");
  expect(await audio.evaluate((element: HTMLAudioElement) => element.currentSrc)).toBe(
    `${suite.server.url}/api/recordings/${recording.id}`,
  );
  expect(recording.src).toBe(`/api/recordings/${recording.id}`);
  // Ended: Play back again, and its length on the chip.
  await group.getByRole("button", { name: "Play back" }).waitFor();
}

type SavedQuestion = {
  recordingId: string | null;
  clueRecordingId: string | null;
  optionRecordingIds: (string | null)[] | null;
};
const savedQuestion = async () =>
  (await pageApi<{ game: { questions: SavedQuestion[] } }>(page, `/api/games/${gameId}`)).body.game.questions[0]!;
const recordingsKept = async () =>
  (
    await queryRows<{ n: number }>(
      suite.server.database.db,
      sql`select count(*)::int as n from recordings where owner_id = ${teacherId}`,
    )
  )[0]!.n;

describe("the teacher's voice in the editor", () => {
  it("records the question and two options (the microphone asked once), plays them back, saves, and finds them on Edit", async () => {
    const context = await suite.newContext({ viewport: { width: 1366, height: 768 } });
    page = await context.newPage();
    errors = watchPageErrors(page);
    // How often the page asks for the microphone: the browser's own getUserMedia, counted.
    await page.addInitScript(() => {
      const devices = navigator.mediaDevices;
      const ask = devices.getUserMedia.bind(devices);
      (window as unknown as { asked: number }).asked = 0;
      devices.getUserMedia = (constraints) => {
        (window as unknown as { asked: number }).asked++;
        return ask(constraints);
      };
    });
    await signUpInPage(page, "Nóra");
    teacherId = (await pageApi<{ user: { id: string } }>(page, "/api/me")).body.user.id;
    await page.goto("/create-game");
    await page.getByLabel("Game Title (optional)").fill(TITLE);
    await page.getByLabel("Question 1 text").fill("Which one is a circle?");
    for (const [letter, text] of [
      ["A", "a ball"],
      ["B", "a box"],
      ["C", "a cone"],
      ["D", "a pyramid"],
    ])
      await q1().getByLabel(`Option ${letter}`, { exact: true }).fill(text!);

    // Unused, each text has a small Record and "Upload a recording".
    await audit("editor-before-recording");
    const question = voice("Recording for question 1");
    await question.getByRole("button", { name: "Record", exact: true }).click();
    await question.getByText(atLeast(1)).waitFor({ timeout: 15_000 });
    // The keyboard's place follows: Record → Stop → Play back.
    expect(await focusedName()).toBe("Stop");
    await audit("editor-recording");
    await screenshot(page, "recorder-editor-recording-laptop", { fullPage: false });
    await page.keyboard.press("Enter");
    await question.getByRole("button", { name: "Play back" }).waitFor();
    await expect.poll(focusedName).toBe("Play back");
    // Recorded again, properly this time: the chip's "Record again".
    const again = page.waitForResponse((r) => r.url().endsWith("/api/recordings") && r.request().method() === "POST");
    await question.getByRole("button", { name: "Record again" }).click();
    await question.getByText(atLeast(2)).waitFor({ timeout: 15_000 });
    await question.getByRole("button", { name: "Stop", exact: true }).click();
    recorded.question = (await (await again).json()) as UploadedRecording;
    await question.locator(".recording-length").waitFor();
    expect(await question.locator(".recording-length").textContent()).toBe(
      `0:0${Math.floor(recorded.question.durationMs / 1000)}`,
    );

    // An option recorded on a phone: the live line fits the option.
    await page.setViewportSize({ width: 390, height: 844 });
    recorded.a = await record(voice("Recording for option A"), 3, "recorder-editor-recording-option-phone");
    await page.setViewportSize({ width: 1366, height: 768 });
    recorded.b = await record(voice("Recording for option B"), 3);
    for (const kept of Object.values(recorded)) {
      // WebM/Opus at 32 kb/s: a few kilobytes a second.
      expect(kept.mimeType).toBe("audio/webm");
      expect(kept.durationMs).toBeGreaterThan(1_500);
      expect(kept.durationMs).toBeLessThan(10_000);
      // About 4 KB a second.
      expect(kept.bytes).toBeLessThan((kept.durationMs / 1000) * 6_000);
    }
    expect(new Set(Object.values(recorded).map((r) => r.id)).size).toBe(3);
    // Four recordings, one question to the browser for the microphone.
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);

    await playBack(question, recorded.question);
    await playBack(voice("Recording for option A"), recorded.a);
    await playBack(voice("Recording for option B"), recorded.b);
    await audit("editor-with-recordings");

    await page.getByRole("button", { name: "Save Game" }).click();
    await page.waitForURL("**/dashboard");
    const games = await pageApi<{ games: Array<{ id: string; title: string }> }>(page, "/api/games");
    gameId = games.body.games.find((g) => g.title === TITLE)!.id;
    expect(await savedQuestion()).toMatchObject({
      recordingId: recorded.question.id,
      clueRecordingId: null,
      optionRecordingIds: [recorded.a.id, recorded.b.id, null, null],
    });

    // Reopened: the three chips, C and D still to record; played back from the stored address.
    await page.goto(`/edit-game/${gameId}`);
    await page.getByRole("heading", { name: "Edit Game" }).waitFor();
    for (const name of ["Recording for question 1", "Recording for option A", "Recording for option B"])
      await voice(name).getByRole("button", { name: "Play back" }).waitFor();
    for (const name of ["Recording for option C", "Recording for option D"])
      await voice(name).getByRole("button", { name: "Record", exact: true }).waitFor();
    await playBack(voice("Recording for option B"), recorded.b);
    // Its length learnt once played.
    await voice("Recording for option B")
      .getByText(/^0:0\d$/)
      .waitFor();
    await audit("editor-reopened-with-recordings");

    for (const size of [
      { name: "phone", width: 390, height: 844 },
      { name: "tablet", width: 768, height: 1024 },
      { name: "laptop", width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), size.name).toEqual([]);
      expect(await spillingRecorders(page), size.name).toEqual([]);
      await q1().evaluate((element) => element.scrollIntoView({ block: "start" }));
      await screenshot(page, `recorder-editor-${size.name}`, { fullPage: false });
      await q1().screenshot({ path: path.join("test-results", "screenshots", `recorder-editor-q1-${size.name}.png`) });
    }
    await page.setViewportSize({ width: 1366, height: 768 });
  });

  it(`stops a recording by itself at ${RECORDING_LIMITS.maxSeconds} seconds and says so`, async () => {
    await page.getByLabel("Clue for question 1 (optional)").fill("It has no corners.");
    const clue = voice("Recording for the clue of question 1");
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith("/api/recordings") && r.request().method() === "POST",
      {
        timeout: 40_000,
      },
    );
    await clue.getByRole("button", { name: "Record", exact: true }).click();
    await clue.getByRole("meter", { name: "Sound level" }).waitFor();
    await clue.getByText("Stopped at 20 seconds, the longest a recording can be.").waitFor({ timeout: 40_000 });
    const response = await uploaded;
    expect(response.status()).toBe(201);
    recorded.clue = (await response.json()) as UploadedRecording;
    expect(recorded.clue.durationMs).toBeGreaterThan(19_000);
    expect(recorded.clue.durationMs).toBeLessThanOrEqual(RECORDING_LIMITS.maxMs);
    await clue
      .getByText("0:19", { exact: true })
      .or(clue.getByText("0:20", { exact: true }))
      .waitFor();
    await audit("editor-stopped-at-limit");
  });

  it("refuses a hostile file (a recording with a web page after it) with its sentence, and keeps nothing", async () => {
    const before = await recordingsKept();
    const optionC = voice("Recording for option C");
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/recordings") && r.request().method() === "POST");
    await page.getByTestId("q1-option-C-recording-file").setInputFiles({
      name: "voice-memo.webm",
      mimeType: "audio/webm",
      buffer: Buffer.concat([CHROMIUM_WEBM_5S, Buffer.from(PLANTED.html)]),
    });
    expect((await refused).status()).toBe(400);
    await optionC.getByRole("alert").filter({ hasText: english.trailingData }).waitFor();
    // Still to record, and nothing kept.
    await optionC.getByRole("button", { name: "Record", exact: true }).waitFor();
    expect(await recordingsKept()).toBe(before);
    await audit("editor-hostile-upload-refused");
    await optionC.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await screenshot(page, "recorder-editor-upload-refused-laptop", { fullPage: false });

    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL("**/dashboard");
    expect(await savedQuestion()).toMatchObject({
      recordingId: recorded.question!.id,
      clueRecordingId: recorded.clue!.id,
      optionRecordingIds: [recorded.a!.id, recorded.b!.id, null, null],
    });
  });

  it("reads the editor with its recordings in Irish at every size", async () => {
    await page.goto(`/edit-game/${gameId}`);
    await page.getByRole("heading", { name: "Edit Game" }).waitFor();
    await page.getByRole("button", { name: "Gaeilge" }).click();
    const taifeadadh = page.getByRole("group", { name: "Taifeadadh do cheist 1", exact: true });
    await checkIrishScreen(page, "recorder-editor-ga", () =>
      taifeadadh.getByRole("button", { name: "Seinn" }).waitFor(),
    );
    for (const size of [
      { name: "phone", width: 390, height: 844 },
      { name: "tablet", width: 768, height: 1024 },
      { name: "laptop", width: 1366, height: 768 },
    ]) {
      await page.setViewportSize(size);
      expect(await spillingRecorders(page), size.name).toEqual([]);
      await page.getByText("Téacs cheist 1").evaluate((element) => element.scrollIntoView({ block: "start" }));
      await screenshot(page, `recorder-editor-ga-view-${size.name}`, { fullPage: false });
    }
    await page.getByRole("button", { name: "English" }).click();
  });

  it.each([
    {
      case: "refused",
      // A browser whose (fake) permission prompt says no.
      flags: ["--use-fake-ui-for-media-stream=deny", ...FAKE_MICROPHONE],
      english: ["This site may not use the microphone", "the device's voice reads it aloud"],
      irish: ["Níl cead ag an suíomh seo an micreafón a úsáid", "léann guth an ghléis os ard é"],
    },
    {
      case: "missing",
      // A browser that may use any microphone, on a machine with none.
      flags: ["--use-fake-ui-for-media-stream"],
      english: ["No microphone was found on this device", "The device's voice will read it aloud instead"],
      irish: ["Níor aimsíodh micreafón ar an ngléas seo", "Léifidh guth an ghléis os ard é"],
    },
  ])(
    "with the microphone $case, says why and that the device's voice reads it instead, in both languages",
    async ({ case: name, flags, english: [why, voiceInstead], irish: [cen, guth] }) => {
      const browser = await launchBrowser(flags);
      try {
        const context = await browser.newContext({ baseURL: suite.server.url, viewport: { width: 390, height: 844 } });
        const other = await context.newPage();
        const otherErrors = watchPageErrors(other);
        await signUpInPage(other, "Peig");
        await other.goto("/create-game");
        const question = other.getByRole("group", { name: "Recording for question 1", exact: true });
        const button = question.getByRole("button", { name: "Record", exact: true });
        await button.click();
        const reason = question.getByText(why!);
        await reason.waitFor();
        expect(await reason.textContent()).toContain(voiceInstead);
        // The button is described by the reason and may be pressed again; the upload stays.
        expect(await button.getAttribute("aria-describedby")).toBe(await reason.getAttribute("id"));
        expect(await button.isEnabled()).toBe(true);
        await question.getByRole("button", { name: "Upload a recording" }).waitFor();
        expect(await layoutProblems(other)).toEqual([]);
        const found = await axeViolations(other);
        axe.set(`editor-microphone-${name}`, found);
        expect.soft(found).toEqual([]);
        await question.evaluate((element) => element.scrollIntoView({ block: "center" }));
        await screenshot(other, `recorder-editor-${name}-phone`, { fullPage: false });
        await other.getByRole("button", { name: "Gaeilge" }).click();
        const ceist = other.getByRole("group", { name: "Taifeadadh do cheist 1", exact: true });
        await ceist.getByText(cen!).waitFor();
        expect(await ceist.textContent()).toContain(guth);
        await ceist.evaluate((element) => element.scrollIntoView({ block: "center" }));
        await screenshot(other, `recorder-editor-${name}-phone-ga`, { fullPage: false });
        expect(otherErrors).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  it("found no accessibility problems and logged no errors", () => {
    expect(Object.fromEntries(axe)).toEqual(Object.fromEntries([...axe.keys()].map((k) => [k, []])));
    expect(errors).toEqual([]);
  });
});
