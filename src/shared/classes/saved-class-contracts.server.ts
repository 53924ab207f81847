/** Request schema of saving a class (POST /api/classes, PUT /api/classes/:id): server-side validation. */
import { z } from "zod";
import { CLASS_LEVELS } from "../games/curriculum.ts";
import { classListProblem, parseClassList } from "./class-list.ts";
import { brokenCharacterMessage, hasLoneSurrogate, withoutAnyControlCharacters } from "../text.ts";
import { CLASS_NAME_MAX_LENGTH, classMessages } from "./saved-classes.ts";

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
