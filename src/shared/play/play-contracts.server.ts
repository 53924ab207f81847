/**
 * The join and play API's contracts (decision 045): request schemas (server-side validation; the
 * student bundle does not load zod) and response schemas, each exactly its type in play-responses.ts.
 */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { GROUP_IDENTIFIERS } from "../games/curriculum.ts";
import {
  OptionPicturesSchema,
  QuestionPictureSchema,
  recordingAddressesShape,
} from "../games/game-contracts.server.ts";
import { OPTIONS_PER_QUESTION } from "../games/games.ts";
import { isOrderOf, KIND_LIMITS, QUESTION_KINDS } from "../games/question-kinds.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import {
  FindOutcomeSchema,
  FindStationSchema,
  PupilHuntSchema,
  StationMarkSchema,
  VisitStationSchema,
} from "../stations/station-contracts.server.ts";
import { brokenCharacterMessage, hasLoneSurrogate, hasStackedMarks, withoutAnyControlCharacters } from "../text.ts";
import { JOIN_CODE_PATTERN, STUDENT_NAME_MAX_LENGTH } from "./join-rules.ts";
import { playEndpoints } from "./play-endpoints.ts";
import type {
  AnswerResponse,
  ClassListEntry,
  FindStationResponse,
  JoinLookupResponse,
  JoinResponse,
  PlayQuestion,
  PlayState,
  StationVisitResponse,
  Tablet,
} from "./play-responses.ts";
import { answerMessages, playMessages } from "./play-texts.ts";

const joinCode = z.string({ message: playMessages.enterJoinCode }).regex(JOIN_CODE_PATTERN, playMessages.enterJoinCode);

export const JoinLookupSchema = z.object({ code: joinCode });

export const JoinSchema = z.object({
  code: joinCode,
  groupId: z.string({ message: playMessages.detailsMissing }).uuid(playMessages.detailsMissing),
  name: z
    .string({ message: playMessages.enterName })
    // Control characters never belong in a name shown on the teacher's screen.
    .transform((s) => withoutAnyControlCharacters(s).trim())
    .pipe(
      z
        .string()
        .min(1, playMessages.enterName)
        .max(STUDENT_NAME_MAX_LENGTH, playMessages.nameTooLong)
        .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage)
        // Accents piled on one letter draw over the names around it on the teacher's screens.
        .refine((s) => !hasStackedMarks(s), playMessages.tooManyMarks),
    ),
});

const missing = "pupil.play.missingParameters";
const optionIndex = z
  .number({ message: missing })
  .int(missing)
  .min(0, missing)
  .max(OPTIONS_PER_QUESTION - 1, missing);
export const AnswerSchema = z
  .object({
    questionIndex: z.number({ message: missing }).int(missing).min(0, missing).max(999, missing),
    attemptId: z.string({ message: missing }).regex(/^[A-Za-z0-9_-]{8,64}$/, missing),
    // Exactly one of these, by the question's kind (decision 050; AnswerInput says which is which).
    selectedOption: optionIndex.optional(),
    selectedOptions: z
      .array(optionIndex, { message: missing })
      .min(1, answerMessages.chooseOne)
      .max(OPTIONS_PER_QUESTION, missing)
      .refine((chosen) => new Set(chosen).size === chosen.length, missing)
      .optional(),
    // Refused rather than cleaned: a device never sends control characters, and what is stored is what was typed.
    typedAnswer: z
      .string({ message: missing })
      .max(KIND_LIMITS.typedAnswer, answerMessages.typedTooLong)
      .refine((s) => withoutAnyControlCharacters(s) === s && !hasLoneSurrogate(s), answerMessages.typedNotText)
      .refine((s) => s.trim() !== "", answerMessages.typeAnswer)
      .optional(),
    order: z
      .array(z.number({ message: missing }).int(missing), { message: missing })
      .max(KIND_LIMITS.orderItems.max, missing)
      .refine((order) => isOrderOf(order, order.length), missing)
      .optional(),
  })
  .refine(
    (a) => [a.selectedOption, a.selectedOptions, a.typedAnswer, a.order].filter((v) => v !== undefined).length === 1,
    missing,
  );

export const HelpSchema = z.object({ requested: z.boolean({ message: "pupil.play.helpNotBoolean" }) });

const language = z.enum(LANGUAGES);
const groupIdentifier = z.enum(GROUP_IDENTIFIERS);

const JoinLookupResponseSchema = exactly<JoinLookupResponse>()(
  z.object({
    groupId: z.string(),
    groupIdentifier,
    sessionId: z.string(),
    gameTitle: z.string(),
    pupilLanguage: language,
    questionLanguage: language,
    classList: z
      .array(exactly<ClassListEntry>()(z.object({ name: z.string(), taken: z.boolean() })))
      .nullable()
      .optional(),
  }),
);
const JoinResponseSchema = exactly<JoinResponse>()(z.object({ progressId: z.string() }));

const PlayQuestionSchema = exactly<PlayQuestion>()(
  z.object({
    index: z.number(),
    kind: z.enum(QUESTION_KINDS),
    questionText: z.string(),
    options: z.array(z.string()),
    wrongOptions: z.array(z.number()),
    clue: z.string().nullable(),
    picture: QuestionPictureSchema.nullable(),
    optionPictures: OptionPicturesSchema,
    ...recordingAddressesShape,
  }),
);
const TabletSchema = exactly<Tablet>()(
  z.object({
    players: z.array(
      z.object({
        progressId: z.string(),
        name: z.string(),
        completedQuestionsCount: z.number(),
        correctFirstTimeCount: z.number(),
        stationsFound: z.number(),
        completed: z.boolean(),
      }),
    ),
    turn: z.string().nullable(),
  }),
);
const PlayStateSchema = exactly<PlayState>()(
  z.object({
    progressId: z.string(),
    studentName: z.string(),
    gameTitle: z.string(),
    gameSubject: z.string().nullable(),
    pupilLanguage: language,
    questionLanguage: language,
    groupIdentifier,
    questionCount: z.number(),
    completedQuestionsCount: z.number(),
    sessionActive: z.boolean(),
    helpRequested: z.boolean(),
    completed: z.boolean(),
    current: PlayQuestionSchema.nullable(),
    soundEffects: z.boolean(),
    correctFirstTimeCount: z.number(),
    hunt: PupilHuntSchema.nullable(),
    tablet: TabletSchema.nullable(),
  }),
);
const AnswerResponseSchema = exactly<AnswerResponse>()(
  z.object({
    isCorrect: z.boolean(),
    completed: z.boolean(),
    questionIndex: z.number(),
    next: PlayQuestionSchema.nullable(),
    clue: z.string().nullable(),
    clueRecording: z.string().nullable(),
    nearly: z.boolean(),
    inPlace: z.number().nullable(),
  }),
);
const FindStationResponseSchema = exactly<FindStationResponse>()(
  z.object({ outcome: FindOutcomeSchema, station: StationMarkSchema.nullable(), state: PlayStateSchema }),
);
const StationVisitResponseSchema = exactly<StationVisitResponse>()(
  z.union([
    z.object({ progressId: z.string(), find: FindStationResponseSchema }),
    z.object({ progressId: z.null(), find: z.null() }),
  ]),
);

const progressParams = z.object({ progressId: z.string() });
const liveChannel = { content: "text/event-stream", description: "Server-Sent Events: the kind of each event" };

export const playContracts = {
  lookUpCode: contract(playEndpoints.lookUpCode, {
    summary: "Look a join code up: the group, its game's title, its class list",
    caller: "anyone",
    body: JoinLookupSchema,
    responses: { 200: JoinLookupResponseSchema },
  }),
  join: contract(playEndpoints.join, {
    summary: "Join a group (201), or join it again from the same device (200); sets the device cookie",
    caller: "anyone",
    body: JoinSchema,
    responses: { 200: JoinResponseSchema, 201: JoinResponseSchema },
  }),
  playState: contract(playEndpoints.playState, {
    summary: "The pupil's progress and current question (never a correct answer)",
    caller: "pupil",
    params: progressParams,
    responses: { 200: PlayStateSchema },
  }),
  answer: contract(playEndpoints.answer, {
    summary: "Answer the current question",
    caller: "pupil",
    params: progressParams,
    body: AnswerSchema,
    responses: { 200: AnswerResponseSchema },
  }),
  help: contract(playEndpoints.help, {
    summary: "Ask for help, or stop asking",
    caller: "pupil",
    params: progressParams,
    body: HelpSchema,
    responses: { 200: z.object({ helpRequested: z.boolean() }) },
  }),
  events: contract(playEndpoints.events, {
    summary: "The pupil's live channel: the session ending, and changes to their own progress",
    caller: "pupil",
    params: progressParams,
    responses: { 200: liveChannel },
  }),
  findStation: contract(playEndpoints.findStation, {
    summary: "A station found around the room, by its card's token or its word",
    caller: "pupil",
    params: progressParams,
    body: FindStationSchema,
    responses: { 200: FindStationResponseSchema },
  }),
  visitStation: contract(playEndpoints.visitStation, {
    summary: "A card's QR address opened on a device: the find, when the device joined that hunt",
    caller: "anyone",
    body: VisitStationSchema,
    responses: { 200: StationVisitResponseSchema },
  }),
} as const;
