import { and, asc, eq, inArray } from "drizzle-orm";
import type { GameDetail, GameSummary, StoredQuestion } from "../../shared/games/game-responses.ts";
import { imageSrc, type OptionPictures, type QuestionPicture } from "../../shared/games/images.ts";
import { gameLanguage } from "../../shared/i18n/content-language.ts";
import type { SharedGame } from "../../shared/sharing/sharing.ts";
import type { Db } from "../db/client.ts";
import { games, images, questions, users } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";
import { questionsOfVersion, storedQuestionColumns } from "./game-queries.ts";

/** The link of the creator's game: its id, or null when off; undefined when the game is not theirs. */
export async function findShareLinkForCreator(
  db: Db,
  gameId: string,
  creatorId: string,
): Promise<string | null | undefined> {
  if (!isUuid(gameId)) return undefined;
  const [row] = await db
    .select({ shareLinkId: games.shareLinkId })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.creatorId, creatorId)));
  return row ? row.shareLinkId : undefined;
}

/** A shared question with what a copy needs (its picture's id) and what the view shows (the picture's address and size). */
export type SharedGameQuestion = StoredQuestion & { picture: QuestionPicture | null; optionPictures: OptionPictures };

/** Share link ids are base64url of 16 bytes: anything else is not looked up. */
const looksLikeShareLinkId = (id: string) => /^[A-Za-z0-9_-]{22}$/.test(id);

/**
 * What the creator keeps to themselves: the AI section's topic and context are free text a
 * teacher writes for the model ("for Aoife's group, who find fractions hard") and that no
 * share view shows. A copy starts without them.
 */
type PrivateToCreator = "aiLastUsedTopic" | "aiLastUsedContext";

/**
 * The game a link points at, with everything a copy needs and nothing the creator keeps to
 * themselves; null when the link is off, never was, or its game is gone. Archived games are
 * shared as long as their link is on.
 */
export async function findSharedGame(
  db: Db,
  shareLinkId: string,
): Promise<
  | (Omit<
      GameDetail,
      | "questions"
      | PrivateToCreator
      | Exclude<
          keyof GameSummary,
          | "id"
          | "title"
          | "description"
          | "createdAt"
          | "questionCount"
          | "aiLastUsedSubject"
          | "aiLastUsedLevel"
          | "language"
        >
    > &
      Pick<SharedGame, "sharedBy"> & { questions: SharedGameQuestion[] })
  | null
> {
  if (!looksLikeShareLinkId(shareLinkId)) return null;
  const [game] = await db
    .select({
      // Only what the view and a copy use: the creator's topic and context are never read.
      game: {
        id: games.id,
        title: games.title,
        description: games.description,
        createdAt: games.createdAt,
        questionVersion: games.questionVersion,
        aiLastUsedSubject: games.aiLastUsedSubject,
        aiLastUsedLevel: games.aiLastUsedLevel,
        aiLastUsedNumQuestions: games.aiLastUsedNumQuestions,
        language: games.language,
      },
      sharedBy: users.name,
    })
    .from(games)
    .innerJoin(users, eq(users.id, games.creatorId))
    .where(eq(games.shareLinkId, shareLinkId));
  if (!game) return null;
  const found = await db
    .select({ ...storedQuestionColumns, width: images.width, height: images.height })
    .from(questions)
    .leftJoin(images, eq(images.id, questions.imageId))
    // The game as it is now: older versions are kept only for the sessions that asked them.
    .where(questionsOfVersion(game.game.id, game.game.questionVersion))
    .orderBy(asc(questions.position));
  // The options' pictures' sizes (decision 038), one query for the whole game.
  const optionIds = [
    ...new Set(found.flatMap((q) => (q.optionImageIds ?? []).filter((id): id is string => Boolean(id)))),
  ];
  const sizes = new Map(
    optionIds.length === 0
      ? []
      : (
          await db
            .select({ id: images.id, width: images.width, height: images.height })
            .from(images)
            .where(inArray(images.id, optionIds))
        ).map((row) => [row.id, row]),
  );
  const rows: SharedGameQuestion[] = found.map(({ width, height, ...q }) => ({
    ...q,
    optionPictures:
      q.optionImageIds?.map((id, k) => {
        const size = id ? sizes.get(id) : undefined;
        return size
          ? { src: imageSrc(size.id), alt: q.options[k] ?? "", width: size.width, height: size.height }
          : null;
      }) ?? null,
    picture:
      q.imageId && width !== null && height !== null
        ? { src: imageSrc(q.imageId), alt: q.imageAlt ?? "", width, height }
        : null,
  }));
  const g = game.game;
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    createdAt: g.createdAt.toISOString(),
    questionCount: rows.length,
    questions: rows,
    aiLastUsedSubject: g.aiLastUsedSubject,
    aiLastUsedLevel: g.aiLastUsedLevel,
    aiLastUsedNumQuestions: g.aiLastUsedNumQuestions,
    // The questions' language goes with them: a copy of an Irish geography game is still in Irish.
    language: gameLanguage(g),
    sharedBy: game.sharedBy,
  };
}
