/**
 * The top of the question card, the same on a pupil's play page and a teacher's preview: "Question
 * n of m" and the question (marked with the game's language), read aloud when a voice can, its
 * picture, and the clue once one is shown. One component so the two pages cannot drift apart.
 */
import type { RefObject } from "react";
import { TRUE_FALSE_WORDS } from "../../../shared/games/question-kinds.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import type { StationSymbol as StationSymbolName } from "../../../shared/stations/station-rules.ts";
import { NoIrishVoiceNote, type ReadAloud, ReadAloudButton } from "../../components/read-aloud.tsx";
import { StationSymbol } from "../../components/station-symbol.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import { ClueCard } from "./answer-feedback.tsx";
import { LETTERS } from "./answer-tiles.tsx";

/**
 * What the question's speaker pressed twice says, in the game's language (the voice's): the question,
 * then each option with its letter; true or false's two words; an order's items as shown; a typed
 * answer's question alone (there is nothing to choose from). Only letters and punctuation are
 * added, so nothing needs translating.
 */
export function readingOfAll(q: PlayQuestion, language: Language): string[] {
  switch (q.kind) {
    case "typed":
      return [q.questionText];
    case "truefalse":
      return [q.questionText, ...TRUE_FALSE_WORDS[language].map((word) => endSentence(word))];
    case "order":
      return [q.questionText, ...q.options.map((item) => endSentence(item.trim()))];
    default:
      return [q.questionText, ...q.options.map((option, i) => `${LETTERS[i] ?? i + 1}, ${endSentence(option.trim())}`)];
  }
}

const endSentence = (text: string) => (/[.!?…]$/u.test(text) ? text : `${text}.`);

export function QuestionHead({
  question: q,
  questionCount,
  language,
  textLang,
  speech,
  headingRef,
  station = null,
  position = q.index + 1,
}: {
  question: PlayQuestion;
  questionCount: number;
  /** The game's question language (read-aloud's words for true or false). */
  language: Language;
  textLang: string;
  speech: ReadAloud;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Around the room: the station whose question this is, named before "Question n of m". */
  station?: { number: number; symbol: StationSymbolName } | null;
  /** n in "Question n of m": the question's place in the game, or around the room its place on the child's route. */
  position?: number;
}) {
  const t = useT();
  return (
    <>
      <div className="question-head">
        <h2 id="question-heading" className="question-heading" tabIndex={-1} ref={headingRef}>
          <span className="progress-line">
            {station ? (
              <span className="station-chip">
                <StationSymbol symbol={station.symbol} decorative />
                {t(msg("pupil.station.number", { number: station.number }))}
              </span>
            ) : null}
            {t(msg("pupil.play.questionOf", { number: position, total: questionCount }))}
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
            active={speech.speaking === "question" || speech.speaking === "question-all"}
            onPress={(text) => speech.pressTwiceForAll("question", text, readingOfAll(q, language))}
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
