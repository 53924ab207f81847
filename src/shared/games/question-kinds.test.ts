import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  acceptedKeys,
  answerKey,
  givenOrder,
  indicesOfMask,
  inPlaceCount,
  isOrderOf,
  isRightOrder,
  kindOf,
  looseKey,
  maskOf,
  optionCountRange,
  repeatedItem,
  shuffledOrder,
  typedVerdict,
  typedVerdictOfKeys,
} from "./question-kinds.ts";

describe("a question's kind", () => {
  it("is four options when absent or unknown (every game saved before kinds)", () => {
    expect(kindOf({})).toBe("choice");
    expect(kindOf({ kind: null })).toBe("choice");
    expect(kindOf({ kind: "essay" })).toBe("choice");
    expect(kindOf({ kind: "order" })).toBe("order");
  });

  it("says how many options each kind holds", () => {
    expect(optionCountRange("choice")).toEqual({ min: 4, max: 4 });
    expect(optionCountRange("multi")).toEqual({ min: 4, max: 4 });
    expect(optionCountRange("truefalse")).toEqual({ min: 0, max: 0 });
    expect(optionCountRange("typed")).toEqual({ min: 1, max: 5 });
    expect(optionCountRange("order")).toEqual({ min: 3, max: 6 });
  });
});

describe("type the answer", () => {
  it("ignores case, spaces at the ends and between words, and punctuation at the end", () => {
    expect(answerKey("  The   Liffey. ")).toBe("the liffey");
    expect(answerKey("Dublin!?")).toBe("dublin");
    expect(answerKey("Dublin")).toBe(answerKey("dublin"));
    expect(answerKey("'Dublin'")).toBe("dublin");
    // Punctuation inside an answer is part of it.
    expect(answerKey("o'brien")).not.toBe(answerKey("obrien"));
  });

  it("matches a number by its value", () => {
    for (const seven of ["7", "7.0", " 07", "+7", "7.000"]) expect(answerKey(seven)).toBe("7");
    expect(answerKey("1,000")).toBe("1000");
    expect(answerKey("0.50")).toBe("0.5");
    expect(answerKey("7.5")).not.toBe(answerKey("75"));
    expect(answerKey("7 apples")).toBe("7 apples");
  });

  it("keeps fadas in the key and drops them from the loose key", () => {
    expect(answerKey("Arán")).toBe("arán");
    expect(looseKey("arán")).toBe("aran");
    // A fada typed as a separate accent is the same letter.
    expect(answerKey("Ara\u0301n")).toBe("arán");
    expect(acceptedKeys(["Arán", "Bríd"])).toEqual({ strict: ["arán", "bríd"], loose: ["aran", "brid"] });
  });

  it("says 'nearly' for a missing or wrong fada only where fadas count, never a wrong try", () => {
    expect(typedVerdict("aran", ["arán"], true)).toBe("nearly");
    expect(typedVerdict("arán", ["arán"], true)).toBe("right");
    expect(typedVerdict("arànn", ["arán"], true)).toBe("wrong");
    // The wrong accent on the right letters is nearly too.
    expect(typedVerdict("aràn", ["arán"], true)).toBe("nearly");
    // Where they do not count, the same answers are right.
    expect(typedVerdict("aran", ["arán"], false)).toBe("right");
    expect(typedVerdict("aràn", ["arán"], false)).toBe("right");
    // An accent the teacher did not write is not required either way.
    expect(typedVerdict("café", ["cafe"], false)).toBe("right");
    expect(typedVerdict("café", ["cafe"], true)).toBe("nearly");
    expect(typedVerdict("tea", ["arán", "tae"], true)).toBe("wrong");
    expect(typedVerdict("Tae.", ["arán", "tae"], true)).toBe("right");
  });

  it("gives the same verdict from stored keys as from the answers (the server compares keys)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 5 }),
        fc.string({ maxLength: 12 }),
        fc.boolean(),
        (accepted, typed, fadas) => {
          expect(typedVerdictOfKeys(answerKey(typed), acceptedKeys(accepted), fadas)).toBe(
            typedVerdict(typed, accepted, fadas),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("always accepts an accepted answer as written", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        (accepted, fadas) => {
          for (const answer of accepted) expect(typedVerdict(answer, accepted, fadas)).toBe("right");
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("put in order", () => {
  it("shuffles into some order of the items, never the right one, the same for the same seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (n, seed) => {
        const shown = shuffledOrder(n, seed);
        expect(isOrderOf(shown, n)).toBe(true);
        expect(isRightOrder(shown)).toBe(false);
        expect(shuffledOrder(n, seed)).toEqual(shown);
      }),
      { numRuns: 500 },
    );
  });

  it("gives different children different orders", () => {
    const orders = new Set(Array.from({ length: 50 }, (_, seed) => shuffledOrder(5, seed * 7919 + 1).join()));
    expect(orders.size).toBeGreaterThan(20);
  });

  it("maps the child's places back to the items' right places, right only when all are in place", () => {
    const shown = [2, 0, 3, 1];
    // The child puts the item shown second (0) first, then the fourth (1), the first (2), the third (3).
    expect(givenOrder([1, 3, 0, 2], shown)).toEqual([0, 1, 2, 3]);
    expect(isRightOrder(givenOrder([1, 3, 0, 2], shown))).toBe(true);
    // As shown: none in place here.
    expect(inPlaceCount(givenOrder([0, 1, 2, 3], shown))).toBe(0);
    expect(inPlaceCount([0, 2, 1, 3])).toBe(2);
    expect(isRightOrder([0, 2, 1, 3])).toBe(false);
  });

  it("accepts only some order of all the places, each once", () => {
    expect(isOrderOf([2, 0, 1], 3)).toBe(true);
    expect(isOrderOf([0, 0, 1], 3)).toBe(false);
    expect(isOrderOf([0, 1], 3)).toBe(false);
    expect(isOrderOf([0, 1, 3], 3)).toBe(false);
    expect(isOrderOf([0, 1.5, 2], 3)).toBe(false);
  });

  it("finds an item repeated, whatever its case, spaces or full stop", () => {
    expect(repeatedItem(["Seed", "Tree", "seed."])).toBe(2);
    expect(repeatedItem(["Seed", "Tree", "Sprout"])).toBe(-1);
  });
});

describe("choose all that apply", () => {
  it("keeps the options chosen as a mask and back", () => {
    expect(maskOf([0, 2])).toBe(5);
    expect(maskOf([2, 0, 2])).toBe(5);
    expect(indicesOfMask(13)).toEqual([0, 2, 3]);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 3 })), (chosen) => {
        expect(indicesOfMask(maskOf(chosen))).toEqual([...chosen].sort((a, b) => a - b));
      }),
    );
  });
});
