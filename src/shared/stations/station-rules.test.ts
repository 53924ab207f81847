import { describe, expect, it } from "vitest";
import {
  findOutcome,
  nextOnRoute,
  routeOf,
  STATION_SYMBOLS,
  stationSymbolOf,
  stationWordKey,
} from "./station-rules.ts";

describe("a group's route around the room", () => {
  it("visits every station once, group n starting at station n", () => {
    expect(routeOf(1, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(routeOf(2, 5)).toEqual([1, 2, 3, 4, 0]);
    expect(routeOf(6, 8)).toEqual([5, 6, 7, 0, 1, 2, 3, 4]);
  });
  it("six groups on six or more stations never start at the same card", () => {
    const starts = [1, 2, 3, 4, 5, 6].map((group) => routeOf(group, 6)[0]);
    expect(new Set(starts).size).toBe(6);
  });
  it("wraps round when there are more groups than stations", () => {
    expect(routeOf(4, 3)).toEqual([0, 1, 2]);
    expect(routeOf(5, 3)).toEqual([1, 2, 0]);
    expect(routeOf(1, 0)).toEqual([]);
  });
  it("the next station is the first on the route not yet answered right", () => {
    const route = routeOf(3, 4); // 2, 3, 0, 1
    expect(nextOnRoute(route, new Set())).toBe(2);
    expect(nextOnRoute(route, new Set([2]))).toBe(3);
    expect(nextOnRoute(route, new Set([2, 3, 0]))).toBe(1);
    expect(nextOnRoute(route, new Set([0, 1, 2, 3]))).toBeNull();
  });
});

describe("finding a station", () => {
  const route = routeOf(2, 4); // 1, 2, 3, 0
  it("the next station on the route is found, again and again until answered", () => {
    expect(findOutcome(1, route, new Set())).toBe("found");
    expect(findOutcome(2, route, new Set([1]))).toBe("found");
  });
  it("a station answered right is already found", () => {
    expect(findOutcome(1, route, new Set([1]))).toBe("alreadyFound");
  });
  it("another station of the hunt is not the next one", () => {
    expect(findOutcome(3, route, new Set())).toBe("notNext");
    expect(findOutcome(0, route, new Set([1]))).toBe("notNext");
  });
  it("a card that is no question of this session is not in the hunt", () => {
    expect(findOutcome(null, route, new Set())).toBe("notInHunt");
    expect(findOutcome(7, route, new Set())).toBe("notInHunt");
  });
});

describe("station words and symbols", () => {
  it("case, accents, spaces, hyphens and apostrophes do not matter", () => {
    const otter = stationWordKey("OTTER");
    for (const typed of ["otter", "  Otter ", "OT TER", "ottér", "ot-ter", "o'tter"])
      expect(stationWordKey(typed)).toBe(otter);
    expect(stationWordKey("Iasc")).toBe(stationWordKey("íasc"));
    expect(stationWordKey("otters")).not.toBe(otter);
  });
  it("each station number has a symbol, twelve in turn", () => {
    expect(stationSymbolOf(1)).toBe("star");
    expect(stationSymbolOf(12)).toBe(STATION_SYMBOLS[11]);
    expect(stationSymbolOf(13)).toBe("star");
    expect(new Set(STATION_SYMBOLS).size).toBe(12);
  });
});
