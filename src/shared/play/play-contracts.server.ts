/** Request schemas for joining and playing (server-side validation; the student bundle does not load zod). */
import { z } from "zod";
import { brokenCharacterMessage, hasLoneSurrogate, hasStackedMarks, withoutAnyControlCharacters } from "../text.ts";
import { JOIN_CODE_PATTERN, STUDENT_NAME_MAX_LENGTH } from "./join-rules.ts";
import { OPTIONS_PER_QUESTION } from "../games/games.ts";
import { playMessages } from "./play-texts.ts";

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
export const AnswerSchema = z.object({
  questionIndex: z.number({ message: missing }).int(missing).min(0, missing).max(999, missing),
  selectedOption: z
    .number({ message: missing })
    .int(missing)
    .min(0, missing)
    .max(OPTIONS_PER_QUESTION - 1, missing),
  attemptId: z.string({ message: missing }).regex(/^[A-Za-z0-9_-]{8,64}$/, missing),
});

export const HelpSchema = z.object({ requested: z.boolean({ message: "pupil.play.helpNotBoolean" }) });
