/** /api/games: authenticate → validate → command → present. Teachers only, their own games only. */

import type { FastifyInstance, FastifyRequest } from "fastify";
import { gameContracts } from "../../shared/games/game-contracts.server.ts";
import { libraryMessages } from "../../shared/games/game-library.ts";
import { gameMessages } from "../../shared/games/games.ts";
import type { MessageText } from "../../shared/i18n/messages.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/uuid.ts";
import { serve } from "../http/contract-routes.ts";
import { notFound } from "../http/errors.ts";
import { BODY_LIMITS, limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import { createGame, deleteGame, setGameArchived, updateGame } from "./game-commands.ts";
import { findGameForCreator, listGames } from "./game-queries.ts";

export async function registerGameRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  // Creating and editing count alike: both write a whole game.
  const saves = perTeacherLimit(
    app.limitCounters,
    "game-saves",
    TEACHER_LIMITS.gameSaves,
    limitMessages.tooManyGameSaves,
  );

  const teacherOnly = (notSignedIn?: MessageText) => ({
    guard: (request: FastifyRequest) => requireTeacher(auth, request, notSignedIn),
  });

  serve(app, gameContracts.list, teacherOnly(gameMessages.mustBeLoggedIn), async (_request, _reply, teacher) => {
    return { games: await listGames(db, teacher.id) };
  });

  serve(app, gameContracts.read, teacherOnly(), async (request, _reply, teacher) => {
    const game = await findGameForCreator(db, request.params.gameId, teacher.id);
    if (!game) throw notFound("games.sourceGameNotFound");
    return { game };
  });

  serve(
    app,
    gameContracts.create,
    { ...teacherOnly(gameMessages.mustBeLoggedIn), bodyLimit: BODY_LIMITS.gameSave },
    async (request, reply, teacher) => {
      await saves.take(teacher.id);
      const { id } = await createGame(db, teacher.id, request.body);
      reply.code(201);
      return { id };
    },
  );

  // Edit: the same schema and messages as creating; running and past sessions keep their questions.
  serve(
    app,
    gameContracts.update,
    { ...teacherOnly(gameMessages.mustBeLoggedIn), bodyLimit: BODY_LIMITS.gameSave },
    async (request, _reply, teacher) => {
      // A path that cannot name a game is refused before it counts as a save.
      if (!isUuid(request.params.gameId)) throw notFound(libraryMessages.gameNotFound);
      await saves.take(teacher.id);
      await updateGame(db, teacher.id, request.params.gameId, request.body);
      return { id: request.params.gameId };
    },
  );

  // Archive or restore.
  serve(app, gameContracts.archive, teacherOnly(), async (request, _reply, teacher) => {
    const { archived } = request.body;
    await setGameArchived(db, teacher.id, request.params.gameId, archived);
    return { archived };
  });

  // A game with sessions is archived instead, and the answer says so.
  serve(app, gameContracts.remove, teacherOnly(), async (request, _reply, teacher) => {
    return deleteGame(db, teacher.id, request.params.gameId);
  });
}
