/** A game whose questions carry clues (questions 1 and 3; question 2 has none), and a session of it. */
import { expect } from "vitest";
import { signedUpTeacher } from "./teachers.ts";

export const CLUE_GAME_CORRECT = [1, 2, 0];
export const CLUES = [
  "It grows on a tree and can be red or green.",
  null,
  "Is féidir leat é a ól le do bhricfeasta. 🥛",
] as const;

export const clueGame = {
  title: "Gaeilge - 3rd Class - Bia le leideanna",
  description: "Food words, with clues",
  questions: [
    {
      questionText: "Cad é 'apple'?",
      options: ["oráiste", "úll", "arán", "im"],
      correctAnswer: 1,
      clue: `  ${CLUES[0]}  `,
    },
    { questionText: "Cad é 'bread'?", options: ["bainne", "cáis", "arán", "uisce"], correctAnswer: 2, clue: "   " },
    { questionText: "Cad é 'milk'?", options: ["bainne", "tae", "sú", "im"], correctAnswer: 0, clue: CLUES[2] },
  ],
};

/** A teacher, the clue game and a started session of it (sound effects as given, or left to the default). */
export async function teacherWithClueSession(
  baseUrl: string,
  options: { groupCount?: number; soundEffects?: boolean } = {},
) {
  const teacher = await signedUpTeacher(baseUrl);
  const game = await teacher.client.post("/api/games", clueGame);
  expect(game.status).toBe(201);
  const body: Record<string, unknown> = { gameId: game.body.id, groupCount: options.groupCount ?? 1 };
  if (options.soundEffects !== undefined) body.soundEffects = options.soundEffects;
  const started = await teacher.client.post("/api/sessions", body);
  expect(started.status).toBe(201);
  const codes = await teacher.client.get(`/api/sessions/${started.body.id}`);
  return { teacher, gameId: game.body.id as string, sessionId: started.body.id as string, session: codes.body.session };
}
