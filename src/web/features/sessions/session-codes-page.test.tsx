/**
 * The codes page's "who has joined" with children sharing a tablet: each child's tablet after their
 * name, and whose turn it is kept live — the page re-reads on answers (throttled) once the session
 * has a tablet, and, as before, not for a session whose children are each on their own device.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderInPage } from "../../../../tests/support/web-components.tsx";
import type { RealtimeEvent } from "../../../shared/sessions/realtime.ts";
import type {
  MemberTablet,
  SessionCodesResponse,
  SessionDetail,
  SessionMember,
} from "../../../shared/sessions/session-responses.ts";
import SessionCodesPage from "./session-codes-page.tsx";

const SESSION_ID = "5b0f8a9e-2c1d-4e6f-8a7b-9c0d1e2f3a4b";

/** The live channel as the page opens it: the test says what arrives. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const member = (name: string, tablet: MemberTablet | null = null): SessionMember => ({
  progressId: `p-${name}`,
  name,
  stationsFound: 0,
  tablet,
});

function codesPage(members: SessionMember[]): SessionCodesResponse {
  const session: SessionDetail = {
    id: SESSION_ID,
    gameId: "g",
    gameTitle: "Bia",
    gameDescription: "",
    games: [{ id: "g", title: "Bia", questionCount: 3 }],
    status: "active",
    startTime: "2026-11-29T09:00:00.000Z",
    endTime: null,
    closesAt: null,
    maxDuration: 3600,
    questionCount: 3,
    pupilLanguage: "en",
    huntMode: "screen",
    groups: [
      {
        id: "yellow",
        joinCode: "482913",
        groupIdentifier: "yellow-square",
        gameId: "g",
        gameTitle: "Bia",
        questionCount: 3,
        memberCount: members.length,
        members,
        questionsCompleted: 0,
        trail: null,
      },
    ],
  };
  return { session, joinBaseUrl: "http://cluehunt.test" };
}

/** Aoife, Cian and Saoirse on one tablet, `turn` the child whose turn it is; Dara on a device of her own. */
const tabletWithTurn = (turn: string) => {
  const names = ["Aoife", "Cian", "Saoirse"];
  return codesPage([
    ...names.map((name) => member(name, { with: names.filter((n) => n !== name), turn: name === turn })),
    member("Dara"),
  ]);
};

let answers: SessionCodesResponse[];
const fetchMock = vi.fn(async () => Response.json(answers.length > 1 ? answers.shift() : answers[0]));

beforeEach(() => {
  FakeEventSource.opened = [];
  fetchMock.mockClear();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function drawPage(...reads: SessionCodesResponse[]) {
  answers = reads;
  renderInPage(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/session-codes/${SESSION_ID}`]}>
        <Routes>
          <Route path="/session-codes/:sessionId" element={<SessionCodesPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByText("Aoife");
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  const channel = FakeEventSource.opened[0]!;
  return {
    send: (event: RealtimeEvent) => act(() => channel.onmessage?.({ data: JSON.stringify(event) })),
  };
}

const lineOf = (name: string) => screen.getByText(name).closest("li")!;

describe("the codes page with children on one tablet", () => {
  it("says after each child's name who else is on the tablet, and marks whose turn it is; a child alone, nothing", async () => {
    await drawPage(tabletWithTurn("Aoife"));
    expect(lineOf("Aoife").textContent).toContain("on one tablet with Cian and Saoirse");
    expect(lineOf("Aoife").textContent).toContain("Aoife's turn");
    expect(lineOf("Cian").textContent).toContain("on one tablet with Aoife and Saoirse");
    expect(lineOf("Cian").textContent).not.toContain("turn");
    expect(lineOf("Dara").querySelector(".tablet-mark")).toBeNull();
    expect(screen.getAllByText(/'s turn$/)).toHaveLength(1);
  });

  it("moves the turn mark when a child answers: the page re-reads on answers once children share a tablet", async () => {
    const page = await drawPage(tabletWithTurn("Aoife"), tabletWithTurn("Cian"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    page.send({ type: "progress", sessionId: SESSION_ID, progressId: "p-Aoife" });
    await screen.findByText("Cian's turn");
    expect(screen.queryByText("Aoife's turn")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not re-read on answers when every child is on a device of their own, only when someone joins", async () => {
    const alone = codesPage([member("Aoife"), member("Cian")]);
    const page = await drawPage(alone);
    page.send({ type: "progress", sessionId: SESSION_ID, progressId: "p-Aoife" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    page.send({ type: "members", sessionId: SESSION_ID });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
