/** The results and privacy routes' contracts (decision 045): each response schema exactly its type in results.ts and retention.ts. */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { GROUP_IDENTIFIERS } from "../games/curriculum.ts";
import { OptionPicturesSchema, QuestionPictureSchema } from "../games/game-contracts.server.ts";
import { QUESTION_KINDS } from "../games/question-kinds.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { MemberTabletSchema, SessionDetailSchema } from "../sessions/session-contracts.server.ts";
import { StationMarkSchema } from "../stations/station-contracts.server.ts";
import type { FirstAnswers } from "./first-answers.ts";
import type { ResultAnswer, ResultQuestion, SessionResults, StudentResult, WrongAnswer } from "./results.ts";
import type { PrivacySettings } from "./results-deletion.ts";
import { resultsEndpoints } from "./results-endpoints.ts";

/** ?lang=en|ga: the CSV's words in that language; absent, the teacher's own. */
export const CsvQuery = z.object({ lang: z.enum(LANGUAGES, { message: "results.csv.languageInvalid" }).optional() });

const WrongAnswerSchema = exactly<WrongAnswer>()(z.object({ answer: z.string(), count: z.number() }));

const ResultQuestionSchema = exactly<ResultQuestion>()(
  z.object({
    gameId: z.string(),
    index: z.number(),
    questionText: z.string(),
    kind: z.enum(QUESTION_KINDS),
    options: z.array(z.string()),
    correctAnswer: z.number(),
    correctAnswers: z.array(z.number()).nullable(),
    fadasCount: z.boolean(),
    commonWrongAnswers: z.array(WrongAnswerSchema).nullable(),
    firstAnswers: z.array(
      exactly<FirstAnswers>()(
        z.object({
          groupIdentifier: z.enum(GROUP_IDENTIFIERS),
          pupils: z.number(),
          right: z.number(),
          options: z.array(z.number()).nullable(),
          wrong: z.array(WrongAnswerSchema).nullable(),
        }),
      ),
    ),
    optionNotes: z.array(z.string().nullable()).nullable(),
    clue: z.string().nullable(),
    picture: QuestionPictureSchema.nullable(),
    optionPictures: OptionPicturesSchema,
    recordingId: z.string().nullable(),
    clueRecordingId: z.string().nullable(),
    optionRecordingIds: z.array(z.string().nullable()).nullable(),
    station: StationMarkSchema.nullable(),
  }),
);

const StudentResultSchema = exactly<StudentResult>()(
  z.object({
    progressId: z.string(),
    studentName: z.string(),
    groupIdentifier: z.enum(GROUP_IDENTIFIERS),
    gameId: z.string(),
    completedQuestionsCount: z.number(),
    firstAttemptCorrectCount: z.number(),
    helpRequested: z.boolean(),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    answers: z.array(
      exactly<ResultAnswer>()(
        z.object({
          selectedOption: z.number(),
          isCorrect: z.boolean(),
          wasEverIncorrect: z.boolean(),
          questionIndex: z.number(),
          attempts: z.number(),
          clueShown: z.boolean(),
          typedAnswer: z.string().optional(),
          givenOrder: z.array(z.number()).optional(),
        }),
      ),
    ),
    finds: z.array(z.object({ questionIndex: z.number(), foundAt: z.string() })),
    tablet: MemberTabletSchema.nullable(),
  }),
);

const SessionResultsSchema = exactly<SessionResults>()(
  z.object({
    session: SessionDetailSchema,
    questions: z.array(ResultQuestionSchema),
    students: z.array(StudentResultSchema),
    retention: z.object({ days: z.number(), deletesAt: z.string().nullable() }).optional(),
  }),
);

const sessionParams = z.object({ sessionId: z.string() });

export const resultsContracts = {
  results: contract(resultsEndpoints.results, {
    summary: "A session's results for its host: every pupil's answers, every question",
    caller: "teacher",
    params: sessionParams,
    responses: { 200: SessionResultsSchema },
  }),
  csv: contract(resultsEndpoints.csv, {
    summary: "A session's results as CSV, one row per pupil",
    caller: "teacher",
    params: sessionParams,
    query: CsvQuery,
    responses: { 200: { content: "text/csv", description: "The results, spreadsheet-safe" } },
  }),
  clearHelp: contract(resultsEndpoints.clearHelp, {
    summary: "Clear a pupil's help request",
    caller: "teacher",
    params: z.object({ sessionId: z.string(), progressId: z.string() }),
    responses: { 200: z.object({ helpRequested: z.literal(false) }) },
  }),
  privacy: contract(resultsEndpoints.privacy, {
    summary: "How long results are kept (the privacy page states it)",
    caller: "anyone",
    responses: { 200: exactly<PrivacySettings>()(z.object({ retentionDays: z.number() })) },
  }),
} as const;
