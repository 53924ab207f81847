/**
 * The order in which a child is shown an order question's items (decision 050): shuffled per child
 * and question by a seed only the server can make (an HMAC of the session secret), so the order on
 * the screen, the page's code and the wire together tell nothing of the right order. Every instance
 * shares the secret, so a child's screen and their answer agree whichever instance serves them.
 */
import { createHmac } from "node:crypto";
import { shuffledOrder } from "../../shared/games/question-kinds.ts";
import type { PlayQuestion } from "../../shared/play/play-responses.ts";

export type OrderShuffle = {
  /** `shown[p]`: the right place of the item shown at place p, for this child's question of `n` items. */
  shownOrder(progressId: string, questionIndex: number, n: number): number[];
};

export function createOrderShuffle(secret: string): OrderShuffle {
  return {
    shownOrder(progressId, questionIndex, n) {
      const seed = createHmac("sha256", secret).update(`order:${progressId}:${questionIndex}`).digest().readUInt32BE(0);
      return shuffledOrder(n, seed);
    },
  };
}

/**
 * A question as a child is shown it: an order question's items (and their pictures and recordings) in this child's
 * shuffled order; every other kind as read.
 */
export function shownToChild(question: PlayQuestion, progressId: string, shuffle: OrderShuffle): PlayQuestion {
  if (question.kind !== "order") return question;
  const shown = shuffle.shownOrder(progressId, question.index, question.options.length);
  return {
    ...question,
    options: shown.map((k) => question.options[k]!),
    optionPictures: question.optionPictures && shown.map((k) => question.optionPictures![k] ?? null),
    optionRecordings: question.optionRecordings && shown.map((k) => question.optionRecordings![k] ?? null),
  };
}
