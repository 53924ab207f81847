/**
 * Every abuse limit of the server in one place: how many, how long, and the sentence the
 * person who hits it reads. docs/SECURITY.md explains each one and names its test.
 * (The per-address limits of the auth endpoints are in auth-rate-limits.ts, beside this file.)
 */

import { ApiError } from "../../shared/api-errors.ts";
import { IMAGE_LIMITS } from "../../shared/games/images.ts";
import { RECORDING_LIMITS } from "../../shared/games/recordings.ts";
import { type MessageTable, type MessageText, messageText, msg } from "../../shared/i18n/messages.ts";
import { GAME_FILE_LIMITS } from "../../shared/sharing/sharing.ts";
import { createKeyLimiter } from "./key-limiter.ts";
import type { LimitCounters } from "./limit-counters.ts";

const KiB = 1024;
const MiB = 1024 * KiB;
const MINUTE_MS = 60_000;

/**
 * Join-code guessing (decision 015; limits/join-guesses.ts explains the allowances). Codes are
 * 6 digits, so a wrong code is spent per address AND per device; the address's allowance grows
 * with the pupils who joined from it (a school is ONE address), and a guesser never joins.
 */
export const JOIN_GUESS_LIMITS = {
  /**
   * Requests per address per minute on the join routes (lookups, joins): a school of 1,000
   * pupils behind one address, joining within a minute, some of them twice. A volume limit:
   * the wrong-code allowances below are what stops guessing.
   */
  requestsPerAddressPerMinute: 2400,
  /** Wrong codes per address per window, before anyone has joined from it. */
  wrongPerAddress: 20,
  /** One more wrong code for every this many pupils who joined from the address in the window… */
  joinsPerExtraWrongCode: 2,
  /** …up to this many (a school of 1,000 earns all of it; someone with one right code, no more). */
  mostWrongPerAddress: 520,
  /**
   * Wrong codes per device per window: fresh addresses do not give one device a fresh
   * allowance. As many as an address, since a young pupil may mistype a good few times.
   */
  wrongPerDevice: 20,
  windowMs: 10 * MINUTE_MS,
  /**
   * Lookups from one address that one instance runs at once; the others wait their turn in
   * memory. A lookup counts against the allowance until it is known to be right, so this
   * keeps a school's burst (hundreds pressing Join together) from filling the base allowance
   * with right codes still in flight, without anyone polling the database.
   */
  lookupsAtOncePerAddress: 8,
  /** A lookup waits at most this long for the allowance to free up (others' lookups to finish). */
  longestWaitMs: 10_000,
} as const;

/**
 * Station words typed by joined pupils (play/station-play-routes.ts). Counted apart from the join
 * codes, so a class's typos never spend what the school's joins need. A word is looked up only
 * for a device that joined a hunt around the room, within its own session.
 */
export const STATION_WORD_LIMITS = {
  /** Wrong words per device per window: a child may mistype a good few times. */
  wrongPerDevice: 20,
  /**
   * Wrong words per address per window: far above a class's typos (30 children mistyping twice
   * spend 60), so that a school's classes hunting at once are not locked out; a script with many
   * joined devices behind one address stops here.
   */
  wrongPerAddress: 400,
  windowMs: 10 * MINUTE_MS,
  /** As for join codes: lookups from one address run a few at a time, the rest wait their turn. */
  lookupsAtOncePerAddress: 8,
  longestWaitMs: 10_000,
} as const;

/** Live streams (Server-Sent Events) and connections. */
export const CONNECTION_LIMITS = {
  /** Live streams one signed-in user (a teacher, or a pupil's device) may hold; the oldest ends first. */
  streamsPerUser: 6,
  /**
   * Open connections from one address (MAX_CONNECTIONS_PER_ADDRESS). A school of 1,000
   * pupils behind one address holds a live stream and a keep-alive connection or two each.
   */
  defaultPerAddress: 4000,
  /**
   * A request must arrive whole (headers and body) within this time (REQUEST_TIMEOUT_MS);
   * Node checks every `checkIntervalFor(timeout)`, so a dribbling request is closed within
   * 30 + 5 s. A live stream is not affected once its request has arrived.
   */
  defaultRequestTimeoutMs: 30_000,
  checkIntervalFor: (requestTimeoutMs: number) => Math.max(100, Math.min(5000, Math.round(requestTimeoutMs / 4))),
} as const;

/** What one teacher may do and keep. */
export const TEACHER_LIMITS = {
  /** Sessions running at once (each holds up to six join codes). */
  activeSessions: 10,
  sessionStarts: { max: 30, windowMs: 60 * MINUTE_MS },
  gameSaves: { max: 60, windowMs: 60 * MINUTE_MS },
  /** AI question generations (each a paid call to the model). */
  aiGenerations: { max: 30, windowMs: 60 * MINUTE_MS },
  /** Pictures uploaded (decision 019): a game of 100 questions with a picture each, chosen twice over. */
  imageUploads: { max: 200, windowMs: 60 * MINUTE_MS },
  /** Recordings uploaded: a game of 100 questions with a recording each, recorded twice over. */
  recordingUploads: { max: 200, windowMs: 60 * MINUTE_MS },
  /**
   * Game files downloaded: each is built in memory with its pictures, up to 27 MiB.
   * Thirty an hour passes a game to every colleague or keeps a copy of a whole term's games.
   */
  gameExports: { max: 30, windowMs: 60 * MINUTE_MS },
  /** Saved classes a teacher keeps: a school year's classes and groups, several times over. */
  savedClasses: 50,
  /** Text kept in a teacher's games (titles, questions, options, AI context) and their pictures, in bytes. */
  storageBytes: 20 * MiB,
} as const;

/** Request bodies: a few KiB for most routes, more only where the content needs it. */
export const BODY_LIMITS = {
  default: 8 * KiB,
  /**
   * AI generation: a topic of 200 characters, 2,000 of context and, for a version of a game for
   * another class level, 15 earlier questions of 500: 9,700 characters at up to 4 bytes.
   */
  aiGeneration: 48 * KiB,
  /**
   * A whole game: 100 questions of 500 characters with four options of 200, a clue of 200, a hiding
   * place of 120 and three notes on wrong options of 120, at up to 4 bytes a character (798 KiB as
   * JSON). Pictures are uploaded on their own.
   */
  gameSave: 832 * KiB,
  /** A game file to import: a whole game, its AI fields, the file's envelope and its pictures in base64 (shared/sharing/sharing.ts GAME_FILE_LIMITS). */
  gameFile: GAME_FILE_LIMITS.fileBytes,
  /** One picture (POST /api/images): its limit lives in shared/games/images.ts, as the editor shrinks pictures to fit it. */
  image: IMAGE_LIMITS.maxBytes,
  /** One recording (POST /api/recordings): its limit lives in shared/games/recordings.ts. */
  recording: RECORDING_LIMITS.maxBytes,
  /** JSON nested deeper than this is refused before it is parsed (ours is at most 4 deep). */
  jsonDepth: 32,
  /**
   * JSON holding more values than this is refused before it is parsed (json-body.ts counts
   * them). The most any body of ours holds is a full game file of 100 order questions of six
   * items, each with a picture, a recording and a clue's recording, and a picture and a recording
   * on every item (a picture or recording list and its six entries each; 700 pictures and 800
   * recordings of two values each): 6,115 (json-body.test.ts builds it). Four times that leaves
   * room for fields added later. Parsing that many costs about 2 ms, against seconds for the
   * millions a hostile file of the allowed bytes holds; a body of 8 KiB cannot reach it at all.
   */
  jsonValues: 25_000,
} as const;

/** Requests per address on routes that need no sign-in. */
export const LOGOUT_RATE_LIMIT = { max: 30, timeWindow: "1 minute" } as const;

/**
 * Lookups, and joins, per address per minute, each route counted apart (limits/join-limits.ts;
 * the wrong-code allowances are in JOIN_GUESS_LIMITS).
 */
export const JOIN_RATE_LIMIT = { max: JOIN_GUESS_LIMITS.requestsPerAddressPerMinute, windowMs: MINUTE_MS } as const;

/** A pupil's sign-in lasts a school day: longer than any class session, far shorter than a teacher's 30 days. */
export const PUPIL_SIGN_IN_SECONDS = 12 * 60 * 60;

/** Catalogue keys: the error body carries the English text and the key. */
export const limitMessages = {
  tooManyWrongCodes: "pupil.join.tooManyWrongCodes",
  tooManyActiveSessions: messageText(msg("limits.tooManyActiveSessions", { count: TEACHER_LIMITS.activeSessions })),
  tooManySessionStarts: "limits.tooManySessionStarts",
  tooManyGameSaves: "limits.tooManyGameSaves",
  tooManyImageUploads: "limits.tooManyImageUploads",
  tooManyRecordingUploads: "limits.tooManyRecordingUploads",
  tooManyAiGenerations: messageText(msg("limits.tooManyAiGenerations", { count: TEACHER_LIMITS.aiGenerations.max })),
  tooManyGameExports: "limits.tooManyGameExports",
  tooManyClasses: messageText(msg("limits.tooManyClasses", { count: TEACHER_LIMITS.savedClasses })),
  storageFull: messageText(msg("limits.storageFull", { megabytes: TEACHER_LIMITS.storageBytes / MiB })),
  bodyTooDeep: "common.error.bodyTooDeep",
  bodyTooManyValues: "common.error.bodyTooManyValues",
  hostNotServed: "common.error.hostNotServed",
  addressNotCanonical: "common.error.invalidAddress",
  foreignOrigin: "common.error.foreignOrigin",
} as const satisfies MessageTable;

/** 429 with `message`, and a Retry-After header (http/error-handler.ts) when the limit knows when it frees up. */
export const limitReached = (message: MessageText, retryAfterSeconds?: number) =>
  Object.assign(new ApiError(429, "rate_limited", message), { retryAfterSeconds });

/**
 * A per-teacher rate limit, counted in the app's limit counters (shared by every instance on
 * PostgreSQL): `take(teacherId)` counts a use, or throws 429 with `message` and counts nothing.
 */
export function perTeacherLimit(
  counters: LimitCounters,
  name: string,
  limit: { max: number; windowMs: number },
  message: MessageText,
) {
  const limiter = createKeyLimiter(counters, `teacher:${name}`, limit);
  return {
    async take(teacherId: string) {
      const { allowed, resetInMs } = await limiter.take(teacherId);
      if (!allowed) throw limitReached(message, Math.max(1, Math.ceil(resetInMs / 1000)));
    },
  };
}
