/**
 * /api/images (decision 019). POST: a teacher uploads one picture as raw WebP bytes (the
 * editor has already shrunk and re-encoded it); checked, stripped of its colour profile,
 * kept. GET: anyone holding the id gets the bytes, cached for a year: ids are random, a
 * picture never changes, and a picture holds nothing a pupil of the game does not see anyway.
 */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../shared/api-errors.ts";
import { gameContracts } from "../../shared/games/game-contracts.server.ts";
import { IMAGE_LIMITS, imageMessages } from "../../shared/games/images.ts";
import type { MessageText } from "../../shared/i18n/messages.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { serve } from "../http/contract-routes.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { BODY_LIMITS, limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import { storeImage } from "./image-commands.ts";
import { findImage } from "./image-queries.ts";
import { cleanWebp, type WebpProblem } from "./webp.ts";

const PROBLEM_MESSAGES: Record<WebpProblem, MessageText> = {
  "not-webp": imageMessages.notWebp,
  truncated: imageMessages.notWebp,
  metadata: imageMessages.hasMetadata,
  animated: imageMessages.animated,
  "too-wide": imageMessages.tooWide,
};

/** Browsers may keep it (a year, never asking again); shared caches may not, so a deleted account's pictures are not kept by a school's proxy. */
const CACHE_FOR_GOOD = "private, max-age=31536000, immutable";

/** The request's body as picture bytes: sent as image/webp, not empty. */
function pictureBytes(body: unknown): Buffer {
  if (!Buffer.isBuffer(body)) throw new ApiError(415, "invalid_image", imageMessages.notWebp);
  if (body.length === 0) throw badRequest("invalid_image", imageMessages.empty);
  return body;
}

export async function registerImageRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const uploads = perTeacherLimit(
    app.limitCounters,
    "image-uploads",
    TEACHER_LIMITS.imageUploads,
    limitMessages.tooManyImageUploads,
  );

  // Its own scope, so that only this route reads raw WebP bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      IMAGE_LIMITS.contentType,
      { parseAs: "buffer", bodyLimit: BODY_LIMITS.image },
      (_request, body, done) => done(null, body),
    );

    serve(
      scope,
      gameContracts.uploadPicture,
      { bodyLimit: BODY_LIMITS.image, guard: (request) => requireTeacher(auth, request) },
      async (request, reply, teacher) => {
        const bytes = pictureBytes(request.body);
        await uploads.take(teacher.id);
        const checked = cleanWebp(bytes);
        if (!checked.ok) throw badRequest("invalid_image", PROBLEM_MESSAGES[checked.problem]);
        reply.code(201);
        return storeImage(db, teacher.id, checked);
      },
    );
  });

  serve(app, gameContracts.picture, {}, async (request, reply) => {
    const image = await findImage(db, request.params.imageId);
    if (!image) throw notFound(imageMessages.notFound);
    const etag = `"${image.sha256}"`;
    reply.header("cache-control", CACHE_FOR_GOOD).header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type(IMAGE_LIMITS.contentType).send(image.bytes);
  });
}
