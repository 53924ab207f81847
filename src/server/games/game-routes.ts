/** /api/games: authenticate → validate → command → present. Teachers only, their own games only. */
import type { FastifyInstance } from "fastify";
import { CreateGameSchema, gameMessages } from "../../shared/games.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { notFound } from "../http/errors.ts";
import { BODY_LIMITS, limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../http/limits.ts";
import { createGame } from "./game-commands.ts";
import { findGameForCreator, listGames } from "./game-queries.ts";

export async function registerGameRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const saves = perTeacherLimit(app.limitCounters, "game-saves", TEACHER_LIMITS.gameSaves, limitMessages.tooManyGameSaves);

  app.get("/api/games", async (request) => {
    const teacher = await requireTeacher(auth, request, gameMessages.mustBeLoggedIn);
    return { games: await listGames(db, teacher.id) };
  });

  app.get<{ Params: { gameId: string } }>("/api/games/:gameId", async (request) => {
    const teacher = await requireTeacher(auth, request);
    const game = await findGameForCreator(db, request.params.gameId, teacher.id);
    if (!game) throw notFound("Source game not found.");
    return { game };
  });

  app.post("/api/games", { bodyLimit: BODY_LIMITS.gameSave }, async (request, reply) => {
    const teacher = await requireTeacher(auth, request, gameMessages.mustBeLoggedIn);
    const input = CreateGameSchema.parse(request.body);
    await saves.take(teacher.id);
    const { id } = await createGame(db, teacher.id, input);
    return reply.code(201).send({ id });
  });
}
