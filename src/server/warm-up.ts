/**
 * The join path warmed before the server says it is ready (decision 027). A server that has
 * just started runs its first requests cold: V8 has not compiled our routes, Fastify's
 * pipeline, zod or the database driver yet, and PGlite's WebAssembly has not been tiered up.
 * The first class of the morning would pay for all of it: 30 pupils joining a cold server take
 * twice as long as the same 30 a few minutes later.
 *
 * So, before listening, the server sends itself the two requests of a join, as a pupil's
 * browser would (app.inject: no socket), a few hundred times or until its time is up:
 * - a code lookup, which runs the lookup statement and its limits;
 * - a join to a group id that was just made up, which runs the join statement and finds no
 *   group (400), so nothing is written to any session.
 *
 * They come from the IPv6 documentation prefix (2001:db8::/32, RFC 3849: never a real client;
 * a /64 each, as the limits count IPv6), so they spend no real address's allowance. Not
 * IPv4's TEST-NET-1: some sandboxes give a machine 192.0.2.2. On PostgreSQL the limits'
 * counters are rows (decision 015): those addresses' rows expire with their windows and the
 * minute sweep deletes them. Nothing the warm-up does can stop the server from starting.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { playContracts } from "../shared/play/play-contracts.server.ts";
import type { AnswerResponse, JoinLookupResponse, PlayState } from "../shared/play/play-responses.ts";
import type { SessionResults } from "../shared/results/results.ts";
import { resultsContracts } from "../shared/results/results-contracts.server.ts";
import { sessionContracts } from "../shared/sessions/session-contracts.server.ts";
import type { SessionDetail } from "../shared/sessions/session-responses.ts";

export const WARM_UP = {
  /** Lookup-and-join pairs: a class of 30 is 30; a few hundred get the hot code compiled. */
  rounds: 200,
  /** A slow machine stops early rather than delaying the start by more than this. */
  budgetMs: 3000,
} as const;

/** The documentation prefix the warm-up's requests come from: 2001:db8:0:<n>::1, a /64 each, 254 of them. */
export const warmUpAddress = (round: number) => `2001:db8:0:${((round % 254) + 1).toString(16)}::1`;

export type WarmUpResult = { rounds: number; ms: number; failed: number };

/**
 * Sends `rounds` lookup-and-join pairs to the app (not yet listening), stopping early once
 * `budgetMs` has passed. A reply of 5xx, or an exception, counts as failed: the warm-up goes
 * on (a database slow to answer is the start-up's business, not the warm-up's).
 */
export async function warmUpJoinPath(
  app: FastifyInstance,
  options: { rounds: number; budgetMs: number } = WARM_UP,
): Promise<WarmUpResult> {
  const started = performance.now();
  // "localhost" is a host every server serves (security.ts); the origin is the page's own.
  const headers = {
    host: "localhost",
    origin: "http://localhost",
    "content-type": "application/json",
    accept: "application/json",
  };
  let failed = 0;
  let round = 0;
  const send = async (url: string, body: unknown, remoteAddress: string) => {
    try {
      const reply = await app.inject({ method: "POST", url, headers, payload: JSON.stringify(body), remoteAddress });
      if (reply.statusCode >= 500) failed++;
    } catch {
      failed++;
    }
  };
  for (; round < options.rounds && performance.now() - started < options.budgetMs; round++) {
    const remoteAddress = warmUpAddress(round);
    const code = String(100000 + round);
    await send("/api/join/lookup", { code }, remoteAddress);
    await send("/api/join", { code, groupId: randomUUID(), name: "Warm" }, remoteAddress);
    warmResponseSchemas();
  }
  return { rounds: round, ms: Math.round(performance.now() - started), failed };
}

const question = {
  index: 0,
  kind: "choice" as const,
  questionText: "Warm",
  options: ["A", "B", "C", "D"],
  wrongOptions: [1],
  clue: null,
  picture: { src: "/api/images/warm", alt: "Warm", width: 640, height: 480 },
  optionPictures: null,
  recording: "/api/recordings/warm",
  optionRecordings: ["/api/recordings/warm", null, null, null],
  clueRecording: null,
};
const samples = {
  lookUp: {
    groupId: "00000000-0000-4000-8000-000000000000",
    groupIdentifier: "red-circle",
    sessionId: "00000000-0000-4000-8000-000000000000",
    gameTitle: "Warm",
    pupilLanguage: "en",
    questionLanguage: "en",
    classList: Array.from({ length: 30 }, (_, i) => ({ name: `Warm ${i}`, taken: i % 2 === 0 })),
  } satisfies JoinLookupResponse,
  playState: {
    progressId: "00000000-0000-4000-8000-000000000000",
    studentName: "Warm",
    gameTitle: "Warm",
    gameSubject: null,
    pupilLanguage: "en",
    questionLanguage: "en",
    groupIdentifier: "red-circle",
    questionCount: 3,
    completedQuestionsCount: 0,
    sessionActive: true,
    helpRequested: false,
    completed: false,
    current: question,
    soundEffects: false,
    correctFirstTimeCount: 0,
    hunt: null,
    tablet: null,
  } satisfies PlayState,
  answer: {
    isCorrect: true,
    completed: false,
    questionIndex: 0,
    next: question,
    clue: null,
    clueRecording: null,
    nearly: false,
    inPlace: null,
  } satisfies AnswerResponse,
};
const id = "00000000-0000-4000-8000-000000000000";
const session = {
  id,
  gameId: id,
  gameTitle: "Warm",
  gameDescription: "",
  games: [{ id, title: "Warm", questionCount: 3 }],
  status: "active",
  startTime: "2026-01-01T09:00:00.000Z",
  endTime: null,
  closesAt: null,
  maxDuration: 3600,
  questionCount: 3,
  pupilLanguage: "en",
  huntMode: "screen",
  groups: ["red-circle", "blue-triangle"].map((groupIdentifier) => ({
    id,
    joinCode: "000000",
    groupIdentifier: groupIdentifier as "red-circle",
    gameId: id,
    gameTitle: "Warm",
    questionCount: 3,
    memberCount: 3,
    // Two of them on one tablet: its schema runs too.
    members: [0, 1, 2].map((i) => ({
      progressId: id,
      name: `Warm ${i}`,
      stationsFound: 0,
      tablet: i === 0 ? null : { with: [`Warm ${3 - i}`], turn: i === 1 },
    })),
    questionsCompleted: 1,
    trail: null,
  })),
} satisfies SessionDetail;
const results = {
  session,
  questions: [0, 1].map((index) => ({
    gameId: id,
    index,
    questionText: "Warm",
    // A four-option question and a typed one with its wrong answers: both shapes' schemas run.
    kind: index === 0 ? ("choice" as const) : ("typed" as const),
    options: index === 0 ? ["A", "B", "C", "D"] : ["A"],
    correctAnswer: 0,
    correctAnswers: null,
    fadasCount: false,
    commonWrongAnswers: index === 0 ? null : [{ answer: "B", count: 1 }],
    firstAnswers: [
      {
        groupIdentifier: "red-circle" as const,
        pupils: 2,
        right: 1,
        options: index === 0 ? [1, 1, 0, 0] : null,
        wrong: index === 0 ? null : [{ answer: "B", count: 1 }],
      },
    ],
    optionNotes: index === 0 ? [null, "Warm", null, null] : null,
    clue: null,
    picture: null,
    optionPictures: null,
    recordingId: null,
    clueRecordingId: null,
    optionRecordingIds: null,
    station: null,
  })),
  students: [0, 1, 2].map((i) => ({
    progressId: id,
    studentName: `Warm ${i}`,
    groupIdentifier: "red-circle" as const,
    gameId: id,
    completedQuestionsCount: 1,
    firstAttemptCorrectCount: 1,
    helpRequested: false,
    startedAt: "2026-01-01T09:00:00.000Z",
    completedAt: null,
    answers: [
      { selectedOption: 0, isCorrect: true, wasEverIncorrect: false, questionIndex: 0, attempts: 1, clueShown: false },
      {
        selectedOption: -1,
        typedAnswer: "B",
        isCorrect: false,
        wasEverIncorrect: true,
        questionIndex: 1,
        attempts: 1,
        clueShown: false,
      },
    ],
    finds: [],
    tablet: i === 0 ? null : { with: [`Warm ${3 - i}`], turn: i === 1 },
  })),
  retention: { days: 30, deletesAt: null },
} satisfies SessionResults;

/**
 * The join and answer paths' response schemas, and those of the host's pages that re-read while a
 * class joins (the session, the results), run on answers of their shape (decision 045): the
 * warm-up's requests are refused (no such code, no such group), so nothing else would have them
 * compiled before the first class.
 */
function warmResponseSchemas() {
  playContracts.lookUpCode.responses[200].parse(samples.lookUp);
  playContracts.join.responses[201].parse({ progressId: samples.playState.progressId });
  playContracts.playState.responses[200].parse(samples.playState);
  playContracts.answer.responses[200].parse(samples.answer);
  sessionContracts.read.responses[200].parse({ session, joinBaseUrl: "http://localhost" });
  resultsContracts.results.responses[200].parse(results);
}
