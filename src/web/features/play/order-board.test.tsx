/**
 * An order's slots without a drag: a tap (or Enter) on an item fills the next empty slot and the
 * focus goes on to the next item to place; a tap on a placed item takes it back; the arrow keys
 * move a placed item, the focus staying on it; each move said to screen readers. Locked (an
 * answer on its way), nothing moves.
 */
import { fireEvent } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import type { Slots } from "./answer-draft.ts";
import { OrderBoard } from "./order-board.tsx";

const question: PlayQuestion = {
  index: 2,
  kind: "order",
  questionText: "Put the life of a tree in order.",
  options: ["Tree", "Seed", "Sprout"],
  wrongOptions: [],
  clue: null,
  picture: null,
  optionPictures: null,
  recording: null,
  optionRecordings: null,
  clueRecording: null,
};

function Board({ locked = false }: { locked?: boolean }) {
  const [slots, setSlots] = useState<Slots>([null, null, null]);
  return (
    <OrderBoard
      question={question}
      slots={slots}
      onChange={setSlots}
      locked={locked}
      feedback={null}
      textLang="en-IE"
    />
  );
}

const item = (page: HTMLElement, text: string) =>
  [...page.querySelectorAll<HTMLButtonElement>(".order-item")].find((b) => b.textContent === text)!;
const slotTexts = (page: HTMLElement) =>
  [...page.querySelectorAll(".order-slot")].map((s) => s.querySelector(".order-item-text")?.textContent ?? null);
const poolTexts = (page: HTMLElement) =>
  [...page.querySelectorAll(".order-pool .order-item-text")].map((s) => s.textContent);
const said = (page: HTMLElement) => page.querySelector("[aria-live]")?.textContent;

describe("an order made without dragging", () => {
  it("fills the slots by taps, takes one back, and moves one with the arrow keys, saying each move", () => {
    const page = renderInPage(<Board />).container;
    expect(poolTexts(page)).toEqual(["Tree", "Seed", "Sprout"]);
    expect(slotTexts(page)).toEqual([null, null, null]);

    fireEvent.click(item(page, "Seed"));
    expect(slotTexts(page)).toEqual(["Seed", null, null]);
    expect(said(page)).toBe("Seed: place 1 of 3");
    // The keyboard goes on to the next item still to place.
    expect(document.activeElement?.textContent).toBe("Tree");
    fireEvent.click(item(page, "Sprout"));
    fireEvent.click(item(page, "Tree"));
    expect(slotTexts(page)).toEqual(["Seed", "Sprout", "Tree"]);
    expect(page.querySelector(".order-pool")?.classList.contains("is-empty")).toBe(true);

    // A tap on a placed item: back among the items, its slot empty for the next tap.
    fireEvent.click(item(page, "Sprout"));
    expect(slotTexts(page)).toEqual(["Seed", null, "Tree"]);
    expect(said(page)).toBe("Sprout: taken back");
    expect(document.activeElement?.textContent).toBe("Sprout");
    fireEvent.click(item(page, "Sprout"));
    expect(slotTexts(page)).toEqual(["Seed", "Sprout", "Tree"]);

    // The arrow keys: Tree up one place, the focus with it; nothing past the top.
    fireEvent.keyDown(item(page, "Tree"), { key: "ArrowUp" });
    expect(slotTexts(page)).toEqual(["Seed", "Tree", "Sprout"]);
    expect(said(page)).toBe("Tree: place 2 of 3");
    expect(document.activeElement?.textContent).toBe("Tree");
    fireEvent.keyDown(item(page, "Seed"), { key: "ArrowUp" });
    expect(slotTexts(page)).toEqual(["Seed", "Tree", "Sprout"]);
    fireEvent.keyDown(item(page, "Seed"), { key: "ArrowDown" });
    expect(slotTexts(page)).toEqual(["Tree", "Seed", "Sprout"]);
    // An item not placed yet has no place to move from.
    expect(item(page, "Seed").getAttribute("aria-describedby")).toBe("order-placed-hint");
  });

  it("moves nothing while an answer is on its way", () => {
    const page = renderInPage(<Board locked />).container;
    fireEvent.click(item(page, "Seed"));
    expect(slotTexts(page)).toEqual([null, null, null]);
    expect(item(page, "Seed").disabled).toBe(true);
  });
});
