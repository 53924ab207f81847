/**
 * One student's questions: the summary stats, the key, and a numbered cell per question that
 * opens (click, Enter or Space) to show the question, the outcome, the answer given and, if
 * wrong, the right one.
 */
import { useState } from "react";
import { OUTCOME_LABEL, OUTCOME_SYMBOL, resultsMessages, studentSummary, type ResultQuestion, type StudentResult } from "../../../shared/results.ts";

export function StudentGrid({ student, questions }: { student: StudentResult; questions: ResultQuestion[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const summary = studentSummary(student, questions.length);
  const answers = new Map(student.answers.map((a) => [a.questionIndex, a]));
  const openQuestion = open === null ? null : questions[open];
  const openAnswer = open === null ? undefined : answers.get(open);

  return (
    <div className="student-grid">
      <ul className="grid-stats">
        <li>Correct (First Try): {summary.correctFirst}</li>
        <li>Correct (Eventually): {summary.correctEventually}</li>
        {summary.incorrect > 0 ? <li>Incorrect (Final): {summary.incorrect}</li> : null}
        {summary.notAttempted > 0 ? <li>Not Attempted: {summary.notAttempted}</li> : null}
      </ul>
      <p className="grid-key">
        Key: <span className="outcome-correct_first">✓</span> correct first attempt · <span className="outcome-correct_eventual">↻</span> eventually correct ·{" "}
        <span className="outcome-incorrect">✗</span> incorrect · <span className="outcome-unanswered">–</span> not attempted
      </p>
      <ol className="grid-cells">
        {questions.map((q) => {
          const outcome = summary.outcomes[q.index]!;
          return (
            <li key={q.index}>
              <button
                type="button"
                className={`grid-cell outcome-${outcome}${open === q.index ? " open" : ""}`}
                aria-expanded={open === q.index}
                aria-label={`Question ${q.index + 1}: ${OUTCOME_LABEL[outcome]}`}
                onClick={() => setOpen(open === q.index ? null : q.index)}
              >
                <span className="cell-number">{q.index + 1}</span>
                <span aria-hidden="true">{OUTCOME_SYMBOL[outcome]}</span>
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
        </div>
      ) : null}
    </div>
  );
}
