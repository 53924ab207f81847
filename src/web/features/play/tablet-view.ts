/**
 * A tablet passed around a group (decision 048), as pure functions (unit-tested in node): which
 * screen the play page shows — a child's turn, the hand-over between two children ("Well done,
 * Aoife! Pass the tablet to Cian"), the gate before a turn ("It's Cian's turn", "I'm Cian"), or
 * everyone's results — and who is next after a right answer. The server says whose turn it is
 * (`tablet.turn`); the page remembers only what happened on this screen since: who just answered
 * right, and which child pressed their name.
 */
import type { PlayState, Tablet, TabletPlayer } from "../../../shared/play/play-responses.ts";
import { nextInTurn } from "../../../shared/play/tablet-turns.ts";

/** A child at one question (or, around the room, one station): their id and their count of questions answered right. */
export type TurnMark = { progressId: string; count: number };

export const markOf = (player: TabletPlayer): TurnMark => ({
  progressId: player.progressId,
  count: player.completedQuestionsCount,
});

export type TabletView =
  /** No tablet, or one child left on it: the play page of a child alone. */
  | { kind: "alone" }
  /** Every child has finished: each one's results. */
  | { kind: "all-done"; players: TabletPlayer[] }
  /**
   * After `from`'s right answer: nothing of it shown, the tablet passed to `to` (null: nobody
   * else waits, the page is about to move on). `ready` once the server's state names `to`'s turn.
   */
  | { kind: "hand-over"; from: TabletPlayer; to: TabletPlayer | null; ready: boolean }
  /** `to`'s turn, not started on this screen: their name to press first. */
  | { kind: "gate"; to: TabletPlayer }
  /** `player` is answering: their name above their question. */
  | { kind: "turn"; player: TabletPlayer };

/** What the screen itself knows: who just answered right (as they were before it), who pressed their name. */
export type TabletMoment = {
  /** The child whose right answer the tablet is passed on after; null before any, or once the next child started. */
  handOverFrom: TabletPlayer | null;
  /** The child who pressed "I'm …" at their current question. */
  started: TurnMark | null;
  /** 'Correct!' is still showing on the answering child's question. */
  celebrating: boolean;
  /** The turn's child already tried this question (a wrong option crossed out, or an answer waiting to be sent). */
  midTurn: boolean;
};

/** The tablet of a state when two or more children share it; a tablet left with one child plays as a child alone. */
export const sharedTablet = (state: Pick<PlayState, "tablet">): Tablet | null =>
  state.tablet && state.tablet.players.length >= 2 ? state.tablet : null;

const seated = (players: readonly TabletPlayer[]) => players.map((player, seat) => ({ ...player, seat }));

/**
 * Who gets the tablet after `answererId` answers their question right (`nextInTurn`): the next
 * child still to answer it, or, when all have, the child furthest behind at the next question (the
 * first added first); the same child while they catch up alone. Null when the answer finished the
 * game for everyone. A prediction from the tablet as this screen last read it: the server's next
 * state says it for sure (the screen waits for it).
 */
export function nextAfterRightAnswer(tablet: Tablet, answererId: string, questionCount: number): TabletPlayer | null {
  const players = seated(tablet.players);
  const answerer = players.find((p) => p.progressId === answererId);
  const next = answerer ? nextInTurn(players, answerer, questionCount) : null;
  return next ? (tablet.players.find((p) => p.progressId === next.progressId) ?? null) : null;
}

/** Which screen the tablet shows, from the server's state and what this screen saw. */
export function tabletView(state: Pick<PlayState, "tablet" | "questionCount">, moment: TabletMoment): TabletView {
  const tablet = sharedTablet(state);
  if (!tablet) return { kind: "alone" };
  if (tablet.turn === null) return { kind: "all-done", players: tablet.players };
  const turn = tablet.players.find((p) => p.progressId === tablet.turn);
  if (!turn) return { kind: "alone" };
  const from = moment.handOverFrom;
  if (from) {
    if (turn.progressId !== from.progressId) return { kind: "hand-over", from, to: turn, ready: true };
    if (turn.completedQuestionsCount === from.completedQuestionsCount) {
      // The state is still the one before the right answer: 'Correct!' on the question, then the
      // hand-over to the child expected next while the server's state comes.
      if (moment.celebrating) return { kind: "turn", player: turn };
      const next = nextAfterRightAnswer(tablet, from.progressId, state.questionCount);
      return { kind: "hand-over", from, to: next?.progressId === from.progressId ? null : next, ready: false };
    }
    // The same child again, one question on: catching up alone (added late), no hand-over.
    return { kind: "turn", player: turn };
  }
  const started = moment.started;
  if (started && started.progressId === turn.progressId && started.count === turn.completedQuestionsCount)
    return { kind: "turn", player: turn };
  // A refresh in the middle of a child's tries goes straight back to them.
  if (moment.midTurn) return { kind: "turn", player: turn };
  return { kind: "gate", to: turn };
}
