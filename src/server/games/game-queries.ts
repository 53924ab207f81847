/**
 * Reading games. Every read is scoped to its teacher: a game that is not yours is
 * indistinguishable from one that does not exist. Questions are read at the game's current
 * version (decision 017); a session's own version is read by the play and results statements.
 */

import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { GameDetail, GameSummary } from "../../shared/games/game-responses.ts";
import type { QuestionKind } from "../../shared/games/question-kinds.ts";
import { gameLanguage } from "../../shared/i18n/content-language.ts";
import type { Db } from "../db/client.ts";
import { games, questions } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";
import { optionImageIdsSql } from "../images/picture-sql.ts";
import { optionRecordingIdsSql } from "../recordings/recording-sql.ts";

// Written out with the table names: Drizzle leaves columns unqualified in a one-table select, and
// game_sessions has an "id" of its own.
const questionCount = sql<number>`(select count(*)::int from questions q where q.game_id = "games"."id" and q.version = "games"."question_version")`;
// A session counts when it was started from the game or one of its groups plays it (decision 036).
// Each side by its own index (game_sessions.game_id, session_groups.game_id); union counts a session once.
const sessionCount = sql<number>`(select count(*)::int from (select s.id from game_sessions s where s.game_id = "games"."id"
  union select sg.session_id from session_groups sg where sg.game_id = "games"."id") u)`;

const summaryColumns = {
  id: games.id,
  title: games.title,
  description: games.description,
  createdAt: games.createdAt,
  archived: games.archived,
  aiLastUsedSubject: games.aiLastUsedSubject,
  aiLastUsedLevel: games.aiLastUsedLevel,
  storedLanguage: games.language,
  questionCount,
  sessionCount,
};

/**
 * The teacher's games, archived ones too (flagged), newest first. The whole list: the dashboard
 * searches and filters it in the browser. A teacher keeps at most a few hundred games (60 saves
 * an hour, 20 MB of text), a summary is about 200 bytes.
 */
export async function listGames(db: Db, creatorId: string): Promise<GameSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(games)
    .where(eq(games.creatorId, creatorId))
    .orderBy(desc(games.createdAt), desc(games.id));
  return rows.map(({ storedLanguage, ...r }) => ({
    ...r,
    language: gameLanguage({ language: storedLanguage, aiLastUsedSubject: r.aiLastUsedSubject }),
    questionCount: Number(r.questionCount),
    sessionCount: Number(r.sessionCount),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** A stored question's columns (StoredQuestion): what the editor, a copy and a shared game's view all read. */
export const storedQuestionColumns = {
  questionText: questions.questionText,
  kind: sql<QuestionKind>`${questions.kind}`,
  options: questions.options,
  // Choose all's right options are stored as a mask (decision 050): its bit k is option k.
  correctAnswer: sql<number>`case when ${questions.kind} = 'multi' then 0 else ${questions.correctAnswer} end`,
  correctAnswers: sql<
    number[] | null
  >`case when ${questions.kind} = 'multi' then array(select k from generate_series(0, 3) k where ${questions.correctAnswer} & (1 << k) <> 0) end`,
  fadasCount: questions.fadasCount,
  clue: questions.clue,
  imageId: questions.imageId,
  imageAlt: questions.imageAlt,
  // An id per option or order item (null where none), or null when none has a picture (decisions 038, 050).
  optionImageIds: sql<(string | null)[] | null>`${sql.raw(optionImageIdsSql("questions"))}`,
  // The teacher's recordings: the text's, the clue's, and an id per option (null where none), or null when none has one.
  recordingId: questions.recordingId,
  clueRecordingId: questions.clueRecordingId,
  optionRecordingIds: sql<(string | null)[] | null>`${sql.raw(optionRecordingIdsSql("questions"))}`,
  // "Why a child might pick this", per option (null where none), or null (option-notes.ts). Teachers' reads only.
  optionNotes: questions.optionNotes,
  hidingPlace: questions.hidingPlace,
  stationKey: questions.stationKey,
};

/** A game's questions of one version (decision 017: the game as it is now is its current version). */
export const questionsOfVersion = (gameId: string, version: number) =>
  and(eq(questions.gameId, gameId), eq(questions.version, version));

/** A game as its creator edits, duplicates or previews it: its questions as they are now, answers and clues included. */
export async function findGameForCreator(db: Db, gameId: string, creatorId: string): Promise<GameDetail | null> {
  if (!isUuid(gameId)) return null;
  const [game] = await db
    .select({
      ...summaryColumns,
      version: games.questionVersion,
      aiLastUsedTopic: games.aiLastUsedTopic,
      aiLastUsedContext: games.aiLastUsedContext,
      aiLastUsedNumQuestions: games.aiLastUsedNumQuestions,
    })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.creatorId, creatorId)));
  if (!game) return null;
  const rows = await db
    .select(storedQuestionColumns)
    .from(questions)
    .where(questionsOfVersion(gameId, game.version))
    .orderBy(asc(questions.position));
  const { version: _version, storedLanguage, ...detail } = game;
  return {
    ...detail,
    language: gameLanguage({ language: storedLanguage, aiLastUsedSubject: game.aiLastUsedSubject }),
    createdAt: game.createdAt.toISOString(),
    questionCount: rows.length,
    sessionCount: Number(game.sessionCount),
    questions: rows,
  };
}
