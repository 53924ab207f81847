import { describe, expect, it } from "vitest";
import { nextInTurn, type TurnCandidate, turnOf } from "./tablet-turns.ts";

const child = (
  progressId: string,
  seat: number,
  completedQuestionsCount: number,
  completed = false,
): TurnCandidate => ({
  progressId,
  seat,
  completedQuestionsCount,
  completed,
});

describe("whose turn it is on a tablet", () => {
  it("is the first added of the children at the tablet's question", () => {
    expect(turnOf([child("a", 0, 2), child("c", 1, 2), child("s", 2, 2)])?.progressId).toBe("a");
    // Aoife answered question 3 right: Cian's turn at it, then Saoirse's.
    expect(turnOf([child("a", 0, 3), child("c", 1, 2), child("s", 2, 2)])?.progressId).toBe("c");
    expect(turnOf([child("a", 0, 3), child("c", 1, 3), child("s", 2, 2)])?.progressId).toBe("s");
  });

  it("lets a child added late catch up alone first, and skips a removed child's seat", () => {
    expect(turnOf([child("a", 0, 4), child("s", 2, 4), child("d", 3, 0)])?.progressId).toBe("d");
    expect(turnOf([child("s", 2, 1), child("d", 3, 1)])?.progressId).toBe("s");
  });

  it("is nobody's once every child has finished; a finished child is never asked again", () => {
    expect(turnOf([child("a", 0, 3, true), child("c", 1, 3, true)])).toBeNull();
    expect(turnOf([child("a", 0, 3, true), child("c", 1, 2)])?.progressId).toBe("c");
    expect(turnOf([])).toBeNull();
  });

  it("names the child the tablet is passed to next: the next at the question, then the first at the next one, then nobody", () => {
    const players = [child("a", 0, 3), child("c", 1, 2), child("s", 2, 2)];
    expect(nextInTurn(players, players[1]!, 5)?.progressId).toBe("s");
    const lastAtQuestion = [child("a", 0, 3), child("c", 1, 3), child("s", 2, 2)];
    expect(nextInTurn(lastAtQuestion, lastAtQuestion[2]!, 5)?.progressId).toBe("a");
    const lastQuestion = [child("a", 0, 5, true), child("c", 1, 5, true), child("s", 2, 4)];
    expect(nextInTurn(lastQuestion, lastQuestion[2]!, 5)).toBeNull();
  });
});
