/** The tablet's screens and who is next, from the server's turn and what the screen saw. */
import { describe, expect, it } from "vitest";
import type { Tablet, TabletPlayer } from "../../../shared/play/play-responses.ts";
import { nextAfterRightAnswer, type TabletMoment, tabletView } from "./tablet-view.ts";

const player = (name: string, done: number, extra: Partial<TabletPlayer> = {}): TabletPlayer => ({
  progressId: `p-${name}`,
  name,
  completedQuestionsCount: done,
  correctFirstTimeCount: 0,
  stationsFound: 0,
  completed: false,
  ...extra,
});
const tablet = (players: TabletPlayer[], turn: string | null): Tablet => ({ players, turn });
const state = (t: Tablet | null, questionCount = 3) => ({ tablet: t, questionCount });
const moment = (extra: Partial<TabletMoment> = {}): TabletMoment => ({
  handOverFrom: null,
  started: null,
  celebrating: false,
  midTurn: false,
  ...extra,
});

describe("who is next after a right answer", () => {
  it("is the next child still to answer this question, in the order they were added", () => {
    const t = tablet([player("Aoife", 0), player("Cian", 0), player("Saoirse", 0)], "p-Aoife");
    expect(nextAfterRightAnswer(t, "p-Aoife", 3)?.name).toBe("Cian");
    const cianTurn = tablet([player("Aoife", 1), player("Cian", 0), player("Saoirse", 0)], "p-Cian");
    expect(nextAfterRightAnswer(cianTurn, "p-Cian", 3)?.name).toBe("Saoirse");
  });

  it("is the first child at the next question once everyone has answered this one", () => {
    const t = tablet([player("Aoife", 1), player("Cian", 1), player("Saoirse", 0)], "p-Saoirse");
    expect(nextAfterRightAnswer(t, "p-Saoirse", 3)?.name).toBe("Aoife");
  });

  it("is the same child while they catch up alone, and nobody after the last answer of all", () => {
    const late = tablet([player("Aoife", 2), player("Cian", 0)], "p-Cian");
    expect(nextAfterRightAnswer(late, "p-Cian", 3)?.name).toBe("Cian");
    const last = tablet([player("Aoife", 3, { completed: true }), player("Cian", 2, { completed: false })], "p-Cian");
    expect(nextAfterRightAnswer(last, "p-Cian", 3)).toBeNull();
    expect(nextAfterRightAnswer(last, "p-nobody", 3)).toBeNull();
  });
});

describe("the tablet's screen", () => {
  const aoife = player("Aoife", 0);
  const cian = player("Cian", 0);
  const both = tablet([aoife, cian], "p-Aoife");

  it("is a child alone's page without a tablet, or with one child left on it", () => {
    expect(tabletView(state(null), moment())).toEqual({ kind: "alone" });
    expect(tabletView(state(tablet([aoife], "p-Aoife")), moment())).toEqual({ kind: "alone" });
  });

  it("asks the turn's child to press their name first, unless they pressed it or already tried", () => {
    expect(tabletView(state(both), moment())).toEqual({ kind: "gate", to: aoife });
    expect(tabletView(state(both), moment({ started: { progressId: "p-Aoife", count: 0 } }))).toEqual({
      kind: "turn",
      player: aoife,
    });
    // Pressed at an earlier question: the gate again.
    expect(tabletView(state(both), moment({ started: { progressId: "p-Aoife", count: 1 } })).kind).toBe("gate");
    expect(tabletView(state(both), moment({ midTurn: true }))).toEqual({ kind: "turn", player: aoife });
  });

  it("keeps 'Correct!' on the question, then hands over to the child expected until the server names them", () => {
    const handOver = { handOverFrom: aoife, started: { progressId: "p-Aoife", count: 0 } };
    expect(tabletView(state(both), moment({ ...handOver, celebrating: true }))).toEqual({
      kind: "turn",
      player: aoife,
    });
    expect(tabletView(state(both), moment(handOver))).toEqual({
      kind: "hand-over",
      from: aoife,
      to: cian,
      ready: false,
    });
    const cianTurn = tablet([player("Aoife", 1), cian], "p-Cian");
    expect(tabletView(state(cianTurn), moment(handOver))).toEqual({
      kind: "hand-over",
      from: aoife,
      to: cian,
      ready: true,
    });
    // The state came while 'Correct!' still showed: the hand-over at once, her tick never over his question.
    expect(tabletView(state(cianTurn), moment({ ...handOver, celebrating: true })).kind).toBe("hand-over");
  });

  it("goes straight on for a child catching up alone, and shows everyone's results at the end", () => {
    const late = player("Cian", 0);
    const lateState = tablet([player("Aoife", 2), { ...late, completedQuestionsCount: 1 }], "p-Cian");
    expect(tabletView(state(lateState), moment({ handOverFrom: late })).kind).toBe("turn");
    const done = tablet([player("Aoife", 3, { completed: true }), player("Cian", 3, { completed: true })], null);
    expect(tabletView(state(done), moment({ handOverFrom: aoife }))).toEqual({
      kind: "all-done",
      players: done.players,
    });
  });

  it("says nobody is next while the last answer of all waits for the server's state", () => {
    const lastOne = tablet([player("Aoife", 3, { completed: true }), player("Cian", 2)], "p-Cian");
    const cianBefore = lastOne.players[1]!;
    expect(tabletView(state(lastOne), moment({ handOverFrom: cianBefore }))).toEqual({
      kind: "hand-over",
      from: cianBefore,
      to: null,
      ready: false,
    });
  });
});
