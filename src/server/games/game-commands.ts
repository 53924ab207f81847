/**
 * Named commands and queries on games. Every one is scoped to its teacher: a game that is
 * not yours is indistinguishable from one that does not exist.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CreateGameSchema, GameDetail, GameSummary } from "../../shared/games.ts";
import type { Db } from "../db/client.ts";
import { games, questions } from "../db/schema.ts";

type NewGame = z.output<typeof CreateGameSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

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

const questionCount = sql<number>`(select count(*)::int from ${questions} where ${questions.gameId} = ${games.id})`;

/** The teacher's games, newest first (archived ones are kept out of the list). */
export async function listGames(db: Db, creatorId: string): Promise<GameSummary[]> {
  const rows = await db
    .select({ id: games.id, title: games.title, description: games.description, createdAt: games.createdAt, questionCount })
    .from(games)
    .where(and(eq(games.creatorId, creatorId), eq(games.archived, false)))
    .orderBy(desc(games.createdAt), desc(games.id));
  return rows.map((r) => ({ ...r, questionCount: Number(r.questionCount), createdAt: r.createdAt.toISOString() }));
}

export async function findGameForCreator(db: Db, gameId: string, creatorId: string): Promise<GameDetail | null> {
  if (!isUuid(gameId)) return null;
  const [game] = await db.select().from(games).where(and(eq(games.id, gameId), eq(games.creatorId, creatorId)));
  if (!game) return null;
  const rows = await db
    .select({ questionText: questions.questionText, options: questions.options, correctAnswer: questions.correctAnswer, clue: questions.clue })
    .from(questions)
    .where(eq(questions.gameId, gameId))
    .orderBy(asc(questions.position));
  return {
    id: game.id,
    title: game.title,
    description: game.description,
    createdAt: game.createdAt.toISOString(),
    questionCount: rows.length,
    questions: rows,
    aiLastUsedSubject: game.aiLastUsedSubject,
    aiLastUsedLevel: game.aiLastUsedLevel,
    aiLastUsedTopic: game.aiLastUsedTopic,
    aiLastUsedContext: game.aiLastUsedContext,
    aiLastUsedNumQuestions: game.aiLastUsedNumQuestions,
  };
}
