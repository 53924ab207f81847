/**
 * The completion screen's words: SPEC's sentence to a child alone; to the children of a tablet the
 * same in English ("You" is both), and in Irish the plural ("agaibh", not "agat"), each child
 * named with their own results.
 */
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderInPage as renderAlone } from "../../../../tests/support/web-components.tsx";
import type { PlayState, TabletPlayer } from "../../../shared/play/play-responses.ts";
import { activateLanguage } from "../../lib/i18n/i18n.ts";
import { CompletionScreen } from "./finish-screens.tsx";

const finished: PlayState = {
  progressId: "p-aoife",
  studentName: "Aoife",
  gameTitle: "Sea Animals",
  gameSubject: null,
  pupilLanguage: "en",
  questionLanguage: "en",
  groupIdentifier: "yellow-square",
  questionCount: 2,
  completedQuestionsCount: 2,
  sessionActive: true,
  helpRequested: false,
  completed: true,
  current: null,
  soundEffects: false,
  correctFirstTimeCount: 1,
  hunt: null,
  tablet: null,
};
const player = (name: string, firstTime: number): TabletPlayer => ({
  progressId: `p-${name}`,
  name,
  completedQuestionsCount: 2,
  correctFirstTimeCount: firstTime,
  stationsFound: 0,
  completed: true,
});
const together = [player("Aoife", 2), player("Cian", 1)];

/** The screen has a link (to the home page): drawn inside a router, as the play page is. */
const renderInPage = (ui: ReactElement) => renderAlone(<MemoryRouter>{ui}</MemoryRouter>);
const said = (container: HTMLElement) => container.querySelector(".congratulations")?.textContent;
const rows = (container: HTMLElement) =>
  [...container.querySelectorAll(".tablet-results > ul > li")].map((row) => row.textContent);

describe("the completion screen", () => {
  afterEach(async () => {
    await activateLanguage("en", ["pupil"]);
  });

  it("says SPEC's sentence to a child alone and to a tablet's children, naming each with their results", () => {
    expect(said(renderInPage(<CompletionScreen state={finished} />).container)).toBe(
      "Congratulations! You have completed the treasure hunt!",
    );
    const tablet = renderInPage(<CompletionScreen state={finished} players={together} />).container;
    expect(said(tablet)).toBe("Congratulations! You have completed the treasure hunt!");
    expect(rows(tablet)).toEqual([
      "AAoifeQuestions: 2 of 22 right first time",
      "CCianQuestions: 2 of 21 right first time",
    ]);
  });

  it("speaks to one child as agat and to a tablet's children as agaibh in Irish", async () => {
    await activateLanguage("ga", ["pupil"]);
    expect(said(renderInPage(<CompletionScreen state={finished} />).container)).toBe(
      "Comhghairdeas! Tá an tóraíocht taisce críochnaithe agat!",
    );
    expect(said(renderInPage(<CompletionScreen state={finished} players={together} />).container)).toBe(
      "Comhghairdeas! Tá an tóraíocht taisce críochnaithe agaibh!",
    );
  });
});
