/**
 * First answers: what each pupil answered at their FIRST try of a question (the earliest kept try),
 * counted per group, and the rules that turn the counts into what the teacher reads and the class
 * discusses: how many chose each option, the right one marked, the most chosen wrong one, and the
 * note the teacher wrote for it ("7 chose 1/3 — thinks a bigger bottom number…"). Pure functions.
 */
import type { GroupIdentifier } from "../games/curriculum.ts";
import { indicesOfMask, type QuestionKind } from "../games/question-kinds.ts";
import { type MessageKey, msg, type Text } from "../i18n/messages.ts";
import { COMMON_WRONG_ANSWERS, foldWrongAnswers, type ResultAnswer, type WrongAnswer } from "./results.ts";

/**
 * One group's first answers to a question. `pupils`: the group's pupils who answered it at least
 * once; `right`: those whose first answer was right.
 * `options`: choice and true/false, how many chose each option first (true/false: 0 True, 1 False);
 * choose all, how many ticked each option in their first answer; null for typed and order.
 * `wrong`: typed, the wrong first answers folded (`foldWrongAnswers`), most common first; order, the
 * wrong first orders, most common first, each as the items' indices in the right order joined by
 * commas ("1,0,2"); null for the other kinds.
 */
export type FirstAnswers = {
  groupIdentifier: GroupIdentifier;
  pupils: number;
  right: number;
  options: number[] | null;
  wrong: WrongAnswer[] | null;
};

/** How many wrong first orders an order question keeps per group. */
export const COMMON_WRONG_ORDERS = 3;

/**
 * One count of first answers: [game, question, group, option or mask (-1 for a typed answer or an
 * order), typed text (wrong only, else null), order given (wrong only, else null), right, pupils].
 */
export type FirstAnswerRow = [string, number, GroupIdentifier, number, string | null, number[] | null, boolean, number];

/** A pupil's wrong first try of a question as the results statement gives it: [question, option or mask, typed text, order given]. */
export type WrongFirstTry = [number, number, string | null, number[] | null];

/**
 * Every pupil's first answer to every question they answered, counted per game, question, group and
 * answer (a right typed text or order counted as one "right", whatever was typed or given): a wrong
 * first try as the pupil's `wrongFirstTries` give it, else the latest answer (a right first try
 * ends the question, so the latest answer is it).
 */
export function firstAnswerRows(
  students: readonly {
    gameId: string;
    groupIdentifier: GroupIdentifier;
    answers: readonly Pick<
      ResultAnswer,
      "questionIndex" | "selectedOption" | "isCorrect" | "typedAnswer" | "givenOrder"
    >[];
    wrongFirstTries: readonly WrongFirstTry[] | null;
  }[],
): FirstAnswerRow[] {
  const counts = new Map<string, FirstAnswerRow>();
  for (const { gameId, groupIdentifier, answers, wrongFirstTries } of students) {
    // Made once per pupil: the live page re-reads the results twice a second, 3,000 answers for 200 pupils.
    const prefix = `${gameId}\u0000${groupIdentifier}\u0000`;
    const wrongFirst = wrongFirstTries?.length ? new Map(wrongFirstTries.map((w) => [w[0], w])) : null;
    for (const answer of answers) {
      const first = wrongFirst?.get(answer.questionIndex);
      const option = first ? first[1] : answer.selectedOption;
      const right = first ? false : answer.isCorrect;
      const text = right ? null : first ? first[2] : (answer.typedAnswer ?? null);
      const order = right ? null : first ? first[3] : (answer.givenOrder ?? null);
      // A typed text never holds a control character (the answer's contract refuses them): \u0000 parts the key.
      const key =
        text === null && order === null
          ? `${prefix}${answer.questionIndex}\u0000${option}\u0000${right}`
          : `${prefix}${answer.questionIndex}\u0000${option}\u0000${right}\u0000${text ?? ""}\u0000${order ?? ""}`;
      const counted = counts.get(key);
      if (counted) counted[7]++;
      else counts.set(key, [gameId, answer.questionIndex, groupIdentifier, option, text, order, right, 1]);
    }
  }
  return [...counts.values()];
}

/** How many options a kind's first answers count: true/false 2, choice and choose all their options, else none. */
const optionCountOf = (kind: QuestionKind, options: readonly string[]) =>
  kind === "truefalse" ? 2 : kind === "choice" || kind === "multi" ? options.length : 0;

/**
 * A question's first answers group by group, in the order of `groups`, from the statement's rows for
 * it (any order). A group with no rows is left out.
 */
export function firstAnswersOf(
  question: { kind: QuestionKind; options: readonly string[] },
  rows: readonly FirstAnswerRow[],
  groups: readonly GroupIdentifier[],
): FirstAnswers[] {
  const { kind } = question;
  const optionCount = optionCountOf(kind, question.options);
  const byGroup = new Map<GroupIdentifier, { answers: FirstAnswers; texts: { text: string; count: number }[] }>();
  for (const [, , group, option, text, order, isRight, count] of rows) {
    let entry = byGroup.get(group);
    if (!entry) {
      entry = {
        answers: {
          groupIdentifier: group,
          pupils: 0,
          right: 0,
          options: optionCount > 0 ? Array.from({ length: optionCount }, () => 0) : null,
          wrong: optionCount > 0 ? null : [],
        },
        texts: [],
      };
      byGroup.set(group, entry);
    }
    const { answers } = entry;
    answers.pupils += count;
    if (isRight) answers.right += count;
    if (answers.options) {
      const chosen = kind === "multi" ? indicesOfMask(Math.max(option, 0)) : [option];
      for (const k of chosen) if (k >= 0 && k < optionCount) answers.options[k]! += count;
    } else if (!isRight && kind === "typed" && text !== null) entry.texts.push({ text, count });
    else if (!isRight && kind === "order" && order !== null) answers.wrong!.push({ answer: order.join(","), count });
  }
  for (const { answers, texts } of byGroup.values()) {
    if (kind === "typed") answers.wrong = foldWrongAnswers(texts, COMMON_WRONG_ANSWERS);
    if (kind === "order") answers.wrong = mostCommon(answers.wrong!, COMMON_WRONG_ORDERS);
  }
  return groups.flatMap((g) => {
    const entry = byGroup.get(g);
    return entry ? [entry.answers] : [];
  });
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The same answers added together, most common first (ties by text), at most `limit`. */
function mostCommon(answers: readonly WrongAnswer[], limit: number): WrongAnswer[] {
  const counts = new Map<string, number>();
  for (const { answer, count } of answers) counts.set(answer, (counts.get(answer) ?? 0) + count);
  return [...counts]
    .map(([answer, count]) => ({ answer, count }))
    .sort((a, b) => b.count - a.count || byText(a.answer, b.answer))
    .slice(0, limit);
}

/** Which pupils' first answers to show: every group's, or one group's. */
export type GroupChoice = GroupIdentifier | "all";

/**
 * The question's first answers for the group chosen, every group's added together for "all" (a
 * typed question's texts folded again: the same answer from two groups is one). Null when no pupil
 * of the choice has answered it.
 */
export function firstAnswersFor(
  question: { kind: QuestionKind; firstAnswers: readonly FirstAnswers[] },
  choice: GroupChoice,
): Omit<FirstAnswers, "groupIdentifier"> | null {
  const chosen = question.firstAnswers.filter((f) => choice === "all" || f.groupIdentifier === choice);
  if (chosen.length === 0) return null;
  const [first] = chosen;
  const options = first!.options
    ? first!.options.map((_, k) => chosen.reduce((n, f) => n + (f.options?.[k] ?? 0), 0))
    : null;
  const allWrong = chosen.flatMap((f) => f.wrong ?? []);
  const wrong =
    first!.wrong === null
      ? null
      : question.kind === "typed"
        ? foldWrongAnswers(
            allWrong.map((w) => ({ text: w.answer, count: w.count })),
            COMMON_WRONG_ANSWERS,
          )
        : mostCommon(allWrong, COMMON_WRONG_ORDERS);
  return {
    pupils: chosen.reduce((n, f) => n + f.pupils, 0),
    right: chosen.reduce((n, f) => n + f.right, 0),
    options,
    wrong,
  };
}

/** One option's line of the first answers: how many chose it first, whether it is right, the most chosen wrong one, its note. */
export type OptionCount = {
  option: number;
  count: number;
  right: boolean;
  mostChosenWrong: boolean;
  note: string | null;
};

/** What the teacher reads of a question's first answers, for one group choice. */
export type FirstAnswerView = {
  pupils: number;
  right: number;
  /** choice, true/false and choose all: every option's count, in the options' order; null otherwise. */
  options: OptionCount[] | null;
  /** typed and order: the most common wrong first answers (the first is the most chosen); null otherwise. */
  wrong: WrongAnswer[] | null;
};

type ViewedQuestion = {
  kind: QuestionKind;
  options: readonly string[];
  correctAnswer: number;
  correctAnswers: readonly number[] | null;
  optionNotes: readonly (string | null)[] | null;
  firstAnswers: readonly FirstAnswers[];
};

/** Whether option k is right: the right option, true/false's right value, or one of choose all's right ones. */
export const isRightOption = (question: Omit<ViewedQuestion, "options" | "optionNotes" | "firstAnswers">, k: number) =>
  question.kind === "multi" ? (question.correctAnswers ?? []).includes(k) : question.correctAnswer === k;

/**
 * A question's first answers as the teacher reads them: each option with how many chose it first,
 * the right one(s) marked, the wrong option chosen most (the first in order on a tie; none when no
 * wrong option was chosen) marked as the most chosen wrong, each wrong option with its note.
 * Null when nobody of the choice has answered it yet.
 */
export function firstAnswerView(question: ViewedQuestion, choice: GroupChoice): FirstAnswerView | null {
  const counts = firstAnswersFor(question, choice);
  if (!counts) return null;
  let options: OptionCount[] | null = null;
  if (counts.options) {
    options = counts.options.map((count, option) => {
      const right = isRightOption(question, option);
      return {
        option,
        count,
        right,
        mostChosenWrong: false,
        note: right ? null : (question.optionNotes?.[option] ?? null),
      };
    });
    const most = options.reduce<OptionCount | null>(
      (best, o) => (!o.right && o.count > 0 && (!best || o.count > best.count) ? o : best),
      null,
    );
    if (most) most.mostChosenWrong = true;
  }
  return { pupils: counts.pupils, right: counts.right, options, wrong: counts.wrong };
}

/** The sentence beside a wrong option's count: "7 chose 1/3 — thinks…", or "7 chose 1/3" without a note. */
export function choseSentence(count: number, answer: string, note: string | null): Text {
  return note
    ? msg("results.firstAnswers.choseWithNote", { count, answer, note })
    : msg("results.firstAnswers.chose", { count, answer });
}

/** An option as the teacher and the class read it: true/false's words in the reader's language, else the option's text. */
export function optionText(
  question: { kind: QuestionKind; options: readonly string[] },
  k: number,
  t: (text: Text) => string,
) {
  if (question.kind === "truefalse") return t(k === 0 ? "results.answer.true" : "results.answer.false");
  return question.options[k] ?? "";
}

/** A wrong first order ("1,0,2") as its items in the order given, with arrows. */
export const orderText = (question: { options: readonly string[] }, answer: string) =>
  answer
    .split(",")
    .map((k) => question.options[Number(k)] ?? "?")
    .join(" → ");

/** Catalogue keys of the first answers, shared by the results page and the projector. */
export const firstAnswerMessages = {
  right: "results.firstAnswers.right",
  mostChosenWrong: "results.firstAnswers.mostChosenWrong",
  allGroups: "results.firstAnswers.allGroups",
} as const satisfies Record<string, MessageKey>;
