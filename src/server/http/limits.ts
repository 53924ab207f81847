/**
 * Every abuse limit of the server in one place: how many, how long, and the sentence the
 * person who hits it reads. docs/SECURITY.md explains each one and names its test.
 * (The per-address limits of the auth endpoints are in auth/rate-limits.ts.)
 */
import { ApiError } from "../../shared/api-errors.ts";
import { IMAGE_LIMITS } from "../../shared/images.ts";
import { createKeyLimiter } from "./key-limiter.ts";

const KiB = 1024;
const MiB = 1024 * KiB;
const MINUTE_MS = 60_000;

/**
 * Join-code guessing. Codes are 6 digits, so a wrong code costs an allowance that is
 * spent per address AND per device (the pupil's signed device, decision 014; the address
 * stands in for a device that has not joined yet), and the whole server
 * accepts only so many wrong codes a minute however many addresses a guesser has. Once an
 * allowance is spent, lookups are refused before the code is looked at, so a right code
 * answers no differently from a wrong one.
 */
export const JOIN_GUESS_LIMITS = {
  /**
   * Lookups (right or wrong), and joins, per address per minute: a whole school of 1,000
   * pupils behind one address joins within a minute (issue 15). Wrong codes have their
   * own, far smaller allowance below.
   */
  lookupsPerAddressPerMinute: 1200,
  /** Wrong codes per address per window. */
  wrongPerAddress: 20,
  /**
   * Wrong codes per device per window: one cookie cannot borrow many addresses' allowances.
   * As many as an address, since a young pupil may mistype a good few times.
   */
  wrongPerDevice: 20,
  windowMs: 10 * MINUTE_MS,
  /** Wrong codes per minute for the whole server, from everyone together. */
  wrongPerServerPerMinute: 300,
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
  /** Pictures uploaded (decision 019): a game of 100 questions with a picture each, chosen twice over. */
  imageUploads: { max: 200, windowMs: 60 * MINUTE_MS },
  /** Text kept in a teacher's games (titles, questions, options, AI context) and their pictures, in bytes. */
  storageBytes: 20 * MiB,
} as const;

/** Request bodies: a few KiB for most routes, more only where the content needs it. */
export const BODY_LIMITS = {
  default: 8 * KiB,
  /** AI generation: topic and up to 2,000 characters of context. */
  aiGeneration: 16 * KiB,
  /** A whole game: 100 questions of 500 characters with four options of 200, at up to 4 bytes a character. Pictures are uploaded on their own. */
  gameSave: 640 * KiB,
  /** A game file to import: a whole game, its AI fields and the file's envelope. */
  gameFile: 680 * KiB,
  /** One picture (POST /api/images): its limit lives in shared/images.ts, as the editor shrinks pictures to fit it. */
  image: IMAGE_LIMITS.maxBytes,
  /** JSON nested deeper than this is refused before it is parsed (ours is at most 4 deep). */
  jsonDepth: 32,
} as const;

/** Requests per address on routes that need no sign-in. */
export const LOGOUT_RATE_LIMIT = { max: 30, timeWindow: "1 minute" } as const;

/** A pupil's sign-in lasts a school day: longer than any class session, far shorter than a teacher's 30 days. */
export const PUPIL_SIGN_IN_SECONDS = 12 * 60 * 60;

export const limitMessages = {
  tooManyWrongCodes: "Too many wrong join codes. Please wait a few minutes, then check the code with your teacher.",
  serverBusyWithWrongCodes: "Too many wrong join codes are being tried on this server just now. Please wait a minute and try again.",
  tooManyActiveSessions: `You already have ${TEACHER_LIMITS.activeSessions} sessions running. End one before starting another.`,
  tooManySessionStarts: "You have started a lot of sessions in the last hour. Please wait a while before starting another.",
  tooManyGameSaves: "You have saved a lot of games in the last hour. Please wait a while before saving another.",
  tooManyImageUploads: "You have added a lot of pictures in the last hour. Please wait a while before adding another.",
  storageFull: `Your games have reached the storage limit (${TEACHER_LIMITS.storageBytes / MiB} MB). Delete or shorten some games, or use fewer pictures, before saving another.`,
  bodyTooDeep: "The request body is nested too deeply.",
  hostNotServed: "This server does not answer to that address. Open Cluehunt at one of the addresses it printed when it started, or add this one to ALLOWED_HOSTS.",
  addressNotCanonical: "The address of this request is not valid.",
} as const;

/** 429 with `message`, and a Retry-After header (app.ts's error handler) when the limit knows when it frees up. */
export const limitReached = (message: string, retryAfterSeconds?: number) =>
  Object.assign(new ApiError(429, "rate_limited", message), { retryAfterSeconds });

/** A per-teacher rate limit (one per app instance): `take(teacherId)` counts a use or throws 429 with `message`. */
export function perTeacherLimit(limit: { max: number; windowMs: number }, message: string) {
  const limiter = createKeyLimiter(limit);
  return {
    take(teacherId: string) {
      if (!limiter.take(teacherId)) throw limitReached(message, Math.ceil(limit.windowMs / 1000));
    },
  };
}
