/**
 * Where the child answers, by the question's kind (decision 050), the same on a pupil's play page
 * (alone, around the room, on a shared tablet) and a teacher's preview: four tiles, true or
 * false's two, choose all's tick-box tiles, the answer box with its fada row, or an order's
 * slots. The answer being made is kept per question (useAnswerDraft): a new question, or another
 * child's turn, starts empty; a wrong try keeps what was typed, chosen or ordered.
 */
import "../../styles/question-kinds.css";
import { type RefObject, useCallback, useState } from "react";
import { type QuestionKind, TRUE_FALSE_WORDS } from "../../../shared/games/question-kinds.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import type { MessageKey } from "../../../shared/i18n/messages.ts";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import type { ReadAloud } from "../../components/read-aloud.tsx";
import { type Draft, emptyDraft, toggled } from "./answer-draft.ts";
import type { Feedback } from "./answer-protocol.ts";
import { AnswerTiles } from "./answer-tiles.tsx";
import { OrderBoard } from "./order-board.tsx";
import { TypedAnswer } from "./typed-answer.tsx";

/** What the teacher's preview marks as the answer: tiles, the accepted answers, or each item's right place. */
export type TeacherAnswer = { tiles?: readonly number[]; accepted?: readonly string[]; places?: readonly number[] };

/** The button that sends the answer: "Check my order", "Check" for choose all, else Submit Answer. */
export const submitLabel = (kind: QuestionKind): MessageKey =>
  kind === "order" ? "pupil.answer.checkOrder" : kind === "multi" ? "pupil.answer.check" : "pupil.play.submit";

/**
 * The answer being made for the question `key` names (the child and the question): empty for a
 * new key. `update` changes it; `clear` empties it (a tile crossed out, another child's turn).
 */
export function useAnswerDraft(key: string, question: PlayQuestion | null) {
  const [held, setHeld] = useState<{ key: string; draft: Draft } | null>(null);
  const fresh = question ? emptyDraft(question) : null;
  const draft = held?.key === key ? held.draft : fresh;
  const update = useCallback(
    (change: (draft: Draft) => Draft) =>
      setHeld((h) => {
        const from = h?.key === key ? h.draft : fresh;
        return from ? { key, draft: change(from) } : h;
      }),
    // `fresh` is new each render but only its shape (the question's kind and item count) matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, question?.kind, question?.options.length],
  );
  const clear = useCallback(() => setHeld(null), []);
  return { draft, update, clear };
}

export function AnswerArea({
  question: q,
  draft,
  update,
  onChanged,
  locked,
  feedback,
  language,
  textLang,
  speech,
  typedRef,
  teacher,
}: {
  question: PlayQuestion;
  draft: Draft;
  update: (change: (draft: Draft) => Draft) => void;
  /** Anything changed: an old 'Incorrect!' or "Nearly!" has served its purpose. */
  onChanged: () => void;
  locked: boolean;
  feedback: Feedback | null;
  language: Language;
  textLang: string;
  speech: ReadAloud;
  typedRef: RefObject<HTMLInputElement | null>;
  teacher?: TeacherAnswer;
}) {
  // Every answer's change is the draft's, then the feedback's turn to go.
  const change = (next: (draft: Draft) => Draft) => {
    update(next);
    onChanged();
  };
  switch (q.kind) {
    case "typed":
      return (
        <TypedAnswer
          value={draft.typed}
          onChange={(typed) => change((d) => ({ ...d, typed }))}
          locked={locked}
          textLang={textLang}
          inputRef={typedRef}
          describedBy={feedback?.kind === "nearly" ? "answer-nearly" : undefined}
          answerForTeacher={teacher?.accepted}
        />
      );
    case "order":
      return (
        <OrderBoard
          question={q}
          slots={draft.slots}
          onChange={(slots) => change((d) => ({ ...d, slots }))}
          locked={locked}
          feedback={feedback}
          textLang={textLang}
          answerForTeacher={teacher?.places}
        />
      );
    case "multi":
      return (
        <AnswerTiles
          question={q}
          multiple
          chosen={draft.chosen}
          locked={locked}
          feedback={feedback}
          textLang={textLang}
          speech={speech}
          answerForTeacher={teacher?.tiles}
          onSelect={(option) => change((d) => ({ ...d, chosen: toggled(d.chosen, option) }))}
        />
      );
    default:
      // Four options (a question from before kinds has none: four options), or true or false.
      return (
        <AnswerTiles
          question={q}
          labels={q.kind === "truefalse" ? TRUE_FALSE_WORDS[language] : undefined}
          // A tile crossed out by the last try is no longer the one chosen.
          chosen={draft.option === null || q.wrongOptions.includes(draft.option) ? [] : [draft.option]}
          locked={locked}
          feedback={feedback}
          textLang={textLang}
          speech={speech}
          answerForTeacher={teacher?.tiles}
          onSelect={(option) => change((d) => ({ ...d, option }))}
        />
      );
  }
}
