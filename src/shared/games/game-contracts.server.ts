/**
 * The games API's contracts (decision 045): games, game files, share links, pictures and AI
 * suggestions. Request schemas are the editor's own (game-contracts.ts, ai-suggestions.ts); each
 * response schema is exactly its response type (contract.server.ts `exactly`).
 */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { GenerateQuestionsSchema, type AiStatusResponse, type GenerateQuestionsResponse } from "./ai-suggestions.ts";
import { CreateGameSchema } from "./game-contracts.ts";
import { gameEndpoints } from "./game-endpoints.ts";
import { ArchiveGameSchema, type DeleteGameResponse } from "./game-library.ts";
import type { GameDetail, GameSummary, StoredQuestion } from "./game-responses.ts";
import type { OptionPictures, QuestionPicture, UploadedImage } from "./images.ts";
import type { SharedGame, SharedQuestion, ShareLinkState } from "./sharing.ts";

/** A path parameter: any text (an id that names nothing is the route's "not found", never a 400). */
export const pathParam = z.string();
const gameParams = z.object({ gameId: pathParam });
const idResponse = z.object({ id: z.string() });

export const QuestionPictureSchema = exactly<QuestionPicture>()(
  z.object({ src: z.string(), alt: z.string(), width: z.number(), height: z.number() }),
);
export const OptionPicturesSchema = exactly<OptionPictures>()(z.array(QuestionPictureSchema.nullable()).nullable());

const StoredQuestionSchema = exactly<StoredQuestion>()(
  z.object({
    questionText: z.string(),
    options: z.array(z.string()),
    correctAnswer: z.number(),
    clue: z.string().nullable(),
    imageId: z.string().nullable(),
    imageAlt: z.string().nullable(),
    optionImageIds: z.array(z.string().nullable()).nullable(),
    hidingPlace: z.string().nullable(),
    stationKey: z.string(),
  }),
);

const gameSummaryShape = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  questionCount: z.number(),
  createdAt: z.string(),
  archived: z.boolean(),
  aiLastUsedSubject: z.string().nullable(),
  aiLastUsedLevel: z.string().nullable(),
  language: z.enum(LANGUAGES),
  sessionCount: z.number(),
};
const GameSummarySchema = exactly<GameSummary>()(z.object(gameSummaryShape));
const GameDetailSchema = exactly<GameDetail>()(
  z.object({
    ...gameSummaryShape,
    questions: z.array(StoredQuestionSchema),
    aiLastUsedTopic: z.string().nullable(),
    aiLastUsedContext: z.string().nullable(),
    aiLastUsedNumQuestions: z.number().nullable(),
  }),
);

const ShareLinkStateSchema = exactly<ShareLinkState>()(z.object({ sharePath: z.string().nullable() }));
const SharedQuestionSchema = exactly<SharedQuestion>()(
  z.object({
    questionText: z.string(),
    options: z.array(z.string()),
    correctAnswer: z.number(),
    clue: z.string().nullable(),
    hidingPlace: z.string().nullable(),
    picture: QuestionPictureSchema.nullable(),
    optionPictures: OptionPicturesSchema,
  }),
);
const SharedGameSchema = exactly<SharedGame>()(
  z.object({
    title: z.string(),
    description: z.string(),
    subject: z.string().nullable(),
    classLevel: z.string().nullable(),
    language: z.enum(LANGUAGES),
    sharedBy: z.string(),
    questions: z.array(SharedQuestionSchema),
  }),
);

const UploadedImageSchema = exactly<UploadedImage>()(
  z.object({ id: z.string(), src: z.string(), width: z.number(), height: z.number(), bytes: z.number() }),
);

export const gameContracts = {
  list: contract(gameEndpoints.list, {
    summary: "The teacher's games, archived ones flagged",
    caller: "teacher",
    responses: { 200: z.object({ games: z.array(GameSummarySchema) }) },
  }),
  read: contract(gameEndpoints.read, {
    summary: "One of the teacher's games, answers included (the editor, duplicating)",
    caller: "teacher",
    params: gameParams,
    responses: { 200: z.object({ game: GameDetailSchema }) },
  }),
  create: contract(gameEndpoints.create, {
    summary: "Create a game",
    caller: "teacher",
    body: CreateGameSchema,
    responses: { 201: idResponse },
  }),
  update: contract(gameEndpoints.update, {
    summary: "Save a game's questions as a new version (running sessions keep theirs)",
    caller: "teacher",
    params: gameParams,
    body: CreateGameSchema,
    responses: { 200: idResponse },
  }),
  archive: contract(gameEndpoints.archive, {
    summary: "Archive or restore a game",
    caller: "teacher",
    params: gameParams,
    body: ArchiveGameSchema,
    responses: { 200: z.object({ archived: z.boolean() }) },
  }),
  remove: contract(gameEndpoints.remove, {
    summary: "Delete a game (archived instead when it has sessions)",
    caller: "teacher",
    params: gameParams,
    responses: {
      200: exactly<DeleteGameResponse>()(z.object({ outcome: z.enum(["deleted", "archived"]) })),
    },
  }),
  exportFile: contract(gameEndpoints.exportFile, {
    summary: "Download a game as a file, its pictures inside (docs/GAME-FORMAT.md)",
    caller: "teacher",
    params: gameParams,
    responses: { 200: { content: "application/json", description: "The game file (docs/GAME-FORMAT.md)" } },
  }),
  importFile: contract(gameEndpoints.importFile, {
    summary: "A game file as a new game of the teacher's",
    caller: "teacher",
    // Checked by the route, asynchronously (pictures cleaned one per turn), with one message for the file.
    rawBody: "application/json",
    responses: { 201: z.object({ id: z.string(), title: z.string() }) },
  }),
  shareLink: contract(gameEndpoints.shareLink, {
    summary: "The game's share link, or null while it is off",
    caller: "teacher",
    params: gameParams,
    responses: { 200: ShareLinkStateSchema },
  }),
  shareLinkOn: contract(gameEndpoints.shareLinkOn, {
    summary: "Turn the game's share link on",
    caller: "teacher",
    params: gameParams,
    responses: { 200: ShareLinkStateSchema },
  }),
  shareLinkOff: contract(gameEndpoints.shareLinkOff, {
    summary: "Turn the game's share link off",
    caller: "teacher",
    params: gameParams,
    responses: { 200: ShareLinkStateSchema },
  }),
  sharedGame: contract(gameEndpoints.sharedGame, {
    summary: "A game shared by link, as another teacher reads it",
    caller: "teacher",
    params: z.object({ shareLinkId: pathParam }),
    responses: { 200: z.object({ game: SharedGameSchema }) },
  }),
  copySharedGame: contract(gameEndpoints.copySharedGame, {
    summary: "Add a copy of a shared game to the teacher's games",
    caller: "teacher",
    params: z.object({ shareLinkId: pathParam }),
    responses: { 201: z.object({ id: z.string(), title: z.string() }) },
  }),
  uploadPicture: contract(gameEndpoints.uploadPicture, {
    summary: "Upload a picture (WebP bytes)",
    caller: "teacher",
    rawBody: "image/webp",
    responses: { 201: UploadedImageSchema },
  }),
  picture: contract(gameEndpoints.picture, {
    summary: "A picture's bytes (anyone holding its id)",
    caller: "link",
    params: z.object({ imageId: pathParam }),
    responses: { 200: { content: "image/webp", description: "The picture" }, 304: null },
  }),
  aiStatus: contract(gameEndpoints.aiStatus, {
    summary: "Whether AI question generation is set up",
    caller: "teacher",
    responses: { 200: exactly<AiStatusResponse>()(z.object({ configured: z.boolean() })) },
  }),
  generateQuestions: contract(gameEndpoints.generateQuestions, {
    summary: "Suggest questions with the configured language model",
    caller: "teacher",
    body: GenerateQuestionsSchema,
    responses: {
      200: exactly<GenerateQuestionsResponse>()(
        z.object({
          questions: z.array(z.object({ questionText: z.string(), options: z.array(z.string()), clue: z.string() })),
        }),
      ),
    },
  }),
} as const;
