import { describe, expect, it } from "vitest";
import { groupNumberOf, pupilHunt, type StationRead } from "./pupil-hunt.ts";

const station = (questionIndex: number, extra: Partial<StationRead> = {}): StationRead => ({
  questionIndex,
  number: questionIndex + 1,
  hidingPlace: null,
  found: false,
  answered: false,
  ...extra,
});

describe("a pupil's hunt", () => {
  it("numbers the groups in the catalogue's order", () => {
    expect(groupNumberOf("yellow-square")).toBe(1);
    expect(groupNumberOf("red-circle")).toBe(2);
    expect(groupNumberOf("orange-octagon")).toBe(6);
  });

  it("follows the group's route: the second group starts at the second station", () => {
    const hunt = pupilHunt([station(0), station(1, { hidingPlace: "under the globe" }), station(2)], "red-circle", 3);
    expect(hunt.route.map((s) => s.questionIndex)).toEqual([1, 2, 0]);
    expect(hunt.next).toEqual({
      questionIndex: 1,
      number: 2,
      symbol: "moon",
      hidingPlace: "under the globe",
      status: "toFind",
    });
  });

  it("marks stations found and answered; the next is the first not answered, found or not", () => {
    const hunt = pupilHunt(
      [station(0, { answered: true, found: true }), station(1, { found: true }), station(2)],
      "yellow-square",
      3,
    );
    expect(hunt.route.map((s) => s.status)).toEqual(["answered", "found", "toFind"]);
    expect(hunt.next?.questionIndex).toBe(1);
  });

  it("has no next station once every one is answered", () => {
    const all = [0, 1].map((i) => station(i, { found: true, answered: true }));
    expect(pupilHunt(all, "blue-triangle", 2).next).toBeNull();
  });

  it("keeps a card's own number and symbol, whatever the question's position", () => {
    const hunt = pupilHunt([station(0, { number: 13 })], "yellow-square", 1);
    expect(hunt.route[0]).toMatchObject({ number: 13, symbol: "star" });
  });
});
