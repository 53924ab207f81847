/** Request schemas for the teacher's session routes (server-side validation). */
import { z } from "zod";
import { classListProblem, parseClassList } from "../classes/class-list.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { HUNT_MODES } from "../stations/station-rules.ts";
import { closingTimeProblem, MAX_GROUPS, MIN_GROUPS, sessionMessages } from "./session-rules.ts";
import { groupGameMessages } from "./group-games.ts";
import { classMessages } from "../classes/saved-classes.ts";

export const StartSessionSchema = z
  .object({
    gameId: z.string({ message: "sessions.noGameId" }).min(1, "sessions.noGameId"),
    groupCount: z
      .number({ message: sessionMessages.groupCountRange })
      .int(sessionMessages.groupCountRange)
      .min(MIN_GROUPS, sessionMessages.groupCountRange)
      .max(MAX_GROUPS, sessionMessages.groupCountRange),
    /** "Play sound effects on pupils' devices": off unless the teacher ticks it. */
    soundEffects: z.boolean({ message: "sessions.soundEffectsNotBoolean" }).optional().default(false),
    /** The pupils' language; the page's default is content-language.ts's defaultPupilLanguage. */
    pupilLanguage: z.enum(LANGUAGES, { message: "sessions.pupilLanguageInvalid" }).optional().default("en"),
    /** How the hunt is played: on screen (the default) or at station cards around the room. */
    huntMode: z.enum(HUNT_MODES, { message: "sessions.huntModeInvalid" }).optional().default("screen"),
    /**
     * Per group (in group order), another of the teacher's games for it to play; null (or a
     * list shorter than the groups) leaves a group on the session's game. Each id is checked by the
     * command: the host's own, not archived, with questions.
     */
    groupGames: z
      .array(z.string({ message: groupGameMessages.notFound }).max(64, groupGameMessages.notFound).nullable(), {
        message: groupGameMessages.notFound,
      })
      .max(MAX_GROUPS, groupGameMessages.moreGamesThanGroups)
      .optional()
      .default([]),
    /** The class list as pasted (one first name per line); empty → pupils type their names. */
    classList: z
      .string({ message: "sessions.classList.notText" })
      .max(10_000, "sessions.classList.tooLong")
      .optional()
      .default("")
      .transform(parseClassList)
      .superRefine((names, ctx) => {
        const problem = classListProblem(names);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    /**
     * A saved class of the host's; its names become the session's class list (copied: the
     * session keeps them if the class is edited or deleted). Not together with a pasted list.
     */
    classId: z
      .string({ message: classMessages.notFound })
      .max(64, classMessages.notFound)
      .nullable()
      .optional()
      .transform((id) => id || null),
    /**
     * Homework (decision 041): "Keep open as homework until", an ISO date-time with its
     * offset; in the future and at most HOMEWORK_MAX_DAYS ahead (the server's clock). Absent or
     * null: a session played in class.
     */
    closesAt: z
      .string({ message: sessionMessages.closesAtInvalid })
      .max(64, sessionMessages.closesAtInvalid)
      .nullable()
      .optional()
      .transform((value, ctx) => {
        if (!value) return null;
        const at = z.iso.datetime({ offset: true }).safeParse(value).success ? Date.parse(value) : Number.NaN;
        const problem = closingTimeProblem(at, Date.now());
        if (problem) {
          ctx.addIssue({ code: "custom", message: problem });
          return z.NEVER;
        }
        return new Date(at);
      }),
  })
  .refine((input) => !(input.classId && input.classList.length > 0), {
    message: classMessages.classAndList,
    path: ["classList"],
  })
  .refine((input) => input.groupGames.length <= input.groupCount, {
    message: groupGameMessages.moreGamesThanGroups,
    path: ["groupGames"],
  });
