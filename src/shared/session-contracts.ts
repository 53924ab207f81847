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
});
