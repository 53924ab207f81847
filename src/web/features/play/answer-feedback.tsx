/**
 * The moment after Submit: 'Correct!' large with a short burst of stars, or 'Incorrect!' with
 * kind words; or why the answer is waiting (offline) or was refused. Read out as it appears.
 */
import type { CSSProperties } from "react";
import type { Feedback } from "./answer-protocol.ts";
import { ReadAloudButton, type ReadAloud } from "./read-aloud.tsx";

export const KIND_WORDS = "Not quite, try another!";

export function AnswerFeedback({ feedback }: { feedback: Feedback | null }) {
  return (
    <div aria-live="assertive" className="feedback-area">
      {feedback?.kind === "correct" ? (
        <div className="feedback-moment feedback-correct">
          <span className="celebration" aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              <span key={i} className="spark" style={{ "--spark": i } as CSSProperties} />
            ))}
          </span>
          <p className="feedback">{feedback.text}</p>
          <p className="feedback-words">Well done!</p>
        </div>
      ) : feedback?.kind === "incorrect" ? (
        <div className="feedback-moment feedback-incorrect">
          <p className="feedback">{feedback.text}</p>
          <p className="feedback-words">{KIND_WORDS}</p>
        </div>
      ) : feedback ? (
        <p className={`feedback-note feedback-${feedback.kind}`}>{feedback.text}</p>
      ) : null}
    </div>
  );
}

/** The teacher's clue, shown from the first wrong answer on (and after a refresh) until the question is solved. */
export function ClueCard({ clue, lang, speech }: { clue: string | null; lang: string | undefined; speech: ReadAloud }) {
  return (
    <div aria-live="polite" className="clue-slot">
      {clue ? (
        <aside className="clue-card" aria-label="Clue">
          <svg className="clue-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10" cy="10" r="6.5" />
            <path d="M15 15 21 21" />
          </svg>
          <p>
            <strong>Clue: </strong>
            <span lang={lang}>{clue}</span>
          </p>
          {speech.supported ? <ReadAloudButton iconOnly label="Read the clue aloud" text={clue} active={speech.speaking === "clue"} onPress={(text) => speech.toggle("clue", text)} /> : null}
        </aside>
      ) : null}
    </div>
  );
}
