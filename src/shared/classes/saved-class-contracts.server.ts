/** The saved classes' contracts (decision 045): the request schema of saving a class (server-side validation) and the responses. */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { CLASS_LEVELS } from "../games/curriculum.ts";
import { ShownAnswerSchema } from "../games/game-contracts.server.ts";
import { brokenCharacterMessage, hasLoneSurrogate, withoutAnyControlCharacters } from "../text.ts";
import { classEndpoints } from "./class-endpoints.ts";
import { classListProblem, parseClassList } from "./class-list.ts";
import type { ClassProgressResponse, NeedsLook, PupilProgress, PupilSession } from "./class-progress.ts";
import {
  CLASS_NAME_MAX_LENGTH,
  type ClassListResponse,
  classMessages,
  type SavedClass,
  type SavedClassResponse,
} from "./saved-classes.ts";

export const SaveClassSchema = z.object({
  name: z
    .string({ message: classMessages.nameRequired })
    .transform((s) => withoutAnyControlCharacters(s).trim())
    .pipe(
      z
        .string()
        .min(1, classMessages.nameRequired)
        .refine((s) => [...s].length <= CLASS_NAME_MAX_LENGTH, classMessages.nameTooLong)
        .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
    ),
  level: z
    .enum(CLASS_LEVELS, { message: classMessages.levelInvalid })
    .nullable()
    .optional()
    .transform((level) => level ?? null),
  /** The pupils' first names as pasted, one per line: the class list's rules (cleaned, repeats dropped, limits). */
  names: z
    .string({ message: classMessages.namesNotText })
    .max(10_000, "sessions.classList.tooLong")
    .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage)
    .transform(parseClassList)
    .superRefine((names, ctx) => {
      const problem = names.length === 0 ? classMessages.namesRequired : classListProblem(names);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type SaveClass = z.output<typeof SaveClassSchema>;

const SavedClassSchema = exactly<SavedClass>()(
  z.object({
    id: z.string(),
    name: z.string(),
    level: z.enum(CLASS_LEVELS).nullable(),
    names: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
const SavedClassResponseSchema = exactly<SavedClassResponse>()(z.object({ class: SavedClassSchema }));

const ClassProgressResponseSchema = exactly<ClassProgressResponse>()(
  z.object({
    class: z.object({ id: z.string(), name: z.string() }),
    pupils: z.array(
      exactly<PupilProgress>()(
        z.object({
          name: z.string(),
          onList: z.boolean(),
          sessions: z.array(
            exactly<PupilSession>()(
              z.object({
                sessionId: z.string(),
                date: z.string(),
                gameId: z.string(),
                gameTitle: z.string(),
                score: z.number(),
                questionCount: z.number(),
                firstTry: z.number(),
                cluesSeen: z.number(),
                helpRequested: z.boolean(),
                needsLook: z.array(
                  exactly<NeedsLook>()(
                    z.object({
                      question: z.string(),
                      firstAnswer: ShownAnswerSchema.nullable(),
                      notes: z.array(z.string()),
                      rightLater: z.boolean(),
                    }),
                  ),
                ),
              }),
            ),
          ),
        }),
      ),
    ),
  }),
);

const classParams = z.object({ classId: z.string() });

export const classContracts = {
  list: contract(classEndpoints.list, {
    summary: "The teacher's saved classes, newest first",
    caller: "teacher",
    responses: { 200: exactly<ClassListResponse>()(z.object({ classes: z.array(SavedClassSchema) })) },
  }),
  read: contract(classEndpoints.read, {
    summary: "One of the teacher's saved classes",
    caller: "teacher",
    params: classParams,
    responses: { 200: SavedClassResponseSchema },
  }),
  progress: contract(classEndpoints.progress, {
    summary: "Each pupil of a saved class across the kept sessions started with it",
    caller: "teacher",
    params: classParams,
    responses: { 200: ClassProgressResponseSchema },
  }),
  create: contract(classEndpoints.create, {
    summary: "Save a class",
    caller: "teacher",
    body: SaveClassSchema,
    responses: { 201: SavedClassResponseSchema },
  }),
  update: contract(classEndpoints.update, {
    summary: "Edit a saved class (sessions started with it keep their copy of its names)",
    caller: "teacher",
    params: classParams,
    body: SaveClassSchema,
    responses: { 200: SavedClassResponseSchema },
  }),
  remove: contract(classEndpoints.remove, {
    summary: "Delete a saved class",
    caller: "teacher",
    params: classParams,
    responses: { 204: null },
  }),
} as const;
