/**
 * The games API's contracts (decision 045): games and their pictures. Request schemas are the
 * editor's own (game-contracts.ts); each response schema is exactly its response type
 * (contract.server.ts `exactly`). Game files and share links are sharing's, AI suggestions ai's.
 */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { CreateGameSchema } from "./game-contracts.ts";
import { gameEndpoints } from "./game-endpoints.ts";
import { ArchiveGameSchema, type DeleteGameResponse } from "./game-library.ts";
import type { GameDetail, GameSummary, StoredQuestion } from "./game-responses.ts";
import type { OptionPictures, QuestionPicture, UploadedImage } from "./images.ts";
import { QUESTION_KINDS } from "./question-kinds.ts";
import type { ShownAnswer } from "./shown-answers.ts";

/** A path parameter: any text (an id that names nothing is the route's "not found", never a 400). */
export const pathParam = z.string();
export const gameParams = z.object({ gameId: pathParam });
const idResponse = z.object({ id: z.string() });

export const QuestionPictureSchema = exactly<QuestionPicture>()(
  z.object({ src: z.string(), alt: z.string(), width: z.number(), height: z.number() }),
);
export const OptionPicturesSchema = exactly<OptionPictures>()(z.array(QuestionPictureSchema.nullable()).nullable());

/** A question's kind and its own answer fields (decision 050), in every response that carries the answers. */
export const questionKindShape = {
  kind: z.enum(QUESTION_KINDS),
  correctAnswers: z.array(z.number()).nullable(),
  fadasCount: z.boolean(),
};

/** A question's recordings by address, as pupils and a shared game's view receive them: the question's, one per option, the clue's. */
export const recordingAddressesShape = {
  recording: z.string().nullable(),
  optionRecordings: z.array(z.string().nullable()).nullable(),
  clueRecording: z.string().nullable(),
};

/** A question's notes on its wrong options as a teacher reads them (option-notes.ts); never in a pupil's response. */
export const optionNotesShape = z.array(z.string().nullable()).nullable();

const StoredQuestionSchema = exactly<StoredQuestion>()(
  z.object({
    questionText: z.string(),
    ...questionKindShape,
    options: z.array(z.string()),
    correctAnswer: z.number(),
    clue: z.string().nullable(),
    imageId: z.string().nullable(),
    imageAlt: z.string().nullable(),
    optionImageIds: z.array(z.string().nullable()).nullable(),
    recordingId: z.string().nullable(),
    clueRecordingId: z.string().nullable(),
    optionRecordingIds: z.array(z.string().nullable()).nullable(),
    optionNotes: optionNotesShape,
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
} as const;

/** An answer as the teacher reads it (shown-answers.ts): the results and a class's progress give them. */
export const ShownAnswerSchema = exactly<ShownAnswer>()(
  z.union([
    z.object({ kind: z.literal("text"), text: z.string() }),
    z.object({ kind: z.literal("typed"), text: z.string() }),
    z.object({ kind: z.literal("truefalse"), value: z.boolean() }),
    z.object({ kind: z.literal("order"), items: z.array(z.string()) }),
    z.object({ kind: z.literal("options"), items: z.array(z.string()) }),
    z.object({ kind: z.literal("accepted"), items: z.array(z.string()) }),
  ]),
);
