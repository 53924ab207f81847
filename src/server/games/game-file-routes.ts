/**
 * Game files (docs/GAME-FORMAT.md): download one of your games as a file, its pictures inside,
 * and import a file as a new game of your own. authenticate → authorize → validate → command →
 * present. A file with pictures is large (up to 28 MiB), so the import checks who is asking
 * before it reads a byte of the body.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/account/auth-contracts.ts";
import { libraryMessages } from "../../shared/games/game-library.ts";
import { gameMessages } from "../../shared/games/games.ts";
import { gameFileMessages } from "../../shared/sharing/sharing.ts";
import { sharingContracts } from "../../shared/sharing/sharing-contracts.server.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { serve } from "../http/contract-routes.ts";
import { badRequest, notFound } from "../http/errors.ts";
import { picturesInBase64 } from "../images/image-queries.ts";
import { BODY_LIMITS, limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import { recordingsInBase64 } from "../recordings/recording-queries.ts";
import { pictureIdsOf, recordingIdsOf } from "./game-commands.ts";
import { importGameFile } from "./game-copy-commands.ts";
import { GameFileSchema, gameFileName, gameFileOf, gameFileProblem } from "./game-file.ts";
import { findGameForCreator } from "./game-queries.ts";

export async function registerGameFileRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  // An import is a save: it counts against the same hourly allowance as Save Game.
  const saves = perTeacherLimit(
    app.limitCounters,
    "game-saves",
    TEACHER_LIMITS.gameSaves,
    limitMessages.tooManyGameSaves,
  );
  // A file is built in memory with its pictures (up to 27 MiB): a teacher's downloads are counted too.
  const exports = perTeacherLimit(
    app.limitCounters,
    "game-exports",
    TEACHER_LIMITS.gameExports,
    limitMessages.tooManyGameExports,
  );

  const teacherOnly = { guard: (request: FastifyRequest) => requireTeacher(auth, request) };

  serve(app, sharingContracts.exportFile, teacherOnly, async (request, reply, teacher) => {
    const game = await findGameForCreator(db, request.params.gameId, teacher.id);
    if (!game) throw notFound(libraryMessages.gameNotFound);
    await exports.take(teacher.id);
    const name = gameFileName(game.title);
    return reply
      .header(
        "content-disposition",
        `attachment; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .header("cache-control", "no-store")
      .type("application/json; charset=utf-8")
      .send(
        JSON.stringify(
          gameFileOf(
            game,
            await picturesInBase64(db, teacher.id, game.questions.flatMap(pictureIdsOf)),
            new Date(),
            await recordingsInBase64(db, teacher.id, game.questions.flatMap(recordingIdsOf)),
          ),
          null,
          2,
        ),
      );
  });

  // The teacher of each import is found, and the import counted as a save, in onRequest, before
  // the body is read: nobody signed out (or a pupil) can make the server take in 28 MiB, a refused
  // file spends the allowance like a kept one (it cost the server its reading), and a teacher who
  // has spent it is refused without the server reading another byte.
  const importer = new WeakMap<FastifyRequest, CurrentUser>();
  serve(
    app,
    sharingContracts.importFile,
    {
      bodyLimit: BODY_LIMITS.gameFile,
      config: { tooManyValuesMessage: gameFileMessages.tooBig },
      onRequest: async (request) => {
        const teacher = await requireTeacher(auth, request, gameMessages.mustBeLoggedIn);
        await saves.take(teacher.id);
        importer.set(request, teacher);
      },
    },
    async (request, reply) => {
      const teacher = importer.get(request)!;
      // Asynchronous: its pictures are cleaned one per turn, the server answering others between two.
      const parsed = await GameFileSchema.safeParseAsync(request.body);
      if (!parsed.success) throw badRequest("invalid_input", gameFileProblem(parsed.error));
      const { id } = await importGameFile(db, teacher.id, parsed.data);
      reply.code(201);
      return { id, title: parsed.data.game.title };
    },
  );
}
