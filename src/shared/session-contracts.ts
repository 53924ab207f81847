/** Request schemas for the teacher's session routes (server-side validation). */
import { z } from "zod";
import { classListProblem, parseClassList } from "./class-list.ts";
import { MAX_GROUPS, MIN_GROUPS, sessionMessages } from "./session-rules.ts";

export const StartSessionSchema = z.object({
  gameId: z.string({ message: "No game ID provided." }).min(1, "No game ID provided."),
  groupCount: z
    .number({ message: sessionMessages.groupCountRange })
    .int(sessionMessages.groupCountRange)
    .min(MIN_GROUPS, sessionMessages.groupCountRange)
    .max(MAX_GROUPS, sessionMessages.groupCountRange),
  /** "Play sound effects on pupils' devices": off unless the teacher ticks it. */
  soundEffects: z.boolean({ message: "soundEffects must be true or false." }).optional().default(false),
  /** The class list as pasted (one first name per line); empty → pupils type their names. */
  classList: z
    .string({ message: "classList must be text, one name per line." })
    .max(10_000, "The class list is too long.")
    .optional()
    .default("")
    .transform(parseClassList)
    .superRefine((names, ctx) => {
      const problem = classListProblem(names);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
