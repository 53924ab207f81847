import { describe, expect, it } from "vitest";
import { groupTrail } from "./group-trail.server.ts";

const stations = [
  { questionIndex: 0, number: 4 },
  { questionIndex: 1, number: 5 },
  { questionIndex: 2, number: 9 },
];

describe("a group's trail on the stage", () => {
  it("follows the group's own route, each stop named by its card", () => {
    const trail = groupTrail("red-circle", stations, [{ questionIndex: 1, found: 3, answered: 2 }]);
    expect(trail).toEqual([
      { questionIndex: 1, number: 5, symbol: "leaf", found: 3, answered: 2 },
      { questionIndex: 2, number: 9, symbol: "boat", found: 0, answered: 0 },
      { questionIndex: 0, number: 4, symbol: "heart", found: 0, answered: 0 },
    ]);
  });
  it("a question without a card yet is numbered by its place in the game", () => {
    const trail = groupTrail("blue-triangle", [stations[0]!, { questionIndex: 1, number: null }], []);
    expect(trail.map((s) => [s.questionIndex, s.number])).toEqual([
      [0, 4],
      [1, 2],
    ]);
  });
  it("a game with no questions has an empty trail", () => {
    expect(groupTrail("yellow-square", [], [])).toEqual([]);
  });
});
