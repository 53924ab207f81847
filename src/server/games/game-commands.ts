/** Writing games: create (the only write; games are never edited in place). */
import type { z } from "zod";
import type { CreateGameSchema } from "../../shared/games.ts";
import type { Db } from "../db/client.ts";
import { games, questions } from "../db/schema.ts";

type NewGame = z.output<typeof CreateGameSchema>;

/** The game and all its questions, in one transaction: never half a game. */
export async function createGame(db: Db, creatorId: string, input: NewGame): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [game] = await tx
      .insert(games)
      .values({
        title: input.title,
        description: input.description,
        creatorId,
        archived: false,
        aiLastUsedSubject: input.aiLastUsedSubject,
        aiLastUsedLevel: input.aiLastUsedLevel,
        aiLastUsedTopic: input.aiLastUsedTopic,
        aiLastUsedContext: input.aiLastUsedContext,
        aiLastUsedNumQuestions: input.aiLastUsedNumQuestions,
      })
      .returning({ id: games.id });
    await tx.insert(questions).values(
      input.questions.map((q, position) => ({
        gameId: game!.id,
        position,
        questionText: q.questionText.trim(),
        options: q.options.map((o) => o.trim()),
        correctAnswer: q.correctAnswer,
        clue: q.clue,
      })),
    );
    return { id: game!.id };
  });
}
