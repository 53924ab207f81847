/**
 * One student's questions: the summary stats, the key, and a numbered cell per question that
 * opens (click, Enter or Space) to show the question, the outcome, the answer given and, if
 * wrong, the right one. A cell whose clue the pupil was shown says so in text ("Clue"). Around the
 * room, a station found but not answered yet says "Found", and the details say when
 * the pupil found it (a station not found is not attempted).
 */

import { useState } from "react";
import type { QuestionPicture } from "../../../shared/games/images.ts";
import { kindOf, type QuestionKind } from "../../../shared/games/question-kinds.ts";
import { answerText, givenAnswer, rightAnswer, type ShownAnswer } from "../../../shared/games/shown-answers.ts";
import { type MessageKey, msg } from "../../../shared/i18n/messages.ts";
import {
  CLUE_SHOWN_LABEL,
  foundAfter,
  OUTCOME_LABEL,
  OUTCOME_SYMBOL,
  type ResultQuestion,
  resultsMessages,
  type StudentResult,
  studentSummary,
} from "../../../shared/results/results.ts";
import { stationSymbolNameKey } from "../../components/station-symbol.tsx";
import { type Translate, useT } from "../../lib/i18n/language.tsx";
import "../../styles/clues.css";
import "../../styles/station-trails.css";
import "../../styles/question-picture.css";

export function StudentGrid({ student, questions }: { student: StudentResult; questions: ResultQuestion[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const summary = studentSummary(student, questions.length);
  const answers = new Map(student.answers.map((a) => [a.questionIndex, a]));
  const openQuestion = open === null ? null : questions[open];
  const openAnswer = open === null ? undefined : answers.get(open);
  const cluesShown = student.answers.filter((a) => a.clueShown).length;
  const gameHasClues = questions.some((q) => q.clue);
  const aroundTheRoom = questions.some((q) => q.station);
  const found = new Set(student.finds.map((f) => f.questionIndex));
  const t = useT();

  return (
    <div className="student-grid">
      <ul className="grid-stats">
        <li>{t(msg("results.grid.correctFirst", { count: summary.correctFirst }))}</li>
        <li>{t(msg("results.grid.correctEventually", { count: summary.correctEventually }))}</li>
        {summary.incorrect > 0 ? <li>{t(msg("results.grid.incorrect", { count: summary.incorrect }))}</li> : null}
        {summary.notAttempted > 0 ? (
          <li>{t(msg("results.grid.notAttempted", { count: summary.notAttempted }))}</li>
        ) : null}
        {gameHasClues ? <li>{t(msg("results.grid.cluesShown", { count: cluesShown }))}</li> : null}
        {aroundTheRoom ? <li>{t(msg("results.grid.stationsFound", { count: found.size }))}</li> : null}
      </ul>
      <p className="grid-key">
        {t("results.grid.key")} <span className="outcome-correct_first">✓</span> {t("results.grid.keyFirst")} ·{" "}
        <span className="outcome-correct_eventual">↻</span> {t("results.grid.keyEventual")} ·{" "}
        <span className="outcome-incorrect">✗</span> {t("results.grid.keyIncorrect")} ·{" "}
        <span className="outcome-unanswered">–</span> {t("results.grid.keyUnanswered")}
        {gameHasClues ? (
          <>
            {" "}
            · <span className="clue-key">{t("results.grid.clueTag")}</span> {t("results.grid.keyClue")}
          </>
        ) : null}
        {aroundTheRoom ? (
          <>
            {" "}
            · <span className="clue-key">{t("results.grid.foundTag")}</span> {t("results.grid.keyFound")}
          </>
        ) : null}
      </p>
      <ol className="grid-cells">
        {questions.map((q) => {
          const outcome = summary.outcomes[q.index]!;
          const answer = answers.get(q.index);
          const clueShown = answer?.clueShown === true;
          // Four options keep their cell as it was: the answer is one of four the teacher wrote.
          const shown = answer && kindOf(q) !== "choice" ? givenAnswer(q, answer) : null;
          const shownText = shown ? answerText(shown, t) : null;
          // Found, its question not answered yet: still not attempted, and the teacher sees where the pupil is.
          const foundOnly = outcome === "unanswered" && found.has(q.index);
          return (
            <li key={q.index}>
              <button
                type="button"
                className={`grid-cell outcome-${outcome}${clueShown ? " clue-shown" : ""}${foundOnly ? " station-found-only" : ""}${open === q.index ? " open" : ""}`}
                aria-expanded={open === q.index}
                aria-label={withAnswer(
                  t(
                    msg(
                      clueShown
                        ? "results.grid.cellLabelClue"
                        : foundOnly
                          ? "results.grid.cellLabelFound"
                          : "results.grid.cellLabel",
                      { number: q.index + 1, outcome: t(OUTCOME_LABEL[outcome]) },
                    ),
                  ),
                  shownText,
                  t,
                )}
                onClick={() => setOpen(open === q.index ? null : q.index)}
              >
                <span className="cell-number">{q.index + 1}</span>
                <span aria-hidden="true">{OUTCOME_SYMBOL[outcome]}</span>
                {clueShown ? (
                  <span className="clue-tag" aria-hidden="true">
                    {t("results.grid.clueTag")}
                  </span>
                ) : null}
                {foundOnly ? (
                  <span className="clue-tag" aria-hidden="true">
                    {t("results.grid.foundTag")}
                  </span>
                ) : null}
                {shown && shownText !== null ? (
                  <span className={`cell-answer cell-answer-${shown.kind}`} aria-hidden="true" title={shownText}>
                    {shownText}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
      {openQuestion ? (
        <div
          className="cell-detail"
          role="region"
          aria-label={t(msg("results.grid.detailsFor", { number: openQuestion.index + 1, name: student.studentName }))}
        >
          <p>
            <strong>{t(msg("results.grid.questionNumber", { number: openQuestion.index + 1 }))}</strong>{" "}
            {openQuestion.questionText}
          </p>
          {openQuestion.station ? (
            <p className="cell-station">
              <strong>
                {t(
                  msg("results.grid.station", {
                    number: openQuestion.station.number,
                    symbol: t(stationSymbolNameKey(openQuestion.station.symbol)),
                  }),
                )}
              </strong>{" "}
              {found.has(openQuestion.index)
                ? t(msg("results.grid.foundAfter", { time: foundAfter(student, openQuestion.index, t) ?? "" }))
                : t("results.grid.notFound")}
            </p>
          ) : null}
          {openQuestion.picture ? (
            <img
              className="cell-picture"
              src={openQuestion.picture.src}
              alt={openQuestion.picture.alt}
              width={openQuestion.picture.width}
              height={openQuestion.picture.height}
            />
          ) : null}
          {openAnswer ? (
            <>
              <p>
                <strong>{t("results.grid.outcome")}</strong> {t(OUTCOME_LABEL[summary.outcomes[openQuestion.index]!])}{" "}
                {t(msg("results.grid.attempts", { count: openAnswer.attempts }))}
              </p>
              <p className="cell-given">
                <strong>{t(GIVEN_LABEL[kindOf(openQuestion)])}</strong>{" "}
                {kindOf(openQuestion) === "choice" ? (
                  <ChosenPicture picture={openQuestion.optionPictures?.[openAnswer.selectedOption] ?? null} />
                ) : null}
                <Answer shown={givenAnswer(openQuestion, openAnswer)} />
              </p>
              {!openAnswer.isCorrect ? (
                <p className="cell-right">
                  <strong>{t(RIGHT_LABEL[kindOf(openQuestion)])}</strong>{" "}
                  {kindOf(openQuestion) === "choice" ? (
                    <ChosenPicture picture={openQuestion.optionPictures?.[openQuestion.correctAnswer] ?? null} />
                  ) : null}
                  <Answer shown={rightAnswer(openQuestion)} />
                </p>
              ) : null}
            </>
          ) : (
            <p>{t(resultsMessages.noAnswer)}</p>
          )}
          {openQuestion.clue ? (
            <p className="cell-clue">
              <strong>{t(CLUE_SHOWN_LABEL)}:</strong> {t(openAnswer?.clueShown ? "results.csv.yes" : "results.csv.no")}{" "}
              (“{openQuestion.clue}”)
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** What the details call the pupil's answer, by kind. */
const GIVEN_LABEL: Record<QuestionKind, MessageKey> = {
  choice: "results.grid.selected",
  truefalse: "results.grid.selected",
  typed: "results.grid.typed",
  order: "results.grid.orderGiven",
  multi: "results.grid.chosen",
};

/** What the details call the right answer, by kind. */
export const RIGHT_LABEL: Record<QuestionKind, MessageKey> = {
  choice: "results.grid.correctAnswer",
  truefalse: "results.grid.correctAnswer",
  typed: "results.grid.accepted",
  order: "results.grid.rightOrder",
  multi: "results.grid.rightAnswers",
};

/** A cell's label with the pupil's answer after it, when the cell shows one. */
function withAnswer(label: string, answer: string | null, t: Translate) {
  return answer === null ? label : t(msg("results.grid.cellLabelAnswer", { label, answer }));
}

/** An answer in a sentence: a typed one in quotes (in the reader's language), as typed; "—" when there is none. */
export function Answer({ shown }: { shown: ShownAnswer | null }) {
  const t = useT();
  if (!shown) return <>—</>;
  const text = answerText(shown, t);
  return shown.kind === "typed" ? <q className="typed-answer">{text}</q> : <>{text}</>;
}

/**
 * An option's picture, small, before its text in a pupil's detail. The text beside it says
 * what it shows, so the picture is given alt="" (not read twice).
 */
function ChosenPicture({ picture }: { picture: QuestionPicture | null }) {
  if (!picture) return null;
  return (
    <img
      className="option-thumb"
      src={picture.src}
      alt=""
      width={picture.width || undefined}
      height={picture.height || undefined}
    />
  );
}
