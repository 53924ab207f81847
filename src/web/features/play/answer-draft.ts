/**
 * The answer a child is making before Submit, for every kind of question (decision 050), as pure
 * functions (unit-tested in node): the tile chosen, choose all's tiles, the text typed, an order's
 * numbered slots. `answerOfDraft` says what Submit would send, or null while it is not ready.
 *
 * An order is made in numbered slots: `slots[k]` is the place (in PlayQuestion.options, as shown)
 * of the item put in slot k, or null while the slot is empty. A tap fills the first empty slot; a
 * tap on a placed item takes it back; a drag or the arrow keys move an item between slots.
 */
import { KIND_LIMITS } from "../../../shared/games/question-kinds.ts";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import { type GivenAnswer, tileCount } from "./answer-protocol.ts";

export type Slots = readonly (number | null)[];

export type Draft = {
  /** Four options, true or false: the tile chosen. */
  option: number | null;
  /** Choose all that apply: the tiles chosen, in order. */
  chosen: readonly number[];
  /** Type the answer: the text in the box. */
  typed: string;
  /** Put in order: the slots. */
  slots: Slots;
};

export const emptyDraft = (q: Pick<PlayQuestion, "kind" | "options">): Draft => ({
  option: null,
  chosen: [],
  typed: "",
  slots: Array.from({ length: q.kind === "order" ? q.options.length : 0 }, () => null),
});

/** What Submit sends for this draft, or null while the answer is not ready (nothing chosen, typed or every slot not filled). */
export function answerOfDraft(q: PlayQuestion, draft: Draft): GivenAnswer | null {
  switch (q.kind) {
    case "multi": {
      const chosen = [...new Set(draft.chosen)].filter((k) => k >= 0 && k < q.options.length).sort((a, b) => a - b);
      return chosen.length > 0 ? { selectedOptions: chosen } : null;
    }
    case "typed":
      return draft.typed.trim() !== "" && [...draft.typed].length <= KIND_LIMITS.typedAnswer
        ? { typedAnswer: draft.typed }
        : null;
    case "order": {
      const slots = draft.slots;
      const full = slots.length === q.options.length && slots.every((place) => place !== null);
      return full && new Set(slots).size === slots.length ? { order: slots as number[] } : null;
    }
    default: {
      // Four options (a question from before kinds has none: four options), or true or false.
      const option = draft.option;
      return option !== null && option >= 0 && option < tileCount(q) && !q.wrongOptions.includes(option)
        ? { selectedOption: option }
        : null;
    }
  }
}

/** A choose-all tile pressed: chosen if it was not, no longer chosen if it was. */
export const toggled = (chosen: readonly number[], option: number): number[] =>
  chosen.includes(option) ? chosen.filter((k) => k !== option) : [...chosen, option].sort((a, b) => a - b);

/** The items not in a slot yet, as their places in the order shown. */
export const unplaced = (slots: Slots, itemCount: number): number[] =>
  Array.from({ length: itemCount }, (_, place) => place).filter((place) => !slots.includes(place));

/** An item tapped: into the first empty slot (an item already placed stays where it is). */
export function placeNext(slots: Slots, place: number): Slots {
  const empty = slots.indexOf(null);
  if (slots.includes(place) || empty < 0) return slots;
  return slots.map((p, k) => (k === empty ? place : p));
}

/** A placed item tapped: back out of its slot, which stays empty for the next tap. */
export const takeBack = (slots: Slots, slot: number): Slots => slots.map((p, k) => (k === slot ? null : p));

/** Slot `from`'s item and slot `to`'s swap places (either may be empty): the arrow keys, the move buttons, a drag between slots. */
export function swapSlots(slots: Slots, from: number, to: number): Slots {
  if (from === to || from < 0 || to < 0 || from >= slots.length || to >= slots.length) return slots;
  return slots.map((p, k) => (k === from ? slots[to]! : k === to ? slots[from]! : p));
}

/**
 * An item dropped on a slot: from another slot, the two swap; from the unplaced items, it takes
 * the slot and the item that was there goes back among them.
 */
export function dropOnSlot(slots: Slots, place: number, slot: number): Slots {
  const from = slots.indexOf(place);
  if (from >= 0) return swapSlots(slots, from, slot);
  if (slot < 0 || slot >= slots.length) return slots;
  return slots.map((p, k) => (k === slot ? place : p));
}

/** An item dropped back among the unplaced ones: out of its slot. */
export function dropOutside(slots: Slots, place: number): Slots {
  const from = slots.indexOf(place);
  return from < 0 ? slots : takeBack(slots, from);
}

/** `text` with `letter` in place of its selection [start, end): the new text and where the caret goes, or null when it would pass the limit. */
export function withLetter(
  text: string,
  letter: string,
  start: number,
  end: number,
): { text: string; caret: number } | null {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const next = text.slice(0, from) + letter + text.slice(to);
  if ([...next].length > KIND_LIMITS.typedAnswer) return null;
  return { text: next, caret: from + letter.length };
}
