/**
 * One student's questions: the summary stats, the key, and a numbered cell per question that
 * opens (click, Enter or Space) to show the question, the outcome, the answer given and, if
 * wrong, the right one. A cell whose clue the pupil was shown says so in text ("Clue").
 */
import { useState } from "react";
import { CLUE_SHOWN_LABEL, OUTCOME_LABEL, OUTCOME_SYMBOL, resultsMessages, studentSummary, type ResultQuestion, type StudentResult } from "../../../shared/results.ts";
import "../../styles/clues.css";
import "../../styles/question-picture.css";

export function StudentGrid({ student, questions }: { student: StudentResult; questions: ResultQuestion[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const summary = studentSummary(student, questions.length);
  const answers = new Map(student.answers.map((a) => [a.questionIndex, a]));
  const openQuestion = open === null ? null : questions[open];
  const openAnswer = open === null ? undefined : answers.get(open);
  const cluesShown = student.answers.filter((a) => a.clueShown).length;
  const gameHasClues = questions.some((q) => q.clue);

  return (
    <div className="student-grid">
      <ul className="grid-stats">
        <li>Correct (First Try): {summary.correctFirst}</li>
        <li>Correct (Eventually): {summary.correctEventually}</li>
        {summary.incorrect > 0 ? <li>Incorrect (Final): {summary.incorrect}</li> : null}
        {summary.notAttempted > 0 ? <li>Not Attempted: {summary.notAttempted}</li> : null}
        {gameHasClues ? <li>Clues Shown: {cluesShown}</li> : null}
      </ul>
      <p className="grid-key">
        Key: <span className="outcome-correct_first">✓</span> correct first attempt · <span className="outcome-correct_eventual">↻</span> eventually correct ·{" "}
        <span className="outcome-incorrect">✗</span> incorrect · <span className="outcome-unanswered">–</span> not attempted
        {gameHasClues ? (
          <>
            {" "}
            · <span className="clue-key">Clue</span> clue shown after a wrong answer
          </>
        ) : null}
      </p>
      <ol className="grid-cells">
        {questions.map((q) => {
          const outcome = summary.outcomes[q.index]!;
          const clueShown = answers.get(q.index)?.clueShown === true;
          return (
            <li key={q.index}>
              <button
                type="button"
                className={`grid-cell outcome-${outcome}${clueShown ? " clue-shown" : ""}${open === q.index ? " open" : ""}`}
                aria-expanded={open === q.index}
                aria-label={`Question ${q.index + 1}: ${OUTCOME_LABEL[outcome]}${clueShown ? `, ${CLUE_SHOWN_LABEL.toLowerCase()}` : ""}`}
                onClick={() => setOpen(open === q.index ? null : q.index)}
              >
                <span className="cell-number">{q.index + 1}</span>
                <span aria-hidden="true">{OUTCOME_SYMBOL[outcome]}</span>
                {clueShown ? (
                  <span className="clue-tag" aria-hidden="true">
                    Clue
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
      {openQuestion ? (
        <div className="cell-detail" role="region" aria-label={`Question ${openQuestion.index + 1} details for ${student.studentName}`}>
          <p>
            <strong>Question {openQuestion.index + 1}:</strong> {openQuestion.questionText}
          </p>
          {openQuestion.picture ? (
            <img className="cell-picture" src={openQuestion.picture.src} alt={openQuestion.picture.alt} width={openQuestion.picture.width} height={openQuestion.picture.height} />
          ) : null}
          {openAnswer ? (
            <>
              <p>
                <strong>Outcome:</strong> {OUTCOME_LABEL[summary.outcomes[openQuestion.index]!]} ({openAnswer.attempts} attempt{openAnswer.attempts === 1 ? "" : "s"})
              </p>
              <p>
                <strong>Selected answer:</strong> {openQuestion.options[openAnswer.selectedOption] ?? "—"}
              </p>
              {!openAnswer.isCorrect ? (
                <p>
                  <strong>Correct answer:</strong> {openQuestion.options[openQuestion.correctAnswer]}
                </p>
              ) : null}
            </>
          ) : (
            <p>{resultsMessages.noAnswer}</p>
          )}
          {openQuestion.clue ? (
            <p className="cell-clue">
              <strong>{CLUE_SHOWN_LABEL}:</strong> {openAnswer?.clueShown ? "Yes" : "No"} (“{openQuestion.clue}”)
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
