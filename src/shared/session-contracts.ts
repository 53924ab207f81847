/** Request schemas for the teacher's session routes (server-side validation). */
import { z } from "zod";
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
});
