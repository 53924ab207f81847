/** The session routes' contracts (decision 045): request schemas (server-side validation) and responses, each exactly its type. */
import { z } from "zod";
import { classListProblem, parseClassList } from "../classes/class-list.ts";
import { classMessages } from "../classes/saved-classes.ts";
import { contract, exactly } from "../contract.server.ts";
import { GROUP_IDENTIFIERS } from "../games/curriculum.ts";
import { LANGUAGES } from "../i18n/languages.ts";
import { GroupTrailStopSchema } from "../stations/station-contracts.server.ts";
import { HUNT_MODES } from "../stations/station-rules.ts";
import { groupGameMessages } from "./group-games.ts";
import { sessionEndpoints } from "./session-endpoints.ts";
import type {
  MemberTablet,
  SessionCodesResponse,
  SessionDetail,
  SessionGame,
  SessionGroup,
  SessionMember,
  SessionSummary,
} from "./session-responses.ts";
import { closingTimeProblem, MAX_GROUPS, MIN_GROUPS, sessionMessages } from "./session-rules.ts";

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

/** GET /api/sessions?status=active|past: the dashboard's two lists. */
export const SessionListQuery = z.object({
  status: z.enum(["active", "past"], { message: "sessions.statusInvalid" }),
});

const status = z.enum(["active", "completed", "archived"]);

const SessionSummarySchema = exactly<SessionSummary>()(
  z.object({
    id: z.string(),
    gameId: z.string(),
    gameTitle: z.string(),
    gameTitles: z.array(z.string()),
    status,
    startTime: z.string(),
    endTime: z.string().nullable(),
    closesAt: z.string().nullable(),
  }),
);

/** A child on a tablet, for the teacher (the codes page, the results): the other children's names, whose turn. */
export const MemberTabletSchema = exactly<MemberTablet>()(z.object({ with: z.array(z.string()), turn: z.boolean() }));

const SessionGroupSchema = exactly<SessionGroup>()(
  z.object({
    id: z.string(),
    joinCode: z.string(),
    groupIdentifier: z.enum(GROUP_IDENTIFIERS),
    gameId: z.string(),
    gameTitle: z.string(),
    questionCount: z.number(),
    memberCount: z.number(),
    members: z.array(
      exactly<SessionMember>()(
        z.object({
          progressId: z.string(),
          name: z.string(),
          stationsFound: z.number(),
          tablet: MemberTabletSchema.nullable(),
        }),
      ),
    ),
    questionsCompleted: z.number(),
    trail: z.array(GroupTrailStopSchema).nullable(),
  }),
);

export const SessionGameSchema = exactly<SessionGame>()(
  z.object({ id: z.string(), title: z.string(), questionCount: z.number() }),
);

export const SessionDetailSchema = exactly<SessionDetail>()(
  z.object({
    id: z.string(),
    gameId: z.string(),
    gameTitle: z.string(),
    gameDescription: z.string(),
    games: z.array(SessionGameSchema),
    status,
    startTime: z.string(),
    endTime: z.string().nullable(),
    closesAt: z.string().nullable(),
    maxDuration: z.number(),
    questionCount: z.number(),
    pupilLanguage: z.enum(LANGUAGES),
    huntMode: z.enum(HUNT_MODES),
    groups: z.array(SessionGroupSchema),
  }),
);

const sessionParams = z.object({ sessionId: z.string() });

export const sessionContracts = {
  list: contract(sessionEndpoints.list, {
    summary: "The teacher's active or past sessions (the dashboard)",
    caller: "teacher",
    query: SessionListQuery,
    responses: { 200: z.object({ sessions: z.array(SessionSummarySchema) }) },
  }),
  start: contract(sessionEndpoints.start, {
    summary: "Start a session: a join code per group",
    caller: "teacher",
    body: StartSessionSchema,
    responses: { 201: z.object({ id: z.string() }) },
  }),
  read: contract(sessionEndpoints.read, {
    summary: "A session for its host: groups, codes, pupils (the codes page and the projector)",
    caller: "teacher",
    params: sessionParams,
    responses: {
      200: exactly<SessionCodesResponse>()(z.object({ session: SessionDetailSchema, joinBaseUrl: z.string() })),
    },
  }),
  end: contract(sessionEndpoints.end, {
    summary: "End a session",
    caller: "teacher",
    params: sessionParams,
    responses: { 200: z.object({ ok: z.literal(true) }) },
  }),
  events: contract(sessionEndpoints.events, {
    summary: "The host's live channel: members joining, answers, help requests, the session ending",
    caller: "teacher",
    params: sessionParams,
    responses: {
      200: { content: "text/event-stream", description: "Server-Sent Events: small what-changed messages" },
    },
  }),
  removePupil: contract(sessionEndpoints.removePupil, {
    summary: "Take a pupil out of a live session",
    caller: "teacher",
    params: z.object({ sessionId: z.string(), progressId: z.string() }),
    responses: { 200: z.object({ removed: z.literal(true) }) },
  }),
  remove: contract(sessionEndpoints.remove, {
    summary: "Delete an ended session and its results",
    caller: "teacher",
    params: sessionParams,
    responses: { 200: z.object({ deleted: z.literal(true) }) },
  }),
} as const;
