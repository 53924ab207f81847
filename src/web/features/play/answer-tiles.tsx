/**
 * The four answer tiles: each its own colour, shape and letter (never colour alone), the whole
 * tile the target. Still a radio group underneath, so the keyboard (Tab in, arrows between)
 * and screen readers work as with any radio buttons. An option found wrong is crossed out and
 * disabled for the rest of the question; the right one gets a tick during 'Correct!'.
 *
 * True or false and choose all that apply (decision 050) are the same tiles: true or false's two
 * big ones say True / False in the question's language; choose all's are checkboxes with a tick box.
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
import { LETTERS, TILE_SHAPES } from "../../components/tile-shapes.tsx";
import { useT } from "../../lib/i18n/language.tsx";
import type { Feedback } from "./answer-protocol.ts";

export { LETTERS };

type Mark = "chosen" | "open" | "crossed" | "right" | "box" | "box-ticked";

function TileMark({ state }: { state: Mark }) {
  return (
    <svg className={`tile-mark mark-${state}`} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      {state === "crossed" ? (
        <path d="M9 9 31 31M31 9 9 31" />
      ) : state === "box" || state === "box-ticked" ? (
        <>
          <rect x="4" y="4" width="32" height="32" rx="6" />
          {state === "box-ticked" ? <path className="mark-tick" d="M11 21 17.5 27.5 29.5 13.5" /> : null}
        </>
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

/**
 * `labels`: the tiles' words (true or false's two, in the question's language; else the options).
 * `multiple`: choose all that apply: each tile a checkbox with a tick box, `chosen` all those ticked.
 */
export function AnswerTiles(props: {
  question: PlayQuestion;
  labels?: readonly string[];
  multiple?: boolean;
  chosen: readonly number[];
  onSelect: (option: number) => void;
  locked: boolean;
  feedback: Feedback | null;
  textLang: string | undefined;
  speech: ReadAloud;
  /** Preview as a pupil only: the options the teacher is shown as the answer. A pupil's screen never has it. */
  answerForTeacher?: readonly number[];
}) {
  const { question, chosen, onSelect, locked, feedback, textLang, speech, answerForTeacher, multiple = false } = props;
  const labels = props.labels ?? question.options;
  const t = useT();
  const pictures = question.optionPictures;
  const recordings = question.optionRecordings;
  // True or false: two big tiles, their words their names (a letter would say nothing more).
  const trueFalse = question.kind === "truefalse";
  const classes = ["answer-tiles", pictures ? "picture-tiles" : "", trueFalse ? "truefalse-tiles" : ""];
  return (
    <fieldset className={classes.filter(Boolean).join(" ")} disabled={locked} aria-labelledby="question-heading">
      {labels.map((option, i) => {
        const letter = LETTERS[i] ?? String(i + 1);
        const crossed = question.wrongOptions.includes(i);
        const isChosen = chosen.includes(i);
        const right = feedback?.kind === "correct" && feedback.options.includes(i);
        const mark: Mark = multiple
          ? isChosen
            ? "box-ticked"
            : "box"
          : right
            ? "right"
            : crossed
              ? "crossed"
              : isChosen
                ? "chosen"
                : "open";
        const classes = [
          "answer-option",
          isChosen && !right ? "selected" : "",
          crossed ? "crossed-out" : "",
          right ? "is-right" : "",
          pictures ? (pictures[i] ? "has-picture" : "no-picture") : "",
        ]
          .filter(Boolean)
          .join(" ");
        const recording = recordings?.[i] ?? null;
        return (
          <div key={i} className={`answer-cell tile-${(LETTERS[i] ?? "A").toLowerCase()}`}>
            <label className={classes}>
              <input
                type={multiple ? "checkbox" : "radio"}
                name={`question-${question.index}`}
                value={i}
                checked={isChosen}
                disabled={crossed}
                onChange={() => onSelect(i)}
              />
              <svg className="tile-shape" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                {TILE_SHAPES[i]}
              </svg>
              {trueFalse ? null : (
                <span className="answer-letter" aria-hidden="true">
                  {letter}
                </span>
              )}
              {pictures?.[i] ? <OptionPicture picture={pictures[i]} /> : null}
              <span className="answer-text" lang={textLang}>
                {option}
              </span>
              {crossed ? <span className="visually-hidden"> {t("pupil.play.alreadyTried")}</span> : null}
              {answerForTeacher?.includes(i) ? (
                <span className="teacher-answer-mark">{t("games.preview.answerMark")}</span>
              ) : null}
              <TileMark state={mark} />
            </label>
            {speech.canRead(recording) ? (
              <ReadAloudButton
                iconOnly
                label={t(
                  msg(
                    speech.playsRecording(recording)
                      ? "pupil.play.listenToTeacherOption"
                      : "pupil.play.readOptionAloud",
                    {
                      letter: trueFalse ? option : letter,
                    },
                  ),
                )}
                text={option}
                active={speech.speaking === `option-${i}`}
                onPress={(text) => speech.toggle(`option-${i}`, text, recording)}
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
