/**
 * An answer as a teacher reads it, by the question's kind (decision 050): what a pupil gave and
 * what was right, for the results page, its CSV and a class's progress. Pure, no zod.
 */
import type { Text } from "../i18n/messages.ts";
import { indicesOfMask, kindOf } from "./question-kinds.ts";

/**
 * An answer as the teacher reads it, by kind: an option's or a typed text, true or false (in the
 * reader's language), an order of items, options chosen, or a typed question's accepted answers.
 */
export type ShownAnswer =
  | { kind: "text"; text: string }
  | { kind: "typed"; text: string }
  | { kind: "truefalse"; value: boolean }
  | { kind: "order"; items: string[] }
  | { kind: "options"; items: string[] }
  | { kind: "accepted"; items: string[] };

type AnswerOf = { selectedOption: number; typedAnswer?: string | null; givenOrder?: number[] | null };

/** What the pupil answered last, by the question's kind; null when the stored answer does not fit it. */
export function givenAnswer(
  question: { options: readonly string[]; kind?: string | null },
  answer: AnswerOf,
): ShownAnswer | null {
  const { options } = question;
  switch (kindOf(question)) {
    case "choice": {
      const text = options[answer.selectedOption];
      return text === undefined ? null : { kind: "text", text };
    }
    case "truefalse":
      return answer.selectedOption === 0 || answer.selectedOption === 1
        ? { kind: "truefalse", value: answer.selectedOption === 0 }
        : null;
    case "typed":
      return typeof answer.typedAnswer === "string" ? { kind: "typed", text: answer.typedAnswer } : null;
    case "order": {
      const items = answer.givenOrder?.map((k) => options[k]);
      return items && items.length > 0 && items.every((item) => item !== undefined)
        ? { kind: "order", items: items as string[] }
        : null;
    }
    case "multi": {
      const items = indicesOfMask(answer.selectedOption > 0 ? answer.selectedOption : 0).map((k) => options[k]);
      return items.length > 0 && items.every((item) => item !== undefined)
        ? { kind: "options", items: items as string[] }
        : null;
    }
  }
}

/** The right answer, by the question's kind: the option, true or false, the accepted answers, the right order, the right options. */
export function rightAnswer(question: {
  options: readonly string[];
  correctAnswer: number;
  kind?: string | null;
  correctAnswers?: number[] | null;
}): ShownAnswer {
  const { options } = question;
  switch (kindOf(question)) {
    case "choice":
      return { kind: "text", text: options[question.correctAnswer] ?? "" };
    case "truefalse":
      return { kind: "truefalse", value: question.correctAnswer === 0 };
    case "typed":
      return { kind: "accepted", items: [...options] };
    case "order":
      return { kind: "order", items: [...options] };
    case "multi":
      return { kind: "options", items: (question.correctAnswers ?? []).map((k) => options[k] ?? "") };
  }
}

/**
 * An answer as one line of text (a cell of the CSV, a grid's detail): the typed text as typed, an
 * order as its items with arrows, options chosen or accepted answers side by side, True or False.
 */
export function answerText(shown: ShownAnswer, t: (text: Text) => string): string {
  switch (shown.kind) {
    case "text":
    case "typed":
      return shown.text;
    case "truefalse":
      return t(shown.value ? "results.answer.true" : "results.answer.false");
    case "order":
      return shown.items.join(" → ");
    case "options":
      return shown.items.join(" · ");
    case "accepted":
      return shown.items.join(" / ");
  }
}
