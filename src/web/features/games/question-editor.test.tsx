/**
 * One question in the editor on its own (decision 050): the kind's choice draws the kind's
 * fields and keeps what is shared; the limits of accepted answers and items hold the buttons;
 * each kind's messages appear where and when they should.
 */
import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import { kindMessages, type Question } from "../../../shared/games/games.ts";
import type { Language } from "../../../shared/i18n/languages.ts";
import { inEnglish } from "../../../shared/i18n/translator.ts";
import { QuestionEditor } from "./question-editor.tsx";

/** The question as the editor last changed it. */
let current: Question;

function Editor({ start, language, saveTried }: { start: Question; language: Language; saveTried: boolean }) {
  const [question, setQuestion] = useState(start);
  return (
    <QuestionEditor
      index={0}
      question={question}
      canRemove={false}
      language={language}
      saveTried={saveTried}
      onChange={(changed) => {
        current = changed;
        setQuestion(changed);
      }}
      onUpdate={(update) => setQuestion(update)}
      onRemove={() => {}}
    />
  );
}

const start: Question = {
  questionText: "What comes first?",
  options: ["", "", "", ""],
  correctAnswer: 0,
  clue: "Think of the alphabet.",
  hidingPlace: "Under the globe",
};
const draw = ({ language = "en", saveTried = false }: { language?: Language; saveTried?: boolean } = {}) =>
  renderInPage(<Editor start={start} language={language} saveTried={saveTried} />);
const kindOf = (kind: string) =>
  fireEvent.change(screen.getByLabelText("Kind of question"), { target: { value: kind } });
const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const shown = (text: string) => screen.queryByText(text) !== null;

describe("a question's kind in the editor", () => {
  it("draws each kind's own fields and keeps the text, clue and hiding place", () => {
    draw();
    expect(
      Array.from(screen.getByLabelText("Kind of question").querySelectorAll("option"), (o) => o.textContent),
    ).toEqual(["Four options", "True or false", "Type the answer", "Put in order", "Choose all that apply"]);
    kindOf("truefalse");
    expect((screen.getByLabelText("Statement for question 1") as HTMLTextAreaElement).value).toBe("What comes first?");
    expect(screen.queryByLabelText("Option A")).toBeNull();
    expect(screen.getAllByRole("radio").map((r) => (r as HTMLInputElement).checked)).toEqual([false, false]);
    kindOf("typed");
    expect(screen.getByLabelText("Question 1 text")).toBeTruthy();
    expect((screen.getByLabelText("Fadas count") as HTMLInputElement).checked).toBe(false);
    kindOf("order");
    expect(screen.getAllByLabelText(/^Item \d$/)).toHaveLength(3);
    kindOf("multi");
    expect(screen.getAllByRole("checkbox")).toHaveLength(4);
    expect(current).toMatchObject({
      kind: "multi",
      questionText: "What comes first?",
      clue: "Think of the alphabet.",
      hidingPlace: "Under the globe",
    });
    expect((screen.getByLabelText("Clue for question 1 (optional)") as HTMLTextAreaElement).value).toBe(
      "Think of the alphabet.",
    );
  });

  it("counts fadas in an Irish game, and holds accepted answers between 1 and 5", () => {
    draw({ language: "ga" });
    kindOf("typed");
    expect((screen.getByLabelText("Fadas count") as HTMLInputElement).checked).toBe(true);
    expect(button("Remove accepted answer 1").disabled).toBe(true);
    for (let k = 1; k < 5; k++) fireEvent.click(button("Add another accepted answer"));
    expect(button("Add another accepted answer").disabled).toBe(true);
    expect(shown("At most 5 accepted answers.")).toBe(true);
    type("Accepted answer 2", ` ${"a".repeat(61)} `);
    expect(shown("61 / 60 characters")).toBe(true);
    expect(shown(inEnglish(kindMessages.acceptedTooLong))).toBe(true);
    fireEvent.click(button("Remove accepted answer 2"));
    expect(current.options).toHaveLength(4);
    expect(shown(inEnglish(kindMessages.acceptedTooLong))).toBe(false);
    fireEvent.click(screen.getByLabelText("Fadas count"));
    expect(current.fadasCount).toBe(false);
  });

  it("holds items between 3 and 6, moves them, and names one typed twice", () => {
    draw();
    kindOf("order");
    expect(button("Remove item 1").disabled).toBe(true);
    expect(button("Move item 1 up").disabled).toBe(true);
    expect(button("Move item 3 down").disabled).toBe(true);
    for (let k = 3; k < 6; k++) fireEvent.click(button("Add an item"));
    expect(button("Add an item").disabled).toBe(true);
    expect(shown("At most 6 items.")).toBe(true);
    ["b", "a", "c", "d", "e", "f"].forEach((text, k) => type(`Item ${k + 1}`, text));
    fireEvent.click(button("Move item 2 up"));
    expect(current.options).toEqual(["a", "b", "c", "d", "e", "f"]);
    type("Item 6", "A!");
    expect(shown(inEnglish(kindMessages.orderItemRepeated("A!")))).toBe(true);
  });

  it("says what each kind is missing once Save was pressed, and a second or fourth right answer at once", () => {
    draw({ saveTried: true });
    kindOf("truefalse");
    expect(shown(inEnglish(kindMessages.trueOrFalseRequired))).toBe(true);
    fireEvent.click(screen.getByLabelText("False"));
    expect(current.correctAnswer).toBe(1);
    expect(shown(inEnglish(kindMessages.trueOrFalseRequired))).toBe(false);
    kindOf("order");
    expect(shown(inEnglish(kindMessages.orderItemBlank))).toBe(true);
    kindOf("multi");
    expect(shown(inEnglish(kindMessages.multiRightCount))).toBe(true);
    fireEvent.click(screen.getByLabelText("Option B is a right answer for question 1"));
    fireEvent.click(screen.getByLabelText("Option D is a right answer for question 1"));
    expect(current.correctAnswers).toEqual([1, 3]);
    expect(shown(inEnglish(kindMessages.multiRightCount))).toBe(false);
  });

  it("offers the teacher's voice for the question, each option or item and a written clue; none for true or false or typed answers", () => {
    const recorders = () =>
      screen.queryAllByRole("group", { name: /^Recording for / }).map((g) => g.getAttribute("aria-label"));
    renderInPage(<Editor start={{ ...start, clue: "" }} language="en" saveTried={false} />);
    expect(recorders()).toEqual([
      "Recording for question 1",
      "Recording for option A",
      "Recording for option B",
      "Recording for option C",
      "Recording for option D",
    ]);
    type("Clue for question 1 (optional)", "Think of the alphabet.");
    expect(recorders()).toContain("Recording for the clue of question 1");
    kindOf("truefalse");
    expect(recorders()).toEqual(["Recording for question 1", "Recording for the clue of question 1"]);
    kindOf("typed");
    expect(recorders()).toEqual(["Recording for question 1", "Recording for the clue of question 1"]);
    kindOf("order");
    expect(recorders()).toEqual([
      "Recording for question 1",
      "Recording for item 1",
      "Recording for item 2",
      "Recording for item 3",
      "Recording for the clue of question 1",
    ]);
    kindOf("multi");
    expect(recorders()).toHaveLength(6);
  });

  it("keeps the recordings as the question changes, and removes one with its chip", () => {
    const a = "0b5e8f0c-1d2a-4c3b-9e7f-00000000000a";
    const b = "0b5e8f0c-1d2a-4c3b-9e7f-00000000000b";
    const q = "0b5e8f0c-1d2a-4c3b-9e7f-00000000000c";
    renderInPage(
      <Editor
        start={{ ...start, recordingId: q, optionRecordingIds: [a, b, null, null] }}
        language="en"
        saveTried={false}
      />,
    );
    const chip = (name: string) =>
      screen.getByRole("group", { name }).querySelector("audio")?.getAttribute("src") ?? null;
    expect(chip("Recording for question 1")).toBe(`/api/recordings/${q}`);
    expect(chip("Recording for option B")).toBe(`/api/recordings/${b}`);
    expect(chip("Recording for option C")).toBeNull();
    // Four options to choose-all: the answers' recordings stay.
    kindOf("multi");
    expect(chip("Recording for option A")).toBe(`/api/recordings/${a}`);
    fireEvent.click(
      within(screen.getByRole("group", { name: "Recording for option A" })).getByRole("button", {
        name: "Remove the recording",
      }),
    );
    expect(current.optionRecordingIds).toEqual([null, b, null, null]);
    expect(chip("Recording for option A")).toBeNull();
    fireEvent.click(
      within(screen.getByRole("group", { name: "Recording for question 1" })).getByRole("button", {
        name: "Remove the recording",
      }),
    );
    expect(current.recordingId).toBeNull();
  });
});
