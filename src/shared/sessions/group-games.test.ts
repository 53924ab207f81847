import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inEnglish, translate } from "../i18n/translator.ts";
import {
  assignGameToGroups,
  distinctGames,
  groupGameIds,
  groupGameMessages,
  isSplitSession,
  MAX_GAMES_PER_SESSION,
  sessionGamesTitle,
} from "./group-games.ts";
import { MAX_GROUPS, MIN_GROUPS } from "./session-rules.ts";

describe("each group's game", () => {
  it("is the one named for it, else the session's", () => {
    expect(groupGameIds("A", 4, [null, "B", "", undefined])).toEqual(["A", "B", "A", "A"]);
    expect(groupGameIds("A", 3)).toEqual(["A", "A", "A"]);
    expect(groupGameIds("A", 2, ["B"])).toEqual(["B", "A"]);
  });

  it("gives exactly one game per group, whatever the list's length", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: MIN_GROUPS, max: MAX_GROUPS }),
        fc.array(fc.option(fc.constantFrom("B", "C", ""), { nil: null }), { maxLength: 10 }),
        (groupCount, chosen) => {
          const games = groupGameIds("A", groupCount, chosen);
          expect(games).toHaveLength(groupCount);
          games.forEach((game, i) => expect(game).toBe(chosen[i] || "A"));
        },
      ),
    );
  });
});

describe("a session's games", () => {
  const group = (gameId: string, groupIdentifier: string) => ({ gameId, groupIdentifier });

  it("are distinct, in the order of the first group playing each", () => {
    const groups = [group("B", "yellow-square"), group("A", "red-circle"), group("B", "blue-triangle")];
    expect(distinctGames(groups)).toEqual([groups[0], groups[1]]);
    expect(distinctGames([])).toEqual([]);
  });

  it("make a split session when there are two or more", () => {
    expect(isSplitSession([group("A", "yellow-square"), group("A", "red-circle")])).toBe(false);
    expect(isSplitSession([group("A", "yellow-square")])).toBe(false);
    expect(isSplitSession([group("A", "yellow-square"), group("B", "red-circle")])).toBe(true);
  });

  it("are named on the dashboard by their titles joined", () => {
    expect(sessionGamesTitle(["Halves and quarters", "Fractions"])).toBe("Halves and quarters + Fractions");
    expect(sessionGamesTitle(["Bia"])).toBe("Bia");
  });

  it("are at most one per group", () => {
    expect(MAX_GAMES_PER_SESSION).toBe(MAX_GROUPS);
  });
});

describe("quick assignment of a game to groups", () => {
  it("gives groups from–to the game and leaves the others as they were", () => {
    expect(assignGameToGroups([], 6, 1, 3, "B")).toEqual(["B", "B", "B", null, null, null]);
    expect(assignGameToGroups(["B", "B", "B", null, null, null], 6, 4, 6, "C")).toEqual(["B", "B", "B", "C", "C", "C"]);
    expect(assignGameToGroups(["B", "C"], 2, 2, 2, null)).toEqual(["B", null]);
  });

  it("reads the range either way round and clamps it to the groups there are", () => {
    expect(assignGameToGroups([], 3, 3, 2, "B")).toEqual([null, "B", "B"]);
    expect(assignGameToGroups([], 3, 0, 9, "B")).toEqual(["B", "B", "B"]);
    expect(assignGameToGroups(["B", "B", "B", "B"], 2, 5, 6, "C")).toEqual(["B", "B"]);
  });

  it("always answers one choice per group", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom("B", "C"), { nil: null }), { maxLength: 8 }),
        fc.integer({ min: MIN_GROUPS, max: MAX_GROUPS }),
        fc.integer({ min: -2, max: 9 }),
        fc.integer({ min: -2, max: 9 }),
        (chosen, groupCount, from, to) => {
          const next = assignGameToGroups(chosen, groupCount, from, to, "D");
          expect(next).toHaveLength(groupCount);
          const [low, high] = [Math.min(from, to), Math.max(from, to)];
          next.forEach((game, i) => expect(game).toBe(i + 1 >= low && i + 1 <= high ? "D" : (chosen[i] ?? null)));
        },
      ),
    );
  });
});

describe("refusals", () => {
  it("are catalogue sentences in English and Irish; another teacher's game gets the SPEC's authorization message", () => {
    expect(inEnglish(groupGameMessages.notYours)).toBe("You are not authorized to start a session for this game.");
    for (const key of Object.values(groupGameMessages)) {
      expect(inEnglish(key)).not.toBe(key);
      expect(translate("ga", key)).not.toBe(inEnglish(key));
    }
  });
});
