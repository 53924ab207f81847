/** /api/games: authenticate → validate → command → present. Teachers only, their own games only. */
import type { FastifyInstance } from "fastify";
import { gameMessages } from "../../shared/games/games.ts";
import { CreateGameSchema } from "../../shared/games/game-contracts.ts";
import { ArchiveGameSchema, libraryMessages, type DeleteGameResponse } from "../../shared/games/game-library.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/uuid.ts";
import { notFound } from "../http/errors.ts";
import { BODY_LIMITS, limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import { createGame, deleteGame, setGameArchived, updateGame } from "./game-commands.ts";
import { findGameForCreator, listGames } from "./game-queries.ts";

type GameParams = { Params: { gameId: string } };

export async function registerGameRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  // Creating and editing count alike: both write a whole game.
  const saves = perTeacherLimit(
    app.limitCounters,
    "game-saves",
    TEACHER_LIMITS.gameSaves,
    limitMessages.tooManyGameSaves,
  );

  app.get("/api/games", async (request) => {
    const teacher = await requireTeacher(auth, request, gameMessages.mustBeLoggedIn);
    return { games: await listGames(db, teacher.id) };
  });

  app.get<GameParams>("/api/games/:gameId", async (request) => {
    const teacher = await requireTeacher(auth, request);
    const game = await findGameForCreator(db, request.params.gameId, teacher.id);
    if (!game) throw notFound("games.sourceGameNotFound");
    return { game };
  });

  app.post("/api/games", { bodyLimit: BODY_LIMITS.gameSave }, async (request, reply) => {
    const teacher = await requireTeacher(auth, request, gameMessages.mustBeLoggedIn);
    const input = CreateGameSchema.parse(request.body);
    await saves.take(teacher.id);
    const { id } = await createGame(db, teacher.id, input);
    return reply.code(201).send({ id });
  });

  // Edit: the same schema and messages as creating; running and past sessions keep their questions.
  app.put<GameParams>("/api/games/:gameId", { bodyLimit: BODY_LIMITS.gameSave }, async (request) => {
    const teacher = await requireTeacher(auth, request, gameMessages.mustBeLoggedIn);
    const input = CreateGameSchema.parse(request.body);
    // A path that cannot name a game is refused before it counts as a save.
    if (!isUuid(request.params.gameId)) throw notFound(libraryMessages.gameNotFound);
    await saves.take(teacher.id);
    await updateGame(db, teacher.id, request.params.gameId, input);
    return { id: request.params.gameId };
  });

  // Archive or restore.
  app.patch<GameParams>("/api/games/:gameId", async (request) => {
    const teacher = await requireTeacher(auth, request);
    const { archived } = ArchiveGameSchema.parse(request.body);
    await setGameArchived(db, teacher.id, request.params.gameId, archived);
    return { archived };
  });

  // A game with sessions is archived instead, and the answer says so.
  app.delete<GameParams>("/api/games/:gameId", async (request): Promise<DeleteGameResponse> => {
    const teacher = await requireTeacher(auth, request);
    return deleteGame(db, teacher.id, request.params.gameId);
  });
}
