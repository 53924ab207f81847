import { expect } from "vitest";
import { HttpClient } from "./http-client.ts";

let counter = 0;

/** A new teacher, signed up and signed in, as a browser of their own. */
export async function signedUpTeacher(
  baseUrl: string,
  overrides: { displayName?: string; email?: string; password?: string } = {},
) {
  const client = new HttpClient(baseUrl);
  const email = overrides.email ?? `teacher-${Date.now()}-${++counter}@scoil.ie`;
  const password = overrides.password ?? "password-123";
  const res = await client.post("/api/auth/signup", {
    displayName: overrides.displayName ?? `Teacher ${counter}`,
    email,
    password,
  });
  expect(res.status).toBe(201);
  return { client, email, password, id: res.body.user.id as string };
}

export const sampleQuestion = (n = 1) => ({
  questionText: `What is ${n} + ${n}?`,
  options: [String(2 * n), String(2 * n + 1), String(2 * n - 1), String(n)],
  correctAnswer: 0,
});

export const sampleGame = (overrides: Record<string, unknown> = {}) => ({
  title: "Mathematics - 2nd Class - Addition",
  description: "Doubles to 20",
  questions: [sampleQuestion(1), sampleQuestion(2)],
  aiLastUsedSubject: "Mathematics",
  aiLastUsedLevel: "2nd Class",
  aiLastUsedTopic: "Addition",
  aiLastUsedContext: "",
  aiLastUsedNumQuestions: 5,
  ...overrides,
});

/** One question of each new kind (decision 050), as the editor sends them. */
export const kindQuestions = {
  statement: { kind: "truefalse", questionText: "A spider has eight legs.", options: [], correctAnswer: 0 },
  typed: { kind: "typed", questionText: "Spell 'apple' in Irish", options: ["úll", "an t-úll"], fadasCount: true },
  order: { kind: "order", questionText: "Smallest first", options: ["one", "two", "three", "four"] },
  multi: {
    kind: "multi",
    questionText: "Which are mammals?",
    options: ["Cow", "Frog", "Bat", "Robin"],
    correctAnswers: [0, 2],
  },
} as const;
