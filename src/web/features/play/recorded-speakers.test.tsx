/**
 * The speakers of a question with the teacher's recordings, in a game in Irish on a device with no
 * Irish voice (happy-dom has no speech synthesis): the question's and a recorded option's speakers
 * play her recording in the page's one audio element and are named for her; an option without a
 * recording has no speaker (nothing could read it); the "no Irish voice" note gives way to her voice.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useRef } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import { type MessageKey, msg } from "../../../shared/i18n/messages.ts";
import { inEnglish } from "../../../shared/i18n/translator.ts";
import type { PlayQuestion } from "../../../shared/play/play-responses.ts";
import { useReadAloud } from "../../components/read-aloud.tsx";
import { AnswerTiles } from "./answer-tiles.tsx";
import { QuestionHead } from "./question-head.tsx";

const QUESTION_SRC = "/api/recordings/0b6f3c1e-2a7d-4c55-9a0e-1f2d3c4b5a69";
const OPTION_A_SRC = "/api/recordings/5c7e9a10-3b2d-4f6e-8a1c-2d3e4f5a6b7c";

const question = (extra: Partial<PlayQuestion>): PlayQuestion => ({
  index: 0,
  kind: "choice",
  questionText: "Cé acu ainmhí a deir 'mú'?",
  options: ["Bó", "Cat", "Madra", "Muc"],
  wrongOptions: [],
  clue: null,
  picture: null,
  optionPictures: null,
  recording: null,
  optionRecordings: null,
  clueRecording: null,
  ...extra,
});

function Card({ q }: { q: PlayQuestion }) {
  const speech = useReadAloud("ga");
  const headingRef = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <QuestionHead
        question={q}
        questionCount={3}
        language="ga"
        textLang="ga-IE"
        speech={speech}
        headingRef={headingRef}
      />
      <AnswerTiles
        question={q}
        chosen={[]}
        onSelect={() => {}}
        locked={false}
        feedback={null}
        textLang="ga-IE"
        speech={speech}
      />
    </>
  );
}

const en = (key: MessageKey, values?: Record<string, string>) => inEnglish(msg(key, values));

describe("the teacher's recordings on the play screen", () => {
  // happy-dom plays no sound and says it can play no type; a browser that plays every type the server sends asks nothing more.
  beforeAll(() => {
    HTMLMediaElement.prototype.canPlayType = () => "probably";
  });

  it("plays her recording where she made one, and shows no speaker where nothing can read the words", async () => {
    renderInPage(
      <Card q={question({ recording: QUESTION_SRC, optionRecordings: [OPTION_A_SRC, null, null, null] })} />,
    );
    const speaker = screen.getByRole("button", { name: en("pupil.play.listenToTeacher") });
    expect(screen.getByRole("button", { name: en("pupil.play.listenToTeacherOption", { letter: "A" }) })).toBeTruthy();
    expect(screen.queryByRole("button", { name: en("pupil.play.readOptionAloud", { letter: "B" }) })).toBeNull();
    expect(screen.queryByText(en("pupil.play.noIrishVoice"))).toBeNull();

    fireEvent.click(speaker);
    await waitFor(() => expect(document.querySelector("audio")?.getAttribute("src")).toBe(QUESTION_SRC));
    expect(document.querySelectorAll("audio")).toHaveLength(1);
    expect(speaker.getAttribute("aria-pressed")).toBe("true");

    fireEvent.click(screen.getByRole("button", { name: en("pupil.play.listenToTeacherOption", { letter: "A" }) }));
    await waitFor(() => expect(document.querySelector("audio")?.getAttribute("src")).toBe(OPTION_A_SRC));
    expect(document.querySelectorAll("audio")).toHaveLength(1);
    expect(speaker.getAttribute("aria-pressed")).toBe("false");
  });

  it("shows no speaker for a question without recordings when nothing can read it", () => {
    renderInPage(<Card q={question({})} />);
    expect(screen.queryByRole("button", { name: en("pupil.play.listenToTeacher") })).toBeNull();
    expect(screen.queryByRole("button", { name: en("pupil.play.readAloud") })).toBeNull();
  });
});
