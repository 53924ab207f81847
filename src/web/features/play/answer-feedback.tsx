/**
 * The moment after Submit: 'Correct!' large with a short burst of stars, or 'Incorrect!' with
 * kind words (or what a wrong try of an order or of choose all says instead); "Nearly! Check the
 * fada" for a typed answer right but for its fadas, never a cross; or why the answer is waiting
 * (offline) or was refused. Read out as it appears.
 */
import type { CSSProperties } from "react";
import { type ReadAloud, ReadAloudButton } from "../../components/read-aloud.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import type { Feedback } from "./answer-protocol.ts";

export const KIND_WORDS = "pupil.play.kindWords";

export function AnswerFeedback({ feedback }: { feedback: Feedback | null }) {
  const t = useT();
  return (
    <div aria-live="assertive" className="feedback-area">
      {feedback?.kind === "correct" ? (
        <div className="feedback-moment feedback-correct">
          <span className="celebration" aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              <span key={i} className="spark" style={{ "--spark": i } as CSSProperties} />
            ))}
          </span>
          <p className="feedback">{t(feedback.text)}</p>
          <p className="feedback-words">{t("pupil.play.wellDone")}</p>
        </div>
      ) : feedback?.kind === "incorrect" ? (
        <div className="feedback-moment feedback-incorrect">
          <p className="feedback">{t(feedback.text)}</p>
          <p className="feedback-words">{t(feedback.detail ?? KIND_WORDS)}</p>
        </div>
      ) : feedback?.kind === "nearly" ? (
        <div className="feedback-moment feedback-nearly" id="answer-nearly">
          <p className="feedback-words">{t(feedback.text)}</p>
        </div>
      ) : feedback ? (
        <p className={`feedback-note feedback-${feedback.kind}`}>{t(feedback.text)}</p>
      ) : null}
    </div>
  );
}

/** The teacher's clue, shown from the first wrong answer on (and after a refresh) until the question is solved. */
export function ClueCard({
  clue,
  recording = null,
  lang,
  speech,
}: {
  clue: string | null;
  /** The teacher's recording of the clue, if she made one. */
  recording?: string | null;
  lang: string | undefined;
  speech: ReadAloud;
}) {
  const t = useT();
  return (
    <div aria-live="polite" className="clue-slot">
      {clue ? (
        <aside className="clue-card" aria-label={t("pupil.play.clueLabel")}>
          <svg className="clue-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="10" cy="10" r="6.5" />
            <path d="M15 15 21 21" />
          </svg>
          <p>
            <strong>{t("pupil.play.cluePrefix")} </strong>
            <span lang={lang}>{clue}</span>
          </p>
          {speech.canRead(recording) ? (
            <ReadAloudButton
              iconOnly
              label={t(
                speech.playsRecording(recording) ? "pupil.play.listenToTeacherClue" : "pupil.play.readClueAloud",
              )}
              text={clue}
              active={speech.speaking === "clue"}
              onPress={(text) => speech.toggle("clue", text, recording)}
            />
          ) : null}
        </aside>
      ) : null}
    </div>
  );
}
