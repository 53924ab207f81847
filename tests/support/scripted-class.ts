/**
 * A class of six with every outcome kind, played through the real API (3 questions; correct
 * options 1, 2, 0): first try, eventually, still wrong, not attempted, in progress,
 * completed, help requested — and a name a spreadsheet would take for a formula.
 */
import { expect } from "vitest";
import { CORRECT, joinedStudent } from "./classroom.ts";

export const CLASS_NAMES = ["Aoife", "Bríd", "Cathal", "Dara", "Eimear", "=SUM(1+1)"] as const;

export async function playScriptedClass(baseUrl: string, codes: string[]) {
  // One after another, so the results list them in this order (by time joined).
  const joined = [];
  for (const [i, name] of CLASS_NAMES.entries())
    joined.push(await joinedStudent(baseUrl, codes[i % codes.length]!, name));
  const [aoife, brid, cathal, dara, eimear, formula] = joined;
  const ok = async (p: Promise<{ status: number }>) => expect((await p).status).toBe(200);
  const wrong = (q: number) => (CORRECT[q]! + 1) % 4;

  for (let q = 0; q < 3; q++) await ok(aoife!.answer(q, CORRECT[q]!));
  await ok(brid!.answer(0, wrong(0)));
  await ok(brid!.answer(0, CORRECT[0]!));
  await ok(brid!.answer(1, CORRECT[1]!));
  await ok(brid!.answer(2, wrong(2)));
  await ok(brid!.client.post(`/api/play/${brid!.progressId}/help`, { requested: true }));
  await ok(cathal!.answer(0, CORRECT[0]!));
  await ok(eimear!.answer(0, wrong(0)));
  await ok(eimear!.answer(0, (wrong(0) + 1) % 4 === CORRECT[0] ? (wrong(0) + 2) % 4 : (wrong(0) + 1) % 4));
  await ok(eimear!.answer(0, CORRECT[0]!));
  await ok(eimear!.answer(1, wrong(1)));
  await ok(eimear!.answer(1, CORRECT[1]!));
  await ok(eimear!.answer(2, CORRECT[2]!));
  await ok(formula!.answer(0, CORRECT[0]!));
  return { aoife: aoife!, brid: brid!, cathal: cathal!, dara: dara!, eimear: eimear!, formula: formula! };
}

/** What the results must say about that class. */
export const expectedClass = {
  participants: 6,
  averageScore: "1.7",
  rows: [
    {
      name: "Aoife",
      score: "3 / 3",
      status: "Completed",
      help: "No",
      outcomes: ["correct_first", "correct_first", "correct_first"],
    },
    {
      name: "Bríd",
      score: "2 / 3",
      status: "In Progress",
      help: "Yes",
      outcomes: ["correct_eventual", "correct_first", "incorrect"],
    },
    {
      name: "Cathal",
      score: "1 / 3",
      status: "In Progress",
      help: "No",
      outcomes: ["correct_first", "unanswered", "unanswered"],
    },
    {
      name: "Dara",
      score: "0 / 3",
      status: "In Progress",
      help: "No",
      outcomes: ["unanswered", "unanswered", "unanswered"],
    },
    {
      name: "Eimear",
      score: "3 / 3",
      status: "Completed",
      help: "No",
      outcomes: ["correct_eventual", "correct_eventual", "correct_first"],
    },
    {
      name: "=SUM(1+1)",
      score: "1 / 3",
      status: "In Progress",
      help: "No",
      outcomes: ["correct_first", "unanswered", "unanswered"],
    },
  ],
  questions: [
    // The scripted game has no clues, so no pupil was shown one; it is played on screen, so no station is found.
    {
      index: 0,
      firstTry: 3,
      eventually: 2,
      stillWrong: 0,
      notAttempted: 1,
      averageAttempts: 1.6,
      clueShown: 0,
      found: 0,
    },
    {
      index: 1,
      firstTry: 2,
      eventually: 1,
      stillWrong: 0,
      notAttempted: 3,
      averageAttempts: 1.3,
      clueShown: 0,
      found: 0,
    },
    {
      index: 2,
      firstTry: 2,
      eventually: 0,
      stillWrong: 1,
      notAttempted: 3,
      averageAttempts: 1,
      clueShown: 0,
      found: 0,
    },
  ],
} as const;
