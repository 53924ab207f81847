/**
 * A game's station cards for its creator (decision 032): GET the cards to print, POST printed (the
 * current cards are no longer "new"), POST renew ("New cards": the old ones stop working).
 * authenticate → authorize (the creator's game, else "not found") → command → present.
 */
import { isIP } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { libraryMessages } from "../../shared/games/game-library.ts";
import { stationContracts } from "../../shared/stations/station-contracts.server.ts";
import type { StationCardsResponse } from "../../shared/stations/station-responses.ts";
import type { Auth } from "../auth/auth.ts";
import { requireTeacher } from "../auth/guards.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { isUuid } from "../db/uuid.ts";
import { serve } from "../http/contract-routes.ts";
import { notFound } from "../http/errors.ts";
import { joinBaseUrl } from "../join-url.ts";
import { limitMessages, perTeacherLimit, TEACHER_LIMITS } from "../limits/limits.ts";
import { ensureStationCards, markStationCardsPrinted, renewStationCards } from "./station-card-commands.ts";
import { findStationCards } from "./station-card-queries.ts";

const isLoopback = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "::1" || hostname.startsWith("127.");

/**
 * The address the cards' QR codes hold: APP_URL when it was given; else the address the teacher's
 * browser used, unless that is this machine's own name for itself (localhost: on a pupil's tablet
 * it is the tablet), then this machine's network address, as the codes page's join link.
 */
export function cardBaseUrl(config: Config, request: FastifyRequest, port: number): string {
  if (config.appUrlIsExplicit) return config.appUrl;
  const used = `${request.protocol}://${request.host}`;
  try {
    if (!isLoopback(new URL(used).hostname.replace(/^\[|\]$/g, ""))) return used;
  } catch {
    // A host the URL parser refuses cannot be the cards' address.
  }
  return joinBaseUrl(config, port);
}

/** A bare network address (192.168.1.23, or localhost) can change with the network: the print page warns. */
export function isBareAddress(baseUrl: string): boolean {
  const hostname = new URL(baseUrl).hostname.replace(/^\[|\]$/g, "");
  return isIP(hostname) !== 0 || isLoopback(hostname);
}

export async function registerStationCardRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; config: Config }) {
  const { auth, db, config } = deps;
  // "New cards" rewrites every card of a game: it counts as a save.
  const saves = perTeacherLimit(
    app.limitCounters,
    "game-saves",
    TEACHER_LIMITS.gameSaves,
    limitMessages.tooManyGameSaves,
  );

  /** The creator's cards as the print page shows them; cards missing (a game stored without cards) are made first. */
  async function present(request: FastifyRequest, teacherId: string, gameId: string): Promise<StationCardsResponse> {
    let found = await findStationCards(db, teacherId, gameId);
    if (found?.missing) {
      await db.transaction((tx) => ensureStationCards(tx, gameId));
      found = await findStationCards(db, teacherId, gameId);
    }
    if (!found) throw notFound(libraryMessages.gameNotFound);
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    const baseUrl = cardBaseUrl(config, request, port);
    return {
      gameId,
      gameTitle: found.gameTitle,
      language: found.language,
      cardBaseUrl: baseUrl,
      baseUrlIsBareAddress: isBareAddress(baseUrl),
      cards: found.cards,
    };
  }

  const teacherOnly = { guard: (request: FastifyRequest) => requireTeacher(auth, request) };

  serve(app, stationContracts.cards, teacherOnly, async (request, _reply, teacher) => {
    return present(request, teacher.id, request.params.gameId);
  });

  serve(app, stationContracts.printed, teacherOnly, async (request, _reply, teacher) => {
    await markStationCardsPrinted(db, teacher.id, request.params.gameId);
    return present(request, teacher.id, request.params.gameId);
  });

  serve(app, stationContracts.renew, teacherOnly, async (request, _reply, teacher) => {
    // A path that cannot name a game is refused before it counts as a save.
    if (!isUuid(request.params.gameId)) throw notFound(libraryMessages.gameNotFound);
    await saves.take(teacher.id);
    await renewStationCards(db, teacher.id, request.params.gameId);
    return present(request, teacher.id, request.params.gameId);
  });
}
