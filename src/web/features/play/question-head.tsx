/**
 * The top of the question card, the same on a pupil's play page and a teacher's preview: "Question
 * n of m" and the question (marked with the game's language), read aloud when a voice can, its
 * picture, and the clue once one is shown. One component so the two pages cannot drift apart.
 */
import { type RefObject, useEffect } from "react";
import { TRUE_FALSE_WORDS } from "../../../shared/games/question-kinds.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import type { StationSymbol as StationSymbolName } from "../../../shared/stations/station-rules.ts";
import { NoIrishVoiceNote, type ReadAloud, ReadAloudButton, type Reading } from "../../components/read-aloud.tsx";
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

/**
 * readingOfAll with the teacher's recordings: the question's for the question, and each option's
 * (or order item's, as this child was shown them) for that option; words without one are read by
 * the voice.
 */
export function recordedReadingOfAll(q: PlayQuestion, language: Language): Reading[] {
  const { recording, optionRecordings } = q;
  return readingOfAll(q, language).map((text, i) => ({
    text,
    recording: (i === 0 ? recording : optionRecordings?.[i - 1]) ?? null,
  }));
}

/** Every recording of the question on screen: the question's, its options' and (after a wrong try) its clue's. */
export const recordingsOnScreen = (q: PlayQuestion): (string | null)[] => {
  const { recording, optionRecordings, clueRecording } = q;
  return [recording, ...(optionRecordings ?? []), q.clue ? clueRecording : null];
};

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
  const { recording, clueRecording } = q;
  const { prepare } = speech;
  // Only this question's recordings, and only once it is shown: their player's code and (where the
  // browser cannot play every type) their types. The sound itself waits for a press.
  const onScreen = recordingsOnScreen(q).join(" ");
  useEffect(() => prepare(onScreen.split(" ")), [prepare, onScreen]);
  const teachersVoice = speech.playsRecording(recording);
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
        {speech.canRead(recording) ? (
          <ReadAloudButton
            iconOnly
            label={t(teachersVoice ? "pupil.play.listenToTeacher" : "pupil.play.readAloud")}
            text={q.questionText}
            active={speech.speaking === "question" || speech.speaking === "question-all"}
            onPress={(text) =>
              speech.pressTwiceForAll("question", { text, recording }, recordedReadingOfAll(q, language))
            }
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
      {speech.noIrishVoice && !teachersVoice ? <NoIrishVoiceNote /> : null}
      <ClueCard clue={q.clue} recording={clueRecording} lang={textLang} speech={speech} />
    </>
  );
}
