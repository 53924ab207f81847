/**
 * /api/recordings: a teacher's own voice for questions. POST: a teacher uploads one recording
 * as raw bytes (WebM, MP4, Ogg or WAV, whatever type the browser declares); it is recognised by
 * its bytes, parsed to its end and written again with only what playback needs
 * (audio/clean-audio.ts), then kept. GET: anyone holding the id gets the bytes, cached for a
 * year like a picture (ids are random, a recording never changes), in one byte range when asked
 * (Safari plays no media without them).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/account/auth-contracts.ts";
import { ApiError } from "../../shared/api-errors.ts";
import { recordingContracts } from "../../shared/games/recording-contracts.server.ts";
import { RECORDING_LIMITS, recordingMessages } from "../../shared/games/recordings.ts";
import type { MessageText } from "../../shared/i18n/messages.ts";
import { type AudioProblem, cleanAudio } from "../audio/clean-audio.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { type ByteRange, byteRange } from "../http/byte-range.ts";
import { serve } from "../http/contract-routes.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { BODY_LIMITS, limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import { storeRecording } from "./recording-commands.ts";
import { findRecording } from "./recording-queries.ts";

/** The message each refusal of the cleaner shows, with this route's limits as its values. */
const PROBLEM_MESSAGES: Record<AudioProblem, MessageText> = {
  "not-audio": recordingMessages.notAudio,
  unsupported: recordingMessages.unsupported,
  "too-big": recordingMessages.tooBig,
  "too-long": recordingMessages.tooLong,
  truncated: recordingMessages.truncated,
  "trailing-data": recordingMessages.trailingData,
  "has-video": recordingMessages.hasVideo,
  "several-tracks": recordingMessages.severalTracks,
  damaged: recordingMessages.damaged,
  empty: recordingMessages.empty,
};

/** Browsers may keep it (a year, never asking again); shared caches may not, so a deleted account's recordings are not kept by a school's proxy. */
const CACHE_FOR_GOOD = "private, max-age=31536000, immutable";

/**
 * Any sound or video type the browser declares, or none in particular: the bytes decide what it
 * is, never the declared type (a phone's file picker names an M4A video/mp4 or audio/x-m4a).
 */
const AUDIO_TYPES = /^(?:audio\/[\w.+-]+|video\/[\w.+-]+|application\/octet-stream)\s*(?:;|$)/;

const tooBig = () => new ApiError(413, "body_too_large", recordingMessages.tooBig);

/** The request's body as bytes, not empty. */
function recordingBytes(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new ApiError(415, "invalid_recording", recordingMessages.notAudio);
  if (body.length === 0) throw badRequest("invalid_recording", recordingMessages.empty);
  return body;
}

export async function registerRecordingRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const uploads = perTeacherLimit(
    app.limitCounters,
    "recording-uploads",
    TEACHER_LIMITS.recordingUploads,
    limitMessages.tooManyRecordingUploads,
  );

  // Its own scope, so that only this route reads raw audio bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      AUDIO_TYPES,
      { parseAs: "buffer", bodyLimit: BODY_LIMITS.recording },
      (_request, body, done) => done(null, body),
    );

    // The teacher is found, the upload counted and the declared length checked in onRequest, before
    // the body is read: nobody signed out (or a pupil) can make the server take in half a megabyte,
    // and a recording over the limit is refused with its own sentence before a byte of it is read.
    const uploader = new WeakMap<FastifyRequest, CurrentUser>();
    serve(
      scope,
      recordingContracts.upload,
      {
        bodyLimit: BODY_LIMITS.recording,
        onRequest: async (request) => {
          const teacher = await requireTeacher(auth, request);
          if (Number(request.headers["content-length"] ?? 0) > BODY_LIMITS.recording) throw tooBig();
          await uploads.take(teacher.id);
          uploader.set(request, teacher);
        },
      },
      async (request, reply) => {
        const teacher = uploader.get(request)!;
        const cleaned = cleanAudio(recordingBytes(request.body), {
          maxBytes: RECORDING_LIMITS.maxBytes,
          maxMs: RECORDING_LIMITS.maxMs,
        });
        if (!cleaned.ok) {
          if (cleaned.problem === "too-big") throw tooBig();
          throw badRequest("invalid_recording", PROBLEM_MESSAGES[cleaned.problem]);
        }
        reply.code(201);
        return storeRecording(db, teacher.id, cleaned);
      },
    );
  });

  serve(app, recordingContracts.recording, {}, async (request, reply) => {
    const recording = await findRecording(db, request.params.recordingId);
    if (!recording) throw notFound(recordingMessages.notFound);
    const etag = `"${recording.sha256}"`;
    const size = recording.bytes.length;
    reply.header("cache-control", CACHE_FOR_GOOD).header("etag", etag).header("accept-ranges", "bytes");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    // If-Range: a range of this recording only (it never changes, so only its own ETag matches).
    const ifRange = request.headers["if-range"];
    const range: ByteRange =
      ifRange === undefined || ifRange === etag ? byteRange(request.headers.range, size) : { kind: "whole" as const };
    reply.type(recording.mimeType);
    if (range.kind === "unsatisfiable") return reply.code(416).header("content-range", `bytes */${size}`).send();
    if (range.kind === "part") {
      return reply
        .code(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${size}`)
        .send(recording.bytes.subarray(range.start, range.end + 1));
    }
    return reply.send(recording.bytes);
  });
}
