/**
 * Reading games. Every read is scoped to its teacher: a game that is not yours is
 * indistinguishable from one that does not exist.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { GameDetail, GameSummary } from "../../shared/games.ts";
import type { Db } from "../db/client.ts";
import { games, questions } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

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
    .select({
      questionText: questions.questionText,
      options: questions.options,
      correctAnswer: questions.correctAnswer,
      clue: questions.clue,
      imageId: questions.imageId,
      imageAlt: questions.imageAlt,
    })
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
