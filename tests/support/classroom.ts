/** Test fixtures for live sessions: a teacher with a game, a started session, students who join. */
import { expect } from "vitest";
import { HttpClient } from "./http-client.ts";
import { signedUpTeacher } from "./teachers.ts";

/** Three questions; the correct answers are options 1, 2 and 0. */
export const threeQuestionGame = {
  title: "Gaeilge - 3rd Class - Bia",
  description: "Food words",
  questions: [
    { questionText: "Cad é 'apple'?", options: ["oráiste", "úll", "arán", "im"], correctAnswer: 1 },
    { questionText: "Cad é 'bread'?", options: ["bainne", "cáis", "arán", "uisce"], correctAnswer: 2 },
    { questionText: "Cad é 'milk'?", options: ["bainne", "tae", "sú", "im"], correctAnswer: 0 },
  ],
};
export const CORRECT = [1, 2, 0];

/** `huntMode`: on screen (the default), or around the room. */
export async function teacherWithSession(baseUrl: string, groupCount = 3, huntMode: "screen" | "room" = "screen") {
  const teacher = await signedUpTeacher(baseUrl);
  const game = await teacher.client.post("/api/games", threeQuestionGame);
  expect(game.status).toBe(201);
  const started = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount, huntMode });
  expect(started.status).toBe(201);
  const codes = await teacher.client.get(`/api/sessions/${started.body.id}`);
  return { teacher, gameId: game.body.id as string, sessionId: started.body.id as string, session: codes.body.session };
}

let attempt = 0;
export const attemptId = () => `attempt-${Date.now()}-${++attempt}`;

/** A pupil's device that has joined a session of its own (for checks that need a pupil, not a particular game). */
export async function pupilDevice(baseUrl: string) {
  const { session } = await teacherWithSession(baseUrl, 1);
  return (await joinedStudent(baseUrl, session.groups[0].joinCode, "Pupil")).client;
}

/** A pupil's browser: code lookup, then the join that signs the device in (decision 014). */
export async function joinedStudent(baseUrl: string, code: string, name: string) {
  const client = new HttpClient(baseUrl);
  const found = await client.post("/api/join/lookup", { code });
  expect(found.status).toBe(200);
  const joined = await client.post("/api/join", { code, groupId: found.body.groupId, name });
  expect(joined.status).toBe(201);
  const progressId = joined.body.progressId as string;
  return {
    client,
    progressId,
    answer: (questionIndex: number, selectedOption: number, id = attemptId()) =>
      client.post(`/api/play/${progressId}/answers`, { questionIndex, selectedOption, attemptId: id }),
    state: () => client.get(`/api/play/${progressId}`),
  };
}
