/**
 * The top of the question card, the same on a pupil's play page and a teacher's preview: "Question
 * n of m" and the question (marked with the game's language), read aloud when a voice can, its
 * picture, and the clue once one is shown. One component so the two pages cannot drift apart.
 */
import type { RefObject } from "react";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import { useT } from "../../lib/i18n/language.tsx";
import { ClueCard } from "./answer-feedback.tsx";
import { NoIrishVoiceNote, ReadAloudButton, type ReadAloud } from "./read-aloud.tsx";

export function QuestionHead({
  question: q,
  questionCount,
  textLang,
  speech,
  headingRef,
}: {
  question: PlayQuestion;
  questionCount: number;
  textLang: string;
  speech: ReadAloud;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const t = useT();
  return (
    <>
      <div className="question-head">
        <h2 id="question-heading" className="question-heading" tabIndex={-1} ref={headingRef}>
          <span className="progress-line">
            {t(msg("pupil.play.questionOf", { number: q.index + 1, total: questionCount }))}
          </span>{" "}
          <span className="question-text" lang={textLang}>
            {q.questionText}
          </span>
        </h2>
        {speech.available ? (
          <ReadAloudButton
            iconOnly
            label={t("pupil.play.readAloud")}
            text={q.questionText}
            active={speech.speaking === "question"}
            onPress={(text) => speech.toggle("question", text)}
          />
        ) : null}
        {/* A preview's picture may not know its size yet (0): then the browser takes it from the image. */}
        {q.picture ? (
          <img
            className="question-picture"
            src={q.picture.src}
            alt={q.picture.alt}
            width={q.picture.width || undefined}
            height={q.picture.height || undefined}
          />
        ) : null}
      </div>
      {speech.noIrishVoice ? <NoIrishVoiceNote /> : null}
      <ClueCard clue={q.clue} lang={textLang} speech={speech} />
    </>
  );
}
