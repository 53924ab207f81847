import { describe, expect, it } from "vitest";
import { STATION_SYMBOLS, stationWordKey } from "./station-rules.ts";
import { chooseStationWord, STATION_WORDS } from "./station-words.server.ts";

describe("station words", () => {
  it("are distinct once folded, short, in capitals, and never a station symbol's name, in both languages", () => {
    for (const words of Object.values(STATION_WORDS)) {
      expect(words.length).toBeGreaterThanOrEqual(100);
      expect(new Set(words.map(stationWordKey)).size).toBe(words.length);
      for (const word of words) {
        expect(word).toMatch(/^[A-ZÁÉÍÓÚ]{2,9}$/u);
        expect(STATION_SYMBOLS as readonly string[]).not.toContain(word.toLowerCase());
      }
    }
    expect(STATION_WORDS.ga.some((w) => /[ÁÉÍÓÚ]/u.test(w))).toBe(true);
  });

  it("are chosen unique in the game and never one of the question's options, however they are written", () => {
    const first = (n: number) => (n > 0 ? 0 : Number.NaN);
    const taken = new Set([stationWordKey("OTTER")]);
    // The question's answer is "Badger": the card may not say BADGER.
    const chosen = chooseStationWord("en", taken, new Set(["Badger ", "cat"].map(stationWordKey)), first);
    expect(chosen).toEqual({ word: "RABBIT", wordKey: stationWordKey("RABBIT") });
    expect(chooseStationWord("ga", new Set(), new Set([stationWordKey("madra")]), first).word).toBe("CAPALL");
  });

  it("carry a number once every word of the list is used", () => {
    const taken = new Set(STATION_WORDS.en.map(stationWordKey));
    const chosen = chooseStationWord("en", taken, new Set(), () => 0);
    expect(chosen.word).toBe("OTTER2");
    taken.add(chosen.wordKey);
    expect(chooseStationWord("en", taken, new Set(), () => 0).word).toBe("BADGER2");
  });
});
