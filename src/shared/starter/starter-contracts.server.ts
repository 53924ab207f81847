/** The starter hunts' contracts (decision 045, decision 049): teachers only, read-only but for "Use this hunt". */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import {
  OptionPicturesSchema,
  optionNotesShape,
  pathParam,
  QuestionPictureSchema,
  questionKindShape,
  recordingAddressesShape,
} from "../games/game-contracts.server.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import type { SharedQuestion } from "../sharing/sharing.ts";
import { starterEndpoints } from "./starter-endpoints.ts";
import { STARTER_LEVELS, type StarterHunt, type StarterHuntSummary, starterMessages } from "./starter-hunts.ts";

const starterParams = z.object({ starterId: pathParam });

/** GET /api/starter-hunts?level=…&subject=…&language=…: each absent or empty means any. */
/** An optional choice in a query: absent or empty means any; anything else must be one of `values`. */
const anyOr = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string({ message })
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(values, { message }).optional());

/** GET /api/starter-hunts?level=…&subject=…&language=…: each absent or empty means any. */
export const StarterHuntListQuery = z.object({
  level: anyOr(STARTER_LEVELS as readonly string[] as [string, ...string[]], starterMessages.levelInvalid),
  subject: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
  language: anyOr(LANGUAGES, starterMessages.languageInvalid),
});

const summaryShape = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  subject: z.string(),
  classLevel: z.string(),
  language: z.enum(LANGUAGES),
  questionCount: z.number(),
  irishReviewedBy: z.string().nullable(),
};
const StarterHuntSummarySchema = exactly<StarterHuntSummary>()(z.object(summaryShape));
const StarterQuestionSchema = exactly<SharedQuestion>()(
  z.object({
    questionText: z.string(),
    ...questionKindShape,
    options: z.array(z.string()),
    correctAnswer: z.number(),
    clue: z.string().nullable(),
    optionNotes: optionNotesShape,
    hidingPlace: z.string().nullable(),
    picture: QuestionPictureSchema.nullable(),
    optionPictures: OptionPicturesSchema,
    ...recordingAddressesShape,
  }),
);
const StarterHuntSchema = exactly<StarterHunt>()(
  z.object({ ...summaryShape, questions: z.array(StarterQuestionSchema) }),
);

const refusal = (endpoint: (typeof starterEndpoints)["update" | "patch" | "remove"], verb: string) =>
  contract(endpoint, {
    summary: `${verb} a starter hunt: always refused (403); use it to make a copy of your own, then edit that`,
    caller: "teacher",
    params: starterParams,
    responses: {},
  });

export const starterContracts = {
  list: contract(starterEndpoints.list, {
    summary: "The starter hunts, by class level, subject and language",
    caller: "teacher",
    query: StarterHuntListQuery,
    responses: { 200: z.object({ hunts: z.array(StarterHuntSummarySchema) }) },
  }),
  read: contract(starterEndpoints.read, {
    summary: "One starter hunt with its answers, for the teacher's preview",
    caller: "teacher",
    params: starterParams,
    responses: { 200: z.object({ hunt: StarterHuntSchema }) },
  }),
  use: contract(starterEndpoints.use, {
    summary: "Use a starter hunt: a copy as a new game of the teacher's (a save: her allowance and storage)",
    caller: "teacher",
    params: starterParams,
    responses: { 201: z.object({ id: z.string(), title: z.string() }) },
  }),
  picture: contract(starterEndpoints.picture, {
    summary: "A starter hunt's picture, by its SHA-256 (never changes: cached for good)",
    caller: "teacher",
    params: z.object({ sha256: pathParam }),
    responses: { 200: { content: "image/webp", description: "The picture" }, 304: null },
  }),
  update: refusal(starterEndpoints.update, "Replace"),
  patch: refusal(starterEndpoints.patch, "Change"),
  remove: refusal(starterEndpoints.remove, "Delete"),
} as const;
