/**
 * A class answering without pause, as the play page does it: each answer gets a fresh attempt
 * id, is sent, and — on a lost connection, a timeout or a 5xx — sent again with the SAME id
 * until the server acknowledges it (play-page.tsx keeps it in localStorage and resends it).
 * It keeps a ledger of every attempt: sent, acknowledged (the client saw the 200), retried,
 * and what went wrong on the way, so a test can compare it with what the database stored.
 */
import { expect } from "vitest";
import { HttpClient } from "./http-client.ts";
import { type LiveChannel, openLiveChannel } from "./live-channel.ts";
import { signedUpTeacher } from "./teachers.ts";

/** Many questions, so nobody finishes during a test; the correct option of question i is i % 4. */
export const longGame = (questions = 100) => ({
  title: "Crash test - 6th Class - Tables",
  questions: Array.from({ length: questions }, (_, i) => ({
    questionText: `${i} × 1 = ?`,
    options: ["a", "b", "c", "d"].map((l) => `${l}${i}`),
    correctAnswer: i % 4,
  })),
});

export type Attempt = {
  progressId: string;
  attemptId: string;
  questionIndex: number;
  selectedOption: number;
  sends: number;
  acked?: { isCorrect: boolean; at: number };
};

export type ClassOptions = {
  pupils: number;
  /** Pause between one acknowledged answer and the next (a child reading the question). */
  thinkMs: [number, number];
  /** The play page resends a pending answer every RETRY_MS (3 s); tests may use less. */
  retryMs: number;
  /** The play page gives up on one request after 15 s and counts it as offline. */
  requestTimeoutMs?: number;
  wrongRate?: number;
  /** Open each pupil's live channel too (the teacher's is always open). */
  pupilChannels?: boolean;
  /** Where the teacher's live channel connects, if not to `baseUrl` (another instance). */
  teacherChannelBaseUrl?: string;
};

export type AnsweringClass = Awaited<ReturnType<typeof startAnsweringClass>>;

export async function startAnsweringClass(baseUrl: string, options: ClassOptions) {
  const teacher = await signedUpTeacher(baseUrl);
  const game = await teacher.client.post("/api/games", longGame());
  expect(game.status).toBe(201);
  const started = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 6 });
  expect(started.status).toBe(201);
  const sessionId = started.body.id as string;
  const detail = await teacher.client.get(`/api/sessions/${sessionId}`);
  const codes = (detail.body.session.groups as Array<{ joinCode: string }>).map((g) => g.joinCode);

  const pupils = await Promise.all(
    Array.from({ length: options.pupils }, async (_, i) => {
      const client = new HttpClient(baseUrl);
      const code = codes[i % codes.length]!;
      const found = await client.post("/api/join/lookup", { code });
      expect(found.status).toBe(200);
      const joined = await client.post("/api/join", { code, groupId: found.body.groupId, name: `Pupil ${i + 1}` });
      expect(joined.status).toBe(201);
      return { client, progressId: joined.body.progressId as string };
    }),
  );

  // The teacher's browser may be served by another instance: same cookies, another address.
  const teacherChannelClient = options.teacherChannelBaseUrl
    ? new HttpClient(options.teacherChannelBaseUrl)
    : teacher.client;
  if (teacherChannelClient !== teacher.client)
    for (const [k, v] of teacher.client.cookies) teacherChannelClient.cookies.set(k, v);
  const teacherChannel = openLiveChannel(teacherChannelClient, `/api/sessions/${sessionId}/events`);
  const pupilChannels = new Map<string, LiveChannel>();
  if (options.pupilChannels)
    for (const p of pupils)
      pupilChannels.set(p.progressId, openLiveChannel(p.client, `/api/play/${p.progressId}/events`));

  const attempts: Attempt[] = [];
  /** What each failed send met: "network:ECONNRESET", "503:database_unavailable", … with when. */
  const failures: Array<{ kind: string; at: number; message?: string }> = [];
  let running = true;
  let inFlight = 0;
  const wrongRate = options.wrongRate ?? 0.3;
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const send = async (client: HttpClient, attempt: Attempt) => {
    attempt.sends++;
    inFlight++;
    try {
      return await withTimeout(
        client.post(`/api/play/${attempt.progressId}/answers`, {
          questionIndex: attempt.questionIndex,
          selectedOption: attempt.selectedOption,
          attemptId: attempt.attemptId,
        }),
        options.requestTimeoutMs ?? 15_000,
      );
    } finally {
      inFlight--;
    }
  };

  const play = async (pupil: (typeof pupils)[number], index: number) => {
    await pause(Math.random() * options.thinkMs[1]);
    let question = 0;
    let n = 0;
    while (running && question < 100) {
      const correct = question % 4;
      const attempt: Attempt = {
        progressId: pupil.progressId,
        attemptId: `crash-${index}-${++n}-${Math.random().toString(36).slice(2, 8)}`,
        questionIndex: question,
        selectedOption: Math.random() < wrongRate ? (correct + 1) % 4 : correct,
        sends: 0,
      };
      attempts.push(attempt);
      // As the play page: the same attempt id again and again until the server has it.
      while (!attempt.acked && running) {
        try {
          const res = await send(pupil.client, attempt);
          if (res.status === 200) {
            attempt.acked = { isCorrect: res.body.isCorrect as boolean, at: Date.now() };
            break;
          }
          failures.push({
            kind: `${res.status}:${res.body?.error?.code ?? "?"}`,
            at: Date.now(),
            message: res.body?.error?.message,
          });
          // Anything but a server-side failure is a bug in the test or the server: stop retrying.
          if (res.status < 500) throw new Error(`Answer answered ${res.status}: ${res.text}`);
        } catch (error) {
          if ((error as Error).message.startsWith("Answer answered")) throw error;
          failures.push({
            kind: `network:${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
            at: Date.now(),
          });
        }
        await pause(options.retryMs);
      }
      if (attempt.acked?.isCorrect) question++;
      await pause(options.thinkMs[0] + Math.random() * (options.thinkMs[1] - options.thinkMs[0]));
    }
  };
  const playing = Promise.all(pupils.map((p, i) => play(p, i)));
  playing.catch(() => {}); // reported by stop()

  return {
    sessionId,
    teacher,
    pupils,
    teacherChannel,
    pupilChannels,
    attempts,
    failures,
    inFlight: () => inFlight,
    acknowledgedSince: (at: number) => attempts.filter((a) => a.acked && a.acked.at >= at).length,
    /** Stops answering; an answer still unacknowledged is left as the app would leave it (pending). */
    async stop() {
      running = false;
      await playing;
      teacherChannel.close();
      pupilChannels.forEach((c) => c.close());
    },
    counts() {
      const acked = attempts.filter((a) => a.acked).length;
      const retried = attempts.filter((a) => a.sends > 1).length;
      return {
        attempts: attempts.length,
        acknowledged: acked,
        unacknowledged: attempts.length - acked,
        requests: attempts.reduce((s, a) => s + a.sends, 0),
        retried,
      };
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(Object.assign(new Error("timeout"), { code: "TIMEOUT" })), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e as Error)),
    );
  });
}
