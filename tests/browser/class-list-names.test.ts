/**
 * The class list for children who cannot read yet, in Chromium on a phone and a
 * tablet: each name a large button with its first letter big in that letter's colour, in
 * alphabetical order with fadas folded, a taken name greyed and not choosable, a speaker on each
 * name that says it (window.speechSynthesis replaced by a recording fake before the page loads,
 * as in read-aloud.test.ts: only the browser's speech API; our server and database are real),
 * an Irish session's names in the Irish voice or the note that the device has none, the
 * keyboard, axe, and choosing a name joins.
 */

import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../src/shared/i18n/locales/en.json" with { type: "json" };
import ga from "../../src/shared/i18n/locales/ga.json" with { type: "json" };
import { LETTER_COLOURS } from "../../src/shared/play/name-letters.web.ts";
import { axeViolations } from "../support/axe.ts";
import { screenshot } from "../support/browser.ts";
import { pageApi, useBrowserSuite } from "../support/browser-suite.ts";
import { browserDatabaseKind } from "../support/databases.ts";
import { layoutProblems } from "../support/layout-checks.ts";
import { sampleGame, signedUpTeacher } from "../support/teachers.ts";

type Speak = { type: "speak"; text: string; lang: string; voice: string | null };
type FakeVoice = { name: string; lang: string };
const VOICES: FakeVoice[] = [
  { name: "Moira", lang: "en-IE" },
  { name: "Gaeilge", lang: "ga-IE" },
];

/** 35 names (a big class) as a teacher pastes them: not in order, fadas at the start of some, one long. */
const CLASS = [
  "Ultan",
  "Nóra",
  "Kate",
  "Sadhbh",
  "Ruairí",
  "Lorcan",
  "Muireann",
  "Tomás",
  "Victoria",
  "Tadhg",
  "Fionnuala Nic Giolla Phádraig",
  "Aoife",
  "Seán",
  "Áine",
  "Oisín",
  "Bríd",
  "Caoimhe",
  "Éabha",
  "Cian",
  "Dara",
  "Eoin",
  "Fionn",
  "Gráinne",
  "Hannah",
  "Íde",
  "Jack",
  "Liam",
  "Méabh",
  "Niamh",
  "Órla",
  "Pádraig",
  "Róisín",
  "Saoirse",
  "Úna",
  "Zoë",
];
const IN_ORDER = [
  "Áine",
  "Aoife",
  "Bríd",
  "Caoimhe",
  "Cian",
  "Dara",
  "Éabha",
  "Eoin",
  "Fionn",
  "Fionnuala Nic Giolla Phádraig",
  "Gráinne",
  "Hannah",
  "Íde",
  "Jack",
  "Kate",
  "Liam",
  "Lorcan",
  "Méabh",
  "Muireann",
  "Niamh",
  "Nóra",
  "Oisín",
  "Órla",
  "Pádraig",
  "Róisín",
  "Ruairí",
  "Sadhbh",
  "Saoirse",
  "Seán",
  "Tadhg",
  "Tomás",
  "Ultan",
  "Úna",
  "Victoria",
  "Zoë",
];

const SIZES = {
  phone: { width: 390, height: 844 },
  tablet: { width: 768, height: 1024 },
  laptop: { width: 1280, height: 900 },
} as const;

/** "rgb(46, 125, 50)" for "#2e7d32". */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;

describe.each([browserDatabaseKind("pglite")])("the class list as name buttons in Chromium on %s", (db) => {
  const suite = useBrowserSuite({ db });
  const codes = { english: "", irish: "" };

  beforeAll(async () => {
    const teacher = await signedUpTeacher(suite.server.url);
    const game = await teacher.client.post("/api/games", sampleGame());
    expect(game.status).toBe(201);
    for (const [key, classList, pupilLanguage] of [
      ["english", CLASS.join("\n"), "en"],
      ["irish", "Seán\nÁine\nOisín", "ga"],
    ] as const) {
      const session = await teacher.client.post("/api/sessions", {
        gameId: game.body.id,
        groupCount: 1,
        classList,
        pupilLanguage,
      });
      expect(session.status).toBe(201);
      codes[key] = (await teacher.client.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode;
    }
  });

  /** A child's device at `size` with the recording speech fake (no speech at all with voices null), on step 2 of joining. */
  async function childChoosing(code: string, size: { width: number; height: number }, voices: FakeVoice[] | null) {
    const context = await suite.newContext({ viewport: size, hasTouch: true });
    await context.addInitScript((voices: FakeVoice[] | null) => {
      const w = window as unknown as Record<string, unknown>;
      if (voices === null) {
        delete w.speechSynthesis;
        delete (Window.prototype as unknown as Record<string, unknown>).speechSynthesis;
        return;
      }
      type Utterance = { text: string; lang: string; voice: { name: string } | null; onend: unknown; onerror: unknown };
      const spoken: unknown[] = [];
      w.__spoken = spoken;
      w.SpeechSynthesisUtterance = function (this: Utterance, text: string) {
        Object.assign(this, { text, lang: "", voice: null, rate: 1, onend: null, onerror: null });
      };
      const fake = {
        getVoices: () => voices.map((v) => ({ ...v, voiceURI: v.name, localService: true, default: false })),
        speak: (u: Utterance) =>
          spoken.push({ type: "speak", text: u.text, lang: u.lang, voice: u.voice?.name ?? null }),
        cancel() {},
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
    const page = await suite.newPage({ context, allowed: [/EventSource/] });
    await page.goto(`/join?code=${code}`);
    await page.locator("#join-code").press("Enter");
    await page.locator(".class-list-picker").waitFor();
    return page;
  }
  const spoken = (page: Page) => page.evaluate(() => (window as unknown as { __spoken: Speak[] }).__spoken);
  const shownNames = (page: Page) => page.locator(".class-name .name-text").allTextContents();
  const columns = (page: Page) =>
    page
      .locator(".class-name")
      .evaluateAll((cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left))).size);

  it("shows each name as a big button with its coloured letter, in order with fadas folded, a taken name greyed; reads a name aloud; choosing one joins", async () => {
    // Seán's device joined already.
    const other = await suite.newPage();
    await other.goto("/");
    const found = await pageApi<{ groupId: string }>(other, "/api/join/lookup", { code: codes.english });
    const taken = await pageApi(other, "/api/join", { code: codes.english, groupId: found.body.groupId, name: "Seán" });
    expect(taken.status).toBe(201);

    const page = await childChoosing(codes.english, SIZES.phone, VOICES);
    await page.getByRole("group", { name: en["pupil.join.chooseName"] }).waitFor();
    expect(await page.getByLabel(en["pupil.join.nameLabel"]).count()).toBe(0);

    // Every name, sorted with fadas folded: Áine with the A names, Órla after Oisín, Úna after Tadhg.
    expect(await shownNames(page)).toEqual(IN_ORDER);
    expect(await page.getByRole("radio").count()).toBe(CLASS.length);
    expect(await page.locator(".class-name .name-letter").allTextContents()).toEqual(
      IN_ORDER.map((name) => [...name][0]!.toUpperCase()),
    );
    // The letter's colour belongs to the letter: Áine's Á is Aoife's green A; Bríd's B is another colour.
    const letterColour = (name: string) =>
      page
        .locator(".class-name", { hasText: name })
        .locator(".name-letter")
        .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await letterColour("Áine")).toBe(rgb(LETTER_COLOURS[0]));
    expect(await letterColour("Aoife")).toBe(rgb(LETTER_COLOURS[0]));
    expect(await letterColour("Bríd")).toBe(rgb(LETTER_COLOURS[1]));
    expect(await letterColour("Órla")).toBe(await letterColour("Oisín"));

    // The taken name: greyed, not choosable, and says why.
    const sean = page.getByRole("radio", { name: `Seán ${en["pupil.join.alreadyJoined"]}` });
    expect(await sean.isDisabled()).toBe(true);
    expect(await page.locator(".class-name.taken .name-text").allTextContents()).toEqual(["Seán"]);

    // Big touch targets: every name's button at least 56 px tall, one column on a phone.
    const heights = await page
      .locator(".class-name label")
      .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(56);
    expect(await columns(page)).toBe(1);

    // The focus came to the first free name (Áine), one Tab stop for the group; arrows move between names.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("Áine");
    expect(await axeViolations(page)).toEqual([]);
    // Tab goes down the list, name by name and speaker by speaker; what has the focus is never hidden under the buttons at the bottom.
    const stops: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement;
        return el.getAttribute("aria-label") ?? el.value;
      });
      stops.push(stop);
      const focused = (await page.locator(":focus").boundingBox())!;
      const footer = (await page.locator(".join-footer").boundingBox())!;
      expect(focused.y + focused.height, stop).toBeLessThanOrEqual(footer.y);
    }
    expect(stops.slice(0, 3)).toEqual(["Read Áine aloud", "Aoife", "Read Aoife aloud"]);
    await page.locator(".class-name input").first().focus();
    for (const [name, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      expect(await layoutProblems(page), `class list at ${name}`).toEqual([]);
      await screenshot(page, `class-list-names-${name}`);
      await screenshot(page, `class-list-names-${name}-first-screen`, { fullPage: false });
    }
    await page.setViewportSize(SIZES.phone);

    // "Join Game" with no name chosen: the SPEC's message, in view at the bottom of a long list.
    await page.getByRole("button", { name: en["pupil.join.joinButton"] }).click();
    const alert = page.getByRole("alert").filter({ hasText: en["pupil.join.notOnList"] });
    await alert.waitFor();
    const box = (await alert.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(SIZES.phone.height);
    await screenshot(page, "class-list-names-phone-not-chosen", { fullPage: false });

    // The speaker on a name says the name, in the Irish English voice.
    await page.getByRole("button", { name: "Read Caoimhe aloud" }).click();
    expect(await spoken(page)).toEqual([{ type: "speak", text: "Caoimhe", lang: "en-IE", voice: "Moira" }]);
    expect(await page.getByRole("button", { name: "Read Caoimhe aloud" }).getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByRole("radio", { name: "Caoimhe" }).isChecked()).toBe(false);

    // A tap on the name chooses it (the tick shows), and "Join Game" joins as Caoimhe. (The radio
    // lies over the whole name button, see-through: a tap anywhere on the button lands on it.)
    await page.getByRole("radio", { name: "Caoimhe" }).tap();
    expect(await page.getByRole("radio", { name: "Caoimhe" }).isChecked()).toBe(true);
    expect(await page.locator(".class-name.chosen .name-text").allTextContents()).toEqual(["Caoimhe"]);
    expect(await page.locator(".class-name.chosen .name-tick").isVisible()).toBe(true);
    // The message asked for a name; one is chosen now, so it goes.
    expect(await alert.count()).toBe(0);
    await screenshot(page, "class-list-names-phone-chosen", { fullPage: false });
    await page.getByRole("button", { name: en["pupil.join.joinButton"] }).click();
    await page.waitForURL(/\/play\//);
    await page.getByText(/^Question 1 of \d$/).waitFor();
    expect(await page.getByText("Caoimhe").count()).toBeGreaterThan(0);
    expect(suite.errors.flat()).toEqual([]);
  });

  it("on a tablet: two columns of names; by keyboard alone a child chooses a name and joins", async () => {
    const page = await childChoosing(codes.english, SIZES.tablet, VOICES);
    expect(await columns(page)).toBe(2);
    // The first free name has the focus; the arrows skip the taken Seán; Enter joins.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("Áine");
    // ArrowUp from the first name goes round to the last.
    await page.keyboard.press("ArrowUp");
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("Zoë");
    // Victoria, Úna, Ultan, Tomás, Tadhg, then past Seán.
    for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowUp");
    // Seán is taken (and Caoimhe joined in the first test): from Tadhg, ArrowUp passes Seán by.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe("Saoirse");
    expect(await page.getByRole("radio", { name: "Saoirse" }).isChecked()).toBe(true);
    // Tab leaves the group for the chosen name's speaker, which Enter or Space presses.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Read Saoirse aloud");
    await page.keyboard.press("Space");
    expect((await spoken(page)).at(-1)).toMatchObject({ text: "Saoirse" });
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/play\//);
    await page.getByText(/^Question 1 of \d$/).waitFor();
    expect(suite.errors.flat()).toEqual([]);
  });

  it("in an Irish session: the names in the Irish voice; a device with no Irish voice says so and shows no speakers", async () => {
    const withIrish = await childChoosing(codes.irish, SIZES.tablet, VOICES);
    await withIrish.getByRole("group", { name: ga["pupil.join.chooseName"] }).waitFor();
    expect(await shownNames(withIrish)).toEqual(["Áine", "Oisín", "Seán"]);
    await withIrish.getByRole("button", { name: "Léigh Áine os ard" }).click();
    expect(await spoken(withIrish)).toEqual([{ type: "speak", text: "Áine", lang: "ga-IE", voice: "Gaeilge" }]);
    expect(await withIrish.getByText(ga["pupil.play.noIrishVoice"]).count()).toBe(0);
    expect(await axeViolations(withIrish)).toEqual([]);
    await screenshot(withIrish, "class-list-names-irish-tablet");

    const noIrish = await childChoosing(codes.irish, SIZES.phone, [{ name: "Moira", lang: "en-IE" }]);
    await noIrish.getByText(ga["pupil.play.noIrishVoice"]).waitFor();
    expect(await noIrish.locator(".class-name .read-aloud").count()).toBe(0);
    expect(await spoken(noIrish)).toEqual([]);
    await screenshot(noIrish, "class-list-names-irish-no-voice-phone", { fullPage: false });

    const noSpeech = await childChoosing(codes.irish, SIZES.phone, null);
    expect(await noSpeech.locator(".class-name .read-aloud").count()).toBe(0);
    expect(await noSpeech.locator(".read-aloud-unavailable").count()).toBe(0);
    expect(suite.errors.flat()).toEqual([]);
  });
});
