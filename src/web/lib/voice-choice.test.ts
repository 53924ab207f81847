import { describe, expect, it } from "vitest";
import { canReadAloud, chooseVoice, type VoiceLike } from "./voice-choice.ts";

const v = (lang: string, name = lang, extra: Partial<VoiceLike> = {}): VoiceLike => ({ lang, name, ...extra });

describe("chooseVoice for English games", () => {
  it("prefers an Irish English voice", () => {
    expect(chooseVoice([v("en-US"), v("en-GB"), v("en-IE", "Moira"), v("fr-FR")], "en")).toEqual({
      voice: v("en-IE", "Moira"),
      lang: "en-IE",
    });
  });

  it("reads platform spellings of en-IE", () => {
    expect(chooseVoice([v("en-US"), v("en_IE", "Android Irish")], "en").voice?.name).toBe("Android Irish");
    expect(chooseVoice([v("en-US"), v("EN-ie", "Upper")], "en").voice?.name).toBe("Upper");
  });

  it("falls back to British English, then any English voice, always tagging the text en-IE", () => {
    expect(chooseVoice([v("fr-FR"), v("en-US"), v("en-GB")], "en")).toEqual({ voice: v("en-GB"), lang: "en-IE" });
    expect(chooseVoice([v("fr-FR"), v("en-AU"), v("de-DE")], "en")).toEqual({ voice: v("en-AU"), lang: "en-IE" });
    expect(chooseVoice([v("en")], "en").voice?.lang).toBe("en");
  });

  it("leaves the voice to the browser when there is no English voice (or the list has not loaded yet)", () => {
    expect(chooseVoice([v("fr-FR"), v("ga-IE")], "en")).toEqual({ voice: null, lang: "en-IE" });
    expect(chooseVoice([], "en")).toEqual({ voice: null, lang: "en-IE" });
  });

  it("never takes a language that merely starts with the letters 'en'", () => {
    expect(chooseVoice([v("enm"), v("eng-XX")], "en").voice).toBeNull();
  });

  it("prefers a voice on the device, then the platform default, among equals", () => {
    const voices = [
      v("en-IE", "Online"),
      v("en-IE", "Default", { default: true }),
      v("en-IE", "Local", { localService: true }),
    ];
    expect(chooseVoice(voices, "en").voice?.name).toBe("Local");
    expect(chooseVoice(voices.slice(0, 2), "en").voice?.name).toBe("Default");
  });
});

describe("chooseVoice for games in Irish", () => {
  it("uses an Irish voice with lang ga-IE when the device has one", () => {
    expect(chooseVoice([v("en-IE"), v("ga-IE", "Gaeilge")], "ga")).toEqual({
      voice: v("ga-IE", "Gaeilge"),
      lang: "ga-IE",
    });
    expect(chooseVoice([v("en-IE"), v("ga", "Gaeilge")], "ga")).toEqual({ voice: v("ga", "Gaeilge"), lang: "ga-IE" });
  });

  it("never reads Irish with an English voice: without an Irish voice the device cannot read it aloud", () => {
    expect(canReadAloud([v("en-US"), v("en-IE", "Moira")], "ga")).toBe(false);
    expect(canReadAloud([], "ga")).toBe(false);
    expect(canReadAloud([v("en-IE"), v("ga-IE")], "ga")).toBe(true);
    expect(canReadAloud([v("GA_ie")], "ga")).toBe(true);
    expect(canReadAloud([v("gag-XX")], "ga")).toBe(false);
  });

  it("reads English with any voice list, even an empty one (the browser's default voice)", () => {
    expect(canReadAloud([], "en")).toBe(true);
    expect(canReadAloud([v("fr-FR")], "en")).toBe(true);
  });
});
