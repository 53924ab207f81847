/**
 * /api/starter-hunts (decision 049): teachers list the starter hunts, read one for the
 * preview (answers included: it is a teacher), see its pictures, and use one: a copy as a new game
 * of her own, a save like a share link's copy (the hourly allowance, her storage quota). Nobody
 * changes a starter hunt: PUT, PATCH and DELETE on one are refused with the way to a copy.
 * authenticate → authorize → validate → command → present.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { IMAGE_LIMITS } from "../../shared/games/images.ts";
import { starterContracts } from "../../shared/starter/starter-contracts.server.ts";
import { filterStarterHunts, starterMessages } from "../../shared/starter/starter-hunts.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { importGameFile } from "../games/game-copy-commands.ts";
import { serve } from "../http/contract-routes.ts";
import { forbidden, notFound } from "../http/errors.ts";
import { limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import { type StarterLibrary, starterHuntView } from "./starter-library.ts";

/** A picture's address names its bytes (its SHA-256): browsers keep it for good; shared caches do not (teachers only). */
const CACHE_FOR_GOOD = "private, max-age=31536000, immutable";

export async function registerStarterRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; library: Promise<StarterLibrary> },
) {
  const { auth, db } = deps;
  // Using a hunt is a save: it counts against the same hourly allowance as Save Game and a share link's copy.
  const saves = perTeacherLimit(
    app.limitCounters,
    "game-saves",
    TEACHER_LIMITS.gameSaves,
    limitMessages.tooManyGameSaves,
  );
  const teacherOnly = { guard: (request: FastifyRequest) => requireTeacher(auth, request) };
  // The files are read while the server starts (starter-library.ts): a request before they are waits for them.
  const ready = deps.library.then((library) => ({ library, summaries: library.hunts.map((hunt) => hunt.summary) }));
  const huntOf = async (starterId: string) => {
    const hunt = (await ready).library.byId.get(starterId);
    if (!hunt) throw notFound(starterMessages.notFound);
    return hunt;
  };

  serve(app, starterContracts.list, teacherOnly, async (request) => ({
    hunts: filterStarterHunts((await ready).summaries, request.query),
  }));

  serve(app, starterContracts.read, teacherOnly, async (request) => ({
    hunt: starterHuntView(await huntOf(request.params.starterId)),
  }));

  serve(app, starterContracts.use, teacherOnly, async (request, reply, teacher) => {
    const hunt = await huntOf(request.params.starterId);
    await saves.take(teacher.id);
    // Exactly as an import of its file: an ordinary game of hers, with picture rows of her own, in
    // one transaction within her storage. It never points back at the starter hunt (decision 049).
    const { id } = await importGameFile(db, teacher.id, hunt.contents);
    reply.code(201);
    return { id, title: hunt.contents.game.title };
  });

  serve(app, starterContracts.picture, teacherOnly, async (request, reply) => {
    const picture = (await ready).library.pictures.get(request.params.sha256);
    if (!picture) throw notFound(starterMessages.pictureNotFound);
    const etag = `"${request.params.sha256}"`;
    reply.header("cache-control", CACHE_FOR_GOOD).header("etag", etag);
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply
      .type(IMAGE_LIMITS.contentType)
      .send(Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength));
  });

  // A starter hunt that exists is refused as read-only; one that does not is not found, as anywhere else.
  const refuseChange = async (request: { params: { starterId: string } }) => {
    await huntOf(request.params.starterId);
    throw forbidden(starterMessages.readOnly);
  };
  serve(app, starterContracts.update, teacherOnly, refuseChange);
  serve(app, starterContracts.patch, teacherOnly, refuseChange);
  serve(app, starterContracts.remove, teacherOnly, refuseChange);
}
