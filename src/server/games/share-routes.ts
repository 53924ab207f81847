/**
 * Share links (decision 018). The creator reads, turns on and turns off a game's link; a
 * signed-in teacher with the link reads the game and adds a copy to their own games.
 * authenticate → authorize → validate → command → present.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { CreateGameSchema } from "../../shared/games/game-contracts.ts";
import { recordingSrc } from "../../shared/games/recordings.ts";
import { type SharedGame, type ShareLinkState, sharedGamePath, shareMessages } from "../../shared/sharing/sharing.ts";
import { sharingContracts } from "../../shared/sharing/sharing-contracts.server.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Db } from "../db/client.ts";
import { serve } from "../http/contract-routes.ts";
import { notFound } from "../http/errors.ts";
import { limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import { copyGameWithPictures } from "./game-copy-commands.ts";
import { turnShareLinkOff, turnShareLinkOn } from "./share-commands.ts";
import { findSharedGame, findShareLinkForCreator } from "./share-queries.ts";

const linkState = (shareLinkId: string | null): ShareLinkState => ({
  sharePath: shareLinkId ? sharedGamePath(shareLinkId) : null,
});

export async function registerShareRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  // A copy is a save: it counts against the same hourly allowance as Save Game.
  const saves = perTeacherLimit(
    app.limitCounters,
    "game-saves",
    TEACHER_LIMITS.gameSaves,
    limitMessages.tooManyGameSaves,
  );

  const teacherOnly = { guard: (request: FastifyRequest) => requireTeacher(auth, request) };

  serve(app, sharingContracts.shareLink, teacherOnly, async (request, _reply, teacher) => {
    const link = await findShareLinkForCreator(db, request.params.gameId, teacher.id);
    if (link === undefined) throw notFound(shareMessages.gameNotFound);
    return linkState(link);
  });

  serve(app, sharingContracts.shareLinkOn, teacherOnly, async (request, _reply, teacher) => {
    const link = await turnShareLinkOn(db, request.params.gameId, teacher.id);
    if (!link) throw notFound(shareMessages.gameNotFound);
    return linkState(link);
  });

  serve(app, sharingContracts.shareLinkOff, teacherOnly, async (request, _reply, teacher) => {
    if (!(await turnShareLinkOff(db, request.params.gameId, teacher.id))) throw notFound(shareMessages.gameNotFound);
    return linkState(null);
  });

  serve(app, sharingContracts.sharedGame, teacherOnly, async (request) => {
    const game = await findSharedGame(db, request.params.shareLinkId);
    if (!game) throw notFound(shareMessages.linkOff);
    const shared: SharedGame = {
      title: game.title,
      description: game.description,
      subject: game.aiLastUsedSubject,
      classLevel: game.aiLastUsedLevel,
      language: game.language,
      sharedBy: game.sharedBy,
      // Pictures by address (anyone with the id may read one, decision 019); their ids stay out of the view.
      // A question's station key is its creator's (decision 031): a copy gets keys, and cards, of its own.
      // Recordings the same, by address, as a pupil receives them.
      questions: game.questions.map(
        ({
          imageId: _id,
          imageAlt: _alt,
          optionImageIds: _ids,
          recordingId,
          clueRecordingId,
          optionRecordingIds,
          stationKey: _key,
          ...q
        }) => ({
          ...q,
          recording: recordingId && recordingSrc(recordingId),
          optionRecordings: optionRecordingIds?.map((id) => id && recordingSrc(id)) ?? null,
          clueRecording: clueRecordingId && recordingSrc(clueRecordingId),
        }),
      ),
    };
    return { game: shared };
  });

  serve(app, sharingContracts.copySharedGame, teacherOnly, async (request, reply, teacher) => {
    const game = await findSharedGame(db, request.params.shareLinkId);
    if (!game) throw notFound(shareMessages.linkOff);
    // Through the create-game schema, as any save: the copy is an ordinary, independent game,
    // with its own copies of the pictures.
    const input = CreateGameSchema.parse({
      ...game,
      questions: game.questions.map(({ picture: _shown, optionPictures: _alsoShown, ...q }) => q),
    });
    await saves.take(teacher.id);
    const { id } = await copyGameWithPictures(db, teacher.id, input);
    reply.code(201);
    return { id, title: input.title };
  });
}
