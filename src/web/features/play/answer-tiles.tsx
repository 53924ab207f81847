/**
 * The four answer tiles: each its own colour, shape and letter (never colour alone), the whole
 * tile the target. Still a radio group underneath, so the keyboard (Tab in, arrows between)
 * and screen readers work as with any radio buttons. An option found wrong is crossed out and
 * disabled for the rest of the question; the right one gets a tick during 'Correct!'.
 *
 * Picture answers (decision 038): when the question's options have pictures, each tile
 * shows its picture as large as the screen allows with the option's text under it, small (an
 * option without a picture shows its text large instead). The text is the radio's name, so the
 * picture is given alt="": a screen reader says the option once ("Cow, radio button"), not the
 * same words twice, as W3C's advice for a picture beside its own words has it; the server's
 * `alt` is that same text.
 */
import "../../styles/picture-answers.css";
import type { QuestionPicture } from "../../../shared/games/images.ts";
import { msg } from "../../../shared/i18n/messages.ts";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import { type ReadAloud, ReadAloudButton } from "../../components/read-aloud.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import type { Feedback } from "./answer-protocol.ts";

export const LETTERS = ["A", "B", "C", "D"] as const;

const TILE_SHAPES = [
  <polygon key="a" points="12,2.5 22.5,21 1.5,21" />,
  <polygon key="b" points="12,1.5 22.5,12 12,22.5 1.5,12" />,
  <circle key="c" cx="12" cy="12" r="10.5" />,
  <rect key="d" x="2.5" y="2.5" width="19" height="19" rx="1.5" />,
];

function TileMark({ state }: { state: "chosen" | "open" | "crossed" | "right" }) {
  return (
    <svg className={`tile-mark mark-${state}`} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      {state === "crossed" ? (
        <path d="M9 9 31 31M31 9 9 31" />
      ) : (
        <>
          <circle cx="20" cy="20" r="17" />
          {state === "chosen" ? <circle className="mark-dot" cx="20" cy="20" r="8" /> : null}
          {state === "right" ? <path className="mark-tick" d="M11 21 17.5 27.5 29.5 13.5" /> : null}
        </>
      )}
    </svg>
  );
}

export function AnswerTiles(props: {
  question: PlayQuestion;
  selected: number | null;
  onSelect: (option: number) => void;
  locked: boolean;
  feedback: Feedback | null;
  textLang: string | undefined;
  speech: ReadAloud;
  /** Preview as a pupil only: the option the teacher is shown as the answer. A pupil's screen never has it. */
  answerForTeacher?: number;
}) {
  const { question, selected, onSelect, locked, feedback, textLang, speech, answerForTeacher } = props;
  const t = useT();
  const pictures = question.optionPictures;
  return (
    <fieldset
      className={`answer-tiles${pictures ? " picture-tiles" : ""}`}
      disabled={locked}
      aria-labelledby="question-heading"
    >
      {question.options.map((option, i) => {
        const letter = LETTERS[i] ?? String(i + 1);
        const crossed = question.wrongOptions.includes(i);
        const right = feedback?.kind === "correct" && feedback.option === i;
        const mark = right ? "right" : crossed ? "crossed" : selected === i ? "chosen" : "open";
        const classes = [
          "answer-option",
          selected === i && !right ? "selected" : "",
          crossed ? "crossed-out" : "",
          right ? "is-right" : "",
          pictures ? (pictures[i] ? "has-picture" : "no-picture") : "",
        ]
          .filter(Boolean)
          .join(" ");
        return (
          <div key={i} className={`answer-cell tile-${letter.toLowerCase()}`}>
            <label className={classes}>
              <input
                type="radio"
                name={`question-${question.index}`}
                value={i}
                checked={selected === i}
                disabled={crossed}
                onChange={() => onSelect(i)}
              />
              <svg className="tile-shape" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                {TILE_SHAPES[i]}
              </svg>
              <span className="answer-letter" aria-hidden="true">
                {letter}
              </span>
              {pictures?.[i] ? <OptionPicture picture={pictures[i]} /> : null}
              <span className="answer-text" lang={textLang}>
                {option}
              </span>
              {crossed ? <span className="visually-hidden"> {t("pupil.play.alreadyTried")}</span> : null}
              {answerForTeacher === i ? (
                <span className="teacher-answer-mark">{t("games.preview.answerMark")}</span>
              ) : null}
              <TileMark state={mark} />
            </label>
            {speech.available ? (
              <ReadAloudButton
                iconOnly
                label={t(msg("pupil.play.readOptionAloud", { letter }))}
                text={option}
                active={speech.speaking === `option-${i}`}
                onPress={(text) => speech.toggle(`option-${i}`, text)}
              />
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * An option's picture in its tile. Decorative to assistive technology (the option's text under it
 * names the radio); its size keeps the tile's place before the bytes arrive, and it loads at once
 * (it is the question on screen). A preview's picture may not know its size yet (0).
 */
function OptionPicture({ picture }: { picture: QuestionPicture }) {
  return (
    <img
      className="option-picture"
      src={picture.src}
      alt=""
      width={picture.width || undefined}
      height={picture.height || undefined}
      loading="eager"
      decoding="async"
      draggable={false}
    />
  );
}
