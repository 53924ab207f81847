/** Request schemas for sessions and play (server-side validation; the student bundle does not load zod). */
import { z } from "zod";
import { brokenCharacterMessage, hasLoneSurrogate, withoutAnyControlCharacters } from "./text.ts";
import { JOIN_CODE_PATTERN, MAX_GROUPS, MIN_GROUPS, OPTIONS_COUNT, playMessages, STUDENT_NAME_MAX_LENGTH } from "./progress-rules.ts";

export const StartSessionSchema = z.object({
  gameId: z.string({ message: "No game ID provided." }).min(1, "No game ID provided."),
  groupCount: z
    .number({ message: playMessages.groupCountRange })
    .int(playMessages.groupCountRange)
    .min(MIN_GROUPS, playMessages.groupCountRange)
    .max(MAX_GROUPS, playMessages.groupCountRange),
  /** "Play sound effects on pupils' devices": off unless the teacher ticks it. */
  soundEffects: z.boolean({ message: "soundEffects must be true or false." }).optional().default(false),
});

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
        .refine((s) => !hasLoneSurrogate(s), brokenCharacterMessage),
    ),
});

const missing = "Missing required parameters for recording answer";
export const AnswerSchema = z.object({
  questionIndex: z.number({ message: missing }).int(missing).min(0, missing).max(999, missing),
  selectedOption: z.number({ message: missing }).int(missing).min(0, missing).max(OPTIONS_COUNT - 1, missing),
  attemptId: z.string({ message: missing }).regex(/^[A-Za-z0-9_-]{8,64}$/, missing),
});

export const HelpSchema = z.object({ requested: z.boolean({ message: "requested must be true or false." }) });
