/**
 * A class of six with every outcome kind, played through the real API (3 questions; correct
 * options 1, 2, 0): first try, eventually, still wrong, not attempted, in progress,
 * completed, help requested — and a name a spreadsheet would take for a formula.
 */
import { expect } from "vitest";
import { attemptId, CORRECT, joinedStudent } from "./classroom.ts";

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

/** A game of the four new kinds (decision 050): type the answer, true or false, put in order, choose all that apply. */
export const KIND_ORDER_ITEMS = ["1", "5", "9", "12"];
export const kindsGame = {
  title: "Mata - 2nd Class - Kinds",
  questions: [
    { kind: "typed", questionText: "Spell 'dog'.", options: ["dog"] },
    { kind: "truefalse", questionText: "A spider has eight legs.", options: [], correctAnswer: 0 },
    { kind: "order", questionText: "Smallest first.", options: KIND_ORDER_ITEMS },
    { kind: "multi", questionText: "Which are even?", options: ["2", "3", "4", "5"], correctAnswers: [0, 2] },
  ],
};

/**
 * Five pupils play `kindsGame` through the play API, one after another (the results list them in
 * this order): Aoife gets each wrong then right; Bríd's order stays wrong (5 → 1 → 9 → 12); Cian
 * types "dgo " then "=1+1" and stops; Dara says False; Eimear chooses 2, 3 and 4. The typed
 * question's wrong tries: "dgo", "Dgo.", "dgo " (one answer, folded), "=1+1" and "cat".
 */
export async function playKindsClass(baseUrl: string, code: string) {
  const pupil = async (name: string) => {
    const joined = await joinedStudent(baseUrl, code, name);
    const send = async (questionIndex: number, answer: Record<string, unknown>) => {
      const res = await joined.client.post(`/api/play/${joined.progressId}/answers`, {
        questionIndex,
        attemptId: attemptId(),
        ...answer,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { isCorrect: boolean };
    };
    // The items in this order, as the places this child was shown them at (shuffled per child).
    const order = async (items: string[]) => {
      const shown = (await joined.state()).body.current.options as string[];
      return send(2, { order: items.map((item) => shown.indexOf(item)) });
    };
    return { send, order };
  };
  const aoife = await pupil("Aoife");
  await aoife.send(0, { typedAnswer: "dgo" });
  await aoife.send(0, { typedAnswer: "Dgo." });
  expect((await aoife.send(0, { typedAnswer: "dog" })).isCorrect).toBe(true);
  await aoife.send(1, { selectedOption: 1 });
  await aoife.send(1, { selectedOption: 0 });
  await aoife.order(["5", "1", "12", "9"]);
  expect((await aoife.order(KIND_ORDER_ITEMS)).isCorrect).toBe(true);
  await aoife.send(3, { selectedOptions: [0, 1] });
  expect((await aoife.send(3, { selectedOptions: [2, 0] })).isCorrect).toBe(true);
  const brid = await pupil("Bríd");
  await brid.send(0, { typedAnswer: "Dog" });
  await brid.send(1, { selectedOption: 0 });
  expect((await brid.order(["5", "1", "9", "12"])).isCorrect).toBe(false);
  const cian = await pupil("Cian");
  await cian.send(0, { typedAnswer: "dgo " });
  await cian.send(0, { typedAnswer: "=1+1" });
  const dara = await pupil("Dara");
  await dara.send(0, { typedAnswer: "DOG!" });
  await dara.send(1, { selectedOption: 1 });
  const eimear = await pupil("Eimear");
  await eimear.send(0, { typedAnswer: "cat" });
  await eimear.send(0, { typedAnswer: "dog" });
  await eimear.send(1, { selectedOption: 0 });
  await eimear.order(KIND_ORDER_ITEMS);
  await eimear.send(3, { selectedOptions: [0, 1, 2] });
}
