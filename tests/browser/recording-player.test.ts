/**
 * The teacher's recordings on a pupil's screen in Chromium: a game saved over HTTP with recordings
 * uploaded from tests/fixtures/audio (POST /api/recordings) on its question, two of its options and
 * its clue. Pressing a speaker plays her recording in the page's audio element (its currentSrc the
 * stored /api/recordings/<id>, reaching "playing") and the synthesised voice says nothing; pressed
 * twice, the question then each option in turn, an option without a recording in the voice; the
 * clue's speaker after a wrong answer plays the clue's; the next question's recording is never
 * asked for before it is reached. A recording this browser cannot play (canPlayType answering "",
 * as on an iPad with iPadOS 16 and WebM) and one that fails to load are read by the voice instead.
 * The preview plays them too. Screenshots in English and in Irish at phone, tablet and laptop.
 *
 * The browser is instrumented, not replaced: an init script wraps speechSynthesis.speak to note
 * what it was asked to say (then speaks: headless Chromium has no voices and answers
 * "synthesis-failed") and listens for the page's media "playing" events; once a reading of the
 * question and its options is under way, its recordings are played 16 times faster so the test
 * does not wait 25 seconds.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import {
  CHROMIUM_MP4_5S,
  CHROMIUM_WEBM_5S,
  CHROMIUM_WEBM_20S,
  FFMPEG_M4A_5S,
  FFMPEG_OGG_5S,
} from "../support/audio-files.ts";
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi, useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { chooseTile, joinAs } from "../support/pupil-journey.ts";
import { signedUpTeacher } from "../support/teachers.ts";

const ALLOWED = [/EventSource/, /net::ERR_FAILED/, /recordings/];
type Heard = { played: string } | { said: string };

const QUESTION = "Which animal says moo?";
const OPTIONS = ["Cow", "Cat", "Dog", "Pig"];
const CLUE = "It gives us milk.";
const NEXT = "Which one can fly?";

describe.each([browserDatabaseKind("pglite")])(
  "the teacher's recordings on a pupil's screen in Chromium on %s",
  (db) => {
    const suite = useBrowserSuite({ db });
    let teacher: Awaited<ReturnType<typeof signedUpTeacher>>;
    let gameId = "";
    const codes = { en: "", ga: "" };
    /** The stored recordings' addresses: the first question's, its options A and B, its clue, the second question's. */
    const src = { question: "", a: "", b: "", clue: "", next: "" };
    /** The first question as saved: its recordings' ids. */
    let firstQuestion: Record<string, unknown> = {};

    beforeAll(async () => {
      teacher = await signedUpTeacher(suite.server.url);
      const ids: Record<string, string> = {};
      const sizes: string[] = [];
      // Five different files: the same bytes uploaded twice are one recording.
      for (const [name, bytes, type] of [
        ["question", CHROMIUM_WEBM_5S, "audio/webm;codecs=opus"],
        ["a", FFMPEG_OGG_5S, "audio/ogg"],
        ["b", CHROMIUM_MP4_5S, "audio/mp4"],
        ["clue", CHROMIUM_WEBM_20S, "audio/webm"],
        ["next", FFMPEG_M4A_5S, "audio/mp4"],
      ] as const) {
        const res = await teacher.client.request("POST", "/api/recordings", Buffer.from(bytes), {
          "content-type": type,
        });
        expect(res.status, res.text).toBe(201);
        ids[name] = res.body.id;
        src[name] = res.body.src;
        sizes.push(`${name} ${type} ${res.body.durationMs} ms ${res.body.bytes} B`);
      }
      console.info(`[recording player] what a press downloads: ${sizes.join("; ")}`);
      firstQuestion = {
        questionText: QUESTION,
        options: OPTIONS,
        correctAnswer: 0,
        clue: CLUE,
        recordingId: ids.question,
        optionRecordingIds: [ids.a, ids.b, null, null],
        clueRecordingId: ids.clue,
      };
      const questions = [
        firstQuestion,
        { questionText: NEXT, options: ["Fish", "Bird", "Snail", "Worm"], correctAnswer: 1, recordingId: ids.next },
      ];
      const english = await teacher.client.post("/api/games", { title: "Junior Infants - Animals", questions });
      expect(english.status, english.text).toBe(201);
      gameId = english.body.id;
      const irish = await teacher.client.post("/api/games", {
        title: "Naíonáin Shóisearacha - Ainmhithe",
        language: "ga",
        questions: [
          {
            ...questions[0],
            questionText: "Cé acu ainmhí a deir 'mú'?",
            options: ["Bó", "Cat", "Madra", "Muc"],
            clue: "Tugann sí bainne dúinn.",
          },
          { ...questions[1], questionText: "Cé acu atá in ann eitilt?", options: ["Iasc", "Éan", "Seilide", "Péist"] },
        ],
      });
      expect(irish.status, irish.text).toBe(201);
      for (const [language, id] of [
        ["en", english.body.id],
        ["ga", irish.body.id],
      ] as const) {
        const session = await teacher.client.post("/api/sessions", {
          gameId: id,
          groupCount: 1,
          pupilLanguage: language,
        });
        expect(session.status, session.text).toBe(201);
        codes[language] = (
          await teacher.client.get(`/api/sessions/${session.body.id}`)
        ).body.session.groups[0].joinCode;
      }
    });

    /** A browser noting what its speech synthesiser is asked to say and which recordings its pages play. */
    async function listeningContext(options: {
      viewport: { width: number; height: number };
      playsNoRecording?: boolean;
    }) {
      const context = await suite.newContext({ viewport: options.viewport });
      await context.addInitScript((playsNoRecording: boolean) => {
        const w = window as unknown as { __heard: Heard[]; __fast: boolean };
        w.__heard = [];
        w.__fast = false;
        const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
        window.speechSynthesis.speak = (utterance: SpeechSynthesisUtterance) => {
          w.__heard.push({ said: utterance.text });
          speak(utterance);
        };
        // Media events do not bubble: heard on the way down. A play() reaching "playing" is noted once
        // (a sped-up recording may wait for its bytes and fire "playing" again).
        let started = false;
        document.addEventListener(
          "play",
          (event) => {
            started = true;
            if (w.__fast) (event.target as HTMLMediaElement).playbackRate = 16;
          },
          true,
        );
        document.addEventListener(
          "playing",
          (event) => {
            if (!started) return;
            started = false;
            w.__heard.push({ played: new URL((event.target as HTMLMediaElement).currentSrc).pathname });
          },
          true,
        );
        // As an iPad with iPadOS 16 answers for WebM: it cannot play this.
        if (playsNoRecording) HTMLMediaElement.prototype.canPlayType = () => "";
      }, options.playsNoRecording ?? false);
      return context;
    }

    /** Every request for a recording the page made: its method and address. */
    function recordingRequests(page: Page) {
      const seen: string[] = [];
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith("/api/recordings/")) seen.push(`${request.method()} ${path}`);
      });
      return seen;
    }

    const heard = (page: Page) => page.evaluate(() => (window as unknown as { __heard: Heard[] }).__heard);
    const audio = (page: Page) =>
      page.evaluate(() => {
        const elements = [...document.querySelectorAll("audio")];
        const a = elements[0];
        return {
          count: elements.length,
          currentSrc: a?.currentSrc ? new URL(a.currentSrc).pathname : null,
          paused: a?.paused ?? true,
          preload: a?.preload ?? null,
        };
      });
    const speaker = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
    const idle = (page: Page, name: string) =>
      expect.poll(() => speaker(page, name).getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("false");

    it("plays the teacher's recordings for the question, its options and its clue, and never the next question's before it is reached", async () => {
      const context = await listeningContext({ viewport: { width: 390, height: 844 } });
      const page = await suite.newPage({ context, allowed: ALLOWED });
      const requested = recordingRequests(page);
      await joinAs(page, codes.en, "Aoife");
      await speaker(page, en["pupil.play.listenToTeacher"]).waitFor();
      // Options with her recording say so; the others are read by the voice as before.
      for (const letter of ["A", "B"])
        await speaker(page, en["pupil.play.listenToTeacherOption"].replace("{letter}", letter)).waitFor();
      for (const letter of ["C", "D"])
        await speaker(page, en["pupil.play.readOptionAloud"].replace("{letter}", letter)).waitFor();
      // Chromium plays every type the server sends: nothing is asked for before a press.
      expect(requested).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `${db}-recording-player-phone`);

      // One press: her recording of the question, in the page's one audio element; the voice says nothing.
      await speaker(page, en["pupil.play.listenToTeacher"]).click();
      await expect.poll(() => heard(page)).toEqual([{ played: src.question }]);
      expect(await audio(page)).toEqual({ count: 1, currentSrc: src.question, paused: false, preload: "none" });
      expect(await speaker(page, en["pupil.play.listenToTeacher"]).getAttribute("aria-pressed")).toBe("true");

      // Pressed again while it plays: the question, then each option: A and B hers, C and D the voice's.
      await speaker(page, en["pupil.play.listenToTeacher"]).click();
      await page.evaluate(() => {
        (window as unknown as { __fast: boolean }).__fast = true;
        const a = document.querySelector("audio");
        if (a) a.playbackRate = 16;
      });
      await expect
        .poll(() => heard(page), { timeout: 15_000 })
        .toEqual([
          { played: src.question },
          { played: src.question },
          { played: src.a },
          { played: src.b },
          { said: "C, Dog." },
          { said: "D, Pig." },
        ]);
      await idle(page, en["pupil.play.listenToTeacher"]);

      // An option's own speaker: hers for A, the voice for C.
      await speaker(page, en["pupil.play.readOptionAloud"].replace("{letter}", "C")).click();
      await speaker(page, en["pupil.play.listenToTeacherOption"].replace("{letter}", "A")).click();
      await expect.poll(async () => (await heard(page)).slice(6)).toEqual([{ said: "Dog" }, { played: src.a }]);
      expect((await audio(page)).currentSrc).toBe(src.a);

      // A wrong answer: the clue, and its speaker plays her recording of it.
      await chooseTile(page, "Cat");
      await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
      await page.getByText(CLUE).waitFor();
      await speaker(page, en["pupil.play.listenToTeacherClue"]).click();
      await expect.poll(async () => (await heard(page)).at(-1)).toEqual({ played: src.clue });
      expect((await audio(page)).currentSrc).toBe(src.clue);
      await screenshot(page, `${db}-recording-player-clue-phone`);

      // Only this question's recordings were ever asked for, each only once pressed.
      expect(new Set(requested.map((r) => r.split(" ")[1]))).toEqual(new Set([src.question, src.a, src.b, src.clue]));
      expect(requested.join(" ")).not.toContain(src.next);

      // Right: the next question; its recording is asked for when its speaker is pressed, not before.
      await chooseTile(page, "Cow");
      await page.getByRole("button", { name: en["pupil.play.submit"] }).click();
      await page.getByText(NEXT).waitFor();
      // The reading of the last question stopped with it.
      expect((await audio(page)).paused).toBe(true);
      expect(requested.join(" ")).not.toContain(src.next);
      await speaker(page, en["pupil.play.listenToTeacher"]).click();
      await expect.poll(async () => (await heard(page)).at(-1)).toEqual({ played: src.next });
      expect(requested).toContain(`GET ${src.next}`);
      await context.close();
    });

    it("reads a question whose recording this browser cannot play, or cannot fetch, with the synthesised voice", async () => {
      // canPlayType answers "" for every type: the type is asked with HEAD (no sound), and the voice reads.
      const iPad = await listeningContext({ viewport: { width: 768, height: 1024 }, playsNoRecording: true });
      const page = await suite.newPage({ context: iPad, allowed: ALLOWED });
      const requested = recordingRequests(page);
      await joinAs(page, codes.en, "Cian");
      await speaker(page, en["pupil.play.readAloud"]).waitFor();
      await speaker(page, en["pupil.play.readOptionAloud"].replace("{letter}", "A")).waitFor();
      await speaker(page, en["pupil.play.readAloud"]).click();
      await expect.poll(() => heard(page)).toEqual([{ said: QUESTION }]);
      expect((await audio(page)).currentSrc).toBeNull();
      expect(new Set(requested)).toEqual(new Set([`HEAD ${src.question}`, `HEAD ${src.a}`, `HEAD ${src.b}`]));
      await iPad.close();

      // The network fails: the press falls back to the voice and the child is not left waiting.
      const offline = await listeningContext({ viewport: { width: 390, height: 844 } });
      const lost = await suite.newPage({ context: offline, allowed: ALLOWED });
      await joinAs(lost, codes.en, "Róisín");
      await lost.route("**/api/recordings/**", (route) => route.abort("internetdisconnected"));
      await speaker(lost, en["pupil.play.listenToTeacher"]).click();
      await expect.poll(() => heard(lost), { timeout: 10_000 }).toEqual([{ said: QUESTION }]);
      await idle(lost, en["pupil.play.listenToTeacher"]);
      await offline.close();
    });

    it("plays them in the teacher's preview as a pupil", async () => {
      const context = await listeningContext({ viewport: { width: 1280, height: 900 } });
      const page = await suite.newPage({ context, allowed: ALLOWED });
      await page.goto("/login");
      expect(
        (await pageApi(page, "/api/auth/login", { email: teacher.email, password: teacher.password })).status,
      ).toBe(200);
      await page.goto(`/preview-game/${gameId}`);
      await speaker(page, en["pupil.play.listenToTeacher"]).click();
      await expect.poll(() => heard(page)).toEqual([{ played: src.question }]);
      expect((await audio(page)).currentSrc).toBe(src.question);
      await context.close();
    });

    it("plays the found station's recording around the room", async () => {
      const oneStation = await teacher.client.post("/api/games", {
        title: "Junior Infants - Animals around the room",
        questions: [{ ...firstQuestion, hidingPlace: "under the globe" }],
      });
      expect(oneStation.status, oneStation.text).toBe(201);
      const cards = await teacher.client.get(`/api/games/${oneStation.body.id}/station-cards`);
      const session = await teacher.client.post("/api/sessions", {
        gameId: oneStation.body.id,
        groupCount: 1,
        huntMode: "room",
      });
      expect(session.status, session.text).toBe(201);
      const code = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
      const context = await listeningContext({ viewport: { width: 390, height: 844 } });
      const page = await suite.newPage({ context, allowed: ALLOWED });
      const requested = recordingRequests(page);
      await page.goto(`/join?code=${code}`);
      await page.getByRole("button", { name: en["pupil.join.continue"] }).click();
      await page.getByLabel(en["pupil.join.nameLabel"]).fill("Saoirse");
      await page.getByRole("button", { name: en["pupil.join.joinButton"] }).click();
      await page.waitForURL(/\/play\//);
      // Looking for the station: its question, and so its recording, not on the device yet.
      expect(await page.getByText(QUESTION).count()).toBe(0);
      expect(requested).toEqual([]);
      await page.goto(`/s/${cards.body.cards[0].token}`);
      await page.getByText(QUESTION).waitFor();
      await speaker(page, en["pupil.play.listenToTeacher"]).click();
      await expect.poll(() => heard(page)).toEqual([{ played: src.question }]);
      await context.close();
    });

    it("shows the teacher's speakers on a game in Irish where the device has no Irish voice", async () => {
      for (const [size, viewport] of [
        ["phone", { width: 390, height: 844 }],
        ["tablet", { width: 768, height: 1024 }],
        ["laptop", { width: 1920, height: 1080 }],
      ] as const) {
        const context = await listeningContext({ viewport });
        const page = await suite.newPage({ context, allowed: ALLOWED });
        await page.goto(`/join?code=${codes.ga}`);
        // The code is typed on a page in the device's language; the session's Irish follows.
        await page.getByRole("button", { name: en["pupil.join.continue"] }).click();
        await page.getByLabel(ga["pupil.join.nameLabel"]).fill(`Pádraig ${size}`);
        await page.getByRole("button", { name: ga["pupil.join.joinButton"] }).click();
        await speaker(page, ga["pupil.play.listenToTeacher"]).waitFor();
        await speaker(page, ga["pupil.play.listenToTeacherOption"].replace("{letter}", "A")).waitFor();
        // No Irish voice here: the options without her recording have no speaker, and the note is not needed.
        expect(
          await page.getByRole("button", { name: ga["pupil.play.readOptionAloud"].replace("{letter}", "C") }).count(),
        ).toBe(0);
        expect(await page.getByText(ga["pupil.play.noIrishVoice"]).count()).toBe(0);
        await screenshot(page, `${db}-recording-player-ga-${size}`);
        if (size === "tablet") {
          await speaker(page, ga["pupil.play.listenToTeacher"]).click();
          await expect.poll(() => heard(page)).toEqual([{ played: src.question }]);
        }
        await context.close();
      }
    });
  },
);
