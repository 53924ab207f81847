/**
 * The play page on a tablet a group shares (decision 048), against a fake of the server's turn
 * rule (play-api replaced): the gate before a turn, the child's name above their question, the
 * hand-over after a right answer that shows nothing of it, each answer sent under the turn's
 * child, a refresh mid-turn resuming, another child's turn refused, everyone's results, and a page
 * whose child was taken out passing on to the next child still playing.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import { ApiError } from "../../../shared/api-errors.ts";
import { messageText, msg } from "../../../shared/i18n/messages.ts";
import type { AnswerResponse, PlayQuestion, PlayState } from "../../../shared/play/play-responses.ts";
import { turnOf } from "../../../shared/play/tablet-turns.ts";
import { rememberPlayer, rememberTabletPlayers } from "../../lib/tablet-memory.ts";
import { fetchPlayState, postAnswer } from "./play-api.ts";
import PlayPage from "./play-page.tsx";

vi.mock("./play-api.ts", () => ({
  fetchPlayState: vi.fn(),
  postAnswer: vi.fn(),
  postHelp: vi.fn(),
  postStationFind: vi.fn(),
  playEventsUrl: (id: string) => `/api/play/${id}/events`,
}));
vi.mock("../../lib/use-live-events.ts", () => ({ useLiveEvents: () => {} }));

/** Two questions, the right answer B each time. */
const QUESTIONS = ["Which animal has eight arms?", "What is 7 + 5?"];
const OPTIONS = [
  ["Rabbit", "Octopus", "Eagle", "Cow"],
  ["11", "12", "13", "75"],
];
const RIGHT = 1;

type Child = { progressId: string; name: string; done: number; firstTime: number; wrong: number[] };

/** The server's side of one tablet: its children's progress and the turn rule. */
function fakeTablet(names: string[]) {
  const children: Child[] = names.map((name) => ({ progressId: `p-${name}`, name, done: 0, firstTime: 0, wrong: [] }));
  const removed = new Set<string>();
  const playing = () => children.filter((c) => !removed.has(c.progressId));
  const completed = (c: Child) => c.done >= QUESTIONS.length;
  const turn = () =>
    turnOf(
      playing().map((c, seat) => ({
        progressId: c.progressId,
        seat,
        completedQuestionsCount: c.done,
        completed: completed(c),
      })),
    )?.progressId ?? null;
  const question = (c: Child): PlayQuestion | null =>
    completed(c)
      ? null
      : {
          index: c.done,
          questionText: QUESTIONS[c.done]!,
          options: OPTIONS[c.done]!,
          wrongOptions: c.wrong,
          clue: null,
          picture: null,
          optionPictures: null,
        };
  const stateOf = (askedId: string): PlayState => {
    if (removed.has(askedId)) throw new ApiError(410, "pupil_removed", "pupil.removed.heading");
    const turnId = turn();
    const c = children.find((x) => x.progressId === (turnId ?? askedId))!;
    return {
      progressId: c.progressId,
      studentName: c.name,
      gameTitle: "Sea Animals",
      gameSubject: null,
      pupilLanguage: "en",
      questionLanguage: "en",
      groupIdentifier: "blue-triangle",
      questionCount: QUESTIONS.length,
      completedQuestionsCount: c.done,
      sessionActive: true,
      helpRequested: false,
      completed: completed(c),
      current: question(c),
      soundEffects: false,
      correctFirstTimeCount: c.firstTime,
      hunt: null,
      tablet: {
        players: playing().map((p) => ({
          progressId: p.progressId,
          name: p.name,
          completedQuestionsCount: p.done,
          correctFirstTimeCount: p.firstTime,
          stationsFound: 0,
          completed: completed(p),
        })),
        turn: turnId,
      },
    };
  };
  const answer = (id: string, option: number): AnswerResponse => {
    const turnId = turn();
    if (id !== turnId) {
      const name = children.find((c) => c.progressId === turnId)!.name;
      throw new ApiError(409, "not_your_turn", messageText(msg("pupil.play.notYourTurn", { name })));
    }
    const c = children.find((x) => x.progressId === id)!;
    const index = c.done;
    if (option !== RIGHT) {
      c.wrong = [...c.wrong, option];
      return { isCorrect: false, completed: false, questionIndex: index, next: null, clue: null };
    }
    if (c.wrong.length === 0) c.firstTime++;
    c.done++;
    c.wrong = [];
    return { isCorrect: true, completed: completed(c), questionIndex: index, next: null, clue: null };
  };
  return { children, removed, stateOf, answer };
}

let server: ReturnType<typeof fakeTablet>;

beforeEach(() => {
  localStorage.clear();
  server = fakeTablet(["Aoife", "Cian"]);
  vi.mocked(fetchPlayState).mockReset();
  vi.mocked(fetchPlayState).mockImplementation(async (id) => server.stateOf(id));
  vi.mocked(postAnswer).mockReset();
  vi.mocked(postAnswer).mockImplementation(async (id, a) => server.answer(id, a.selectedOption));
});

function JoinStandIn() {
  return <p>The join page</p>;
}
function PlayAt() {
  const { progressId } = useParams();
  return (
    <>
      <p data-testid="at">{progressId}</p>
      <PlayPage />
    </>
  );
}

function drawPlay(progressId = "p-Aoife") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderInPage(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/play/${progressId}`]}>
        <Routes>
          <Route path="/play/:progressId" element={<PlayAt />} />
          <Route path="/join" element={<JoinStandIn />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const button = (name: string | RegExp) => screen.getByRole("button", { name });
/**
 * An accessible name as Chromium reads it: happy-dom gives every element a display other than
 * "inline", so the name of a sentence with a child's name inside has a space before "'s" or "!".
 */
const named = (text: string) => (name: string) => name.replace(/\s+(?=['!,])/g, "") === text;
const questionShown = () => screen.queryByRole("radio") !== null;
async function answer(option: string, verdict: "Correct!" | "Incorrect!") {
  fireEvent.click(screen.getByRole("radio", { name: new RegExp(`^${option}`) }));
  fireEvent.click(button("Submit Answer"));
  await screen.findByText(verdict);
}
/** Waits out the second of 'Correct!' and the server's next state. */
const handOverTo = async (name: string) =>
  waitFor(() => expect(button(`I'm ${name}`).getAttribute("aria-disabled")).toBe("false"), { timeout: 3000 });

describe("the play page on a tablet", () => {
  it("takes the group through a question child by child: the gate, the turn, the hand-over that hides the answer", async () => {
    drawPlay();
    // The first child's gate: their name to press, nothing of the question yet; the button has the focus.
    await screen.findByRole("heading", { name: named("It's Aoife's turn") });
    expect(questionShown()).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(button("I'm Aoife")));
    fireEvent.click(button("I'm Aoife"));

    // Her turn: her name above her question, the focus on the question.
    expect(screen.getByText(/'s turn$/).textContent).toBe("AAoife's turn");
    expect(screen.getByText("Question 1 of 2")).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe("question-heading"));
    await answer("Rabbit", "Incorrect!");
    await answer("Octopus", "Correct!");
    expect(vi.mocked(postAnswer).mock.calls.map(([id]) => id)).toEqual(["p-Aoife", "p-Aoife"]);
    // 'Correct!' on her question first, with her tick.
    expect(document.querySelector(".answer-option.is-right")).not.toBeNull();

    // Then the hand-over: well done, pass to Cian, and none of her question, choice or tick under it.
    await handOverTo("Cian");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Well done, AAoife!");
    expect(screen.getByText(/^Pass the tablet to/).textContent).toBe("Pass the tablet to CCian");
    expect(questionShown()).toBe(false);
    expect(screen.queryByText("Octopus")).toBeNull();
    expect(document.querySelector(".is-right, .crossed-out")).toBeNull();
    expect(document.activeElement).toBe(button("I'm Cian"));

    // Cian's turn: his own question, his own tries, answered under his own id.
    fireEvent.click(button("I'm Cian"));
    expect(screen.getByText(/'s turn$/).textContent).toBe("CCian's turn");
    expect(document.querySelector(".crossed-out")).toBeNull();
    await answer("Octopus", "Correct!");
    expect(vi.mocked(postAnswer).mock.calls.at(-1)?.[0]).toBe("p-Cian");

    // Everyone answered: the next question, its hand-over naming the first child.
    await handOverTo("Aoife");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Well done, CCian!");
    fireEvent.click(button("I'm Aoife"));
    expect(screen.getByText("Question 2 of 2")).toBeTruthy();
  });

  it("after a refresh: the gate for a child who has not tried yet, straight back to a child mid-turn", async () => {
    server.answer("p-Aoife", RIGHT);
    const first = drawPlay("p-Aoife");
    await screen.findByRole("heading", { name: named("It's Cian's turn") });
    first.unmount();

    server.answer("p-Cian", 0);
    drawPlay("p-Aoife");
    await screen.findByText("Question 1 of 2");
    expect(screen.getByText(/'s turn$/).textContent).toBe("CCian's turn");
    expect(screen.queryByRole("button", { name: "I'm Cian" })).toBeNull();
    expect(document.querySelector(".crossed-out")?.textContent).toContain("Rabbit");
  });

  it("says whose turn it is when an answer comes in another child's turn, and goes to that child's gate", async () => {
    drawPlay();
    fireEvent.click(await screen.findByRole("button", { name: "I'm Aoife" }));
    // Meanwhile the server moved on (another page of the tablet answered for Aoife).
    server.answer("p-Aoife", RIGHT);
    vi.mocked(postAnswer).mockImplementationOnce(async (_id, a) => server.answer("p-Aoife", a.selectedOption));
    fireEvent.click(screen.getByRole("radio", { name: /^Octopus/ }));
    fireEvent.click(button("Submit Answer"));
    await screen.findByRole("heading", { name: named("It's Cian's turn") });
    expect(screen.getByRole("status").textContent).toBe("It is Cian's turn now.");
    // Cian starts: the message has served its purpose.
    fireEvent.click(button("I'm Cian"));
    expect(screen.queryByText("It is Cian's turn now.")).toBeNull();
  });

  it("names each child with their own results when everyone has finished", async () => {
    for (const id of ["p-Aoife", "p-Cian", "p-Aoife", "p-Cian"]) server.answer(id, RIGHT);
    server.children[1]!.firstTime = 1;
    drawPlay();
    await screen.findByText("Congratulations! You have completed the treasure hunt!");
    const rows = screen.getByRole("region", { name: "Who played" }).querySelectorAll(":scope > ul > li");
    expect([...rows].map((row) => row.textContent)).toEqual([
      "AAoifeQuestions: 2 of 22 right first time",
      "CCianQuestions: 2 of 21 right first time",
    ]);
  });

  it("offers Add a player between turns when this device remembers the group, back to the join's players step", async () => {
    rememberPlayer({ code: "482913", groupId: "g1" }, { progressId: "p-Aoife", name: "Aoife" });
    rememberPlayer({ code: "482913", groupId: "g1" }, { progressId: "p-Cian", name: "Cian" });
    drawPlay();
    fireEvent.click(await screen.findByRole("button", { name: "Add a player" }));
    await screen.findByText("The join page");
  });

  it("a page whose child was taken out goes on to the next child still playing on the tablet", async () => {
    server = fakeTablet(["Aoife", "Cian", "Saoirse"]);
    rememberTabletPlayers("p-Cian", server.stateOf("p-Cian").tablet!.players);
    server.removed.add("p-Cian");
    const page = drawPlay("p-Cian");
    await waitFor(() => expect(screen.getByTestId("at").textContent).toBe("p-Saoirse"));
    await screen.findByRole("heading", { name: named("It's Aoife's turn") });
    page.unmount();

    // Nobody left to go on to: the page says the child was taken out.
    rememberTabletPlayers("p-Aoife", server.stateOf("p-Aoife").tablet!.players);
    server.removed.add("p-Saoirse");
    server.removed.add("p-Aoife");
    drawPlay("p-Aoife");
    await screen.findByRole("heading", { name: "Your teacher has taken you out of this game." });
    expect(screen.getByTestId("at").textContent).toBe("p-Aoife");
  });
});
