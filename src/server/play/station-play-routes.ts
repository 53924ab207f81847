/**
 * The pupil's station routes: finding a station from the play page (the card's token
 * from the in-page scanner, or its word typed), and a card's QR address opened on a device
 * (/s/<token>, POST /api/stations/visit). Authenticate → validate → find (one statement) → present.
 * A newly found station is published on the host's live channel (the codes page and the projector
 * re-read); wrong words spend an allowance of their own, per device and per address, never the join
 * codes' (limits/join-guesses.ts, decision 015).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError } from "../../shared/api-errors.ts";
import { playContracts } from "../../shared/play/play-contracts.server.ts";
import type { FindStationResponse } from "../../shared/play/play-responses.ts";
import { stationMessages } from "../../shared/stations/station-texts.ts";
import type { Auth } from "../auth/auth.ts";
import { requirePupil } from "../auth/guards.ts";
import type { PupilDevices } from "../auth/pupil-device.ts";
import type { Db } from "../db/client.ts";
import { serve } from "../http/contract-routes.ts";
import { createGuessLimiter, STATION_WORD_GUESSES } from "../limits/join-guesses.ts";
import { limitReached } from "../limits/limits.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { OrderShuffle } from "./order-shuffle.ts";
import { currentPlayState } from "./play-commands.ts";
import {
  type FindBy,
  type FindResult,
  findStation,
  progressForVisit,
  WrongStationWord,
} from "./station-find-commands.ts";

export async function registerStationPlayRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; events: EventBus; devices: PupilDevices; shuffle: OrderShuffle },
) {
  const { auth, db, devices, events } = deps;
  const guesses = createGuessLimiter(app.limitCounters, STATION_WORD_GUESSES);

  /** A word is looked up only while the device and its address have wrong guesses left; a token needs no allowance. */
  async function find(request: FastifyRequest, progressId: string, deviceId: string, by: FindBy): Promise<FindResult> {
    if (!("word" in by)) return findStation(db, progressId, deviceId, by);
    try {
      return await guesses.lookUp({ address: request.ip, deviceId }, async () => {
        const result = await findStation(db, progressId, deviceId, by);
        if (result.wrongWord) throw new WrongStationWord(result);
        return result;
      });
    } catch (error) {
      if (error instanceof WrongStationWord) return error.result;
      if (error instanceof ApiError && error.status === 429)
        throw limitReached(
          stationMessages.tooManyWrongWords,
          (error as { retryAfterSeconds?: number }).retryAfterSeconds,
        );
      throw error;
    }
  }

  /** The find's answer: what happened, and the pupil's play state after it (the question, once found). */
  async function present(progressId: string, deviceId: string, result: FindResult): Promise<FindStationResponse> {
    if (result.recorded) events.publish({ type: "progress", sessionId: result.sessionId, progressId });
    return {
      outcome: result.outcome,
      station: result.station,
      state: await currentPlayState(db, deps.shuffle, progressId, deviceId),
    };
  }

  serve(
    app,
    playContracts.findStation,
    { guard: (request) => requirePupil(devices, auth, request) },
    async (request, reply, { deviceId }) => {
      reply.header("cache-control", "no-store");
      const result = await find(request, request.params.progressId, deviceId, request.body);
      return present(request.params.progressId, deviceId, result);
    },
  );

  // A card's QR code opened by the device's camera app: the device that joined a hunt around the
  // room goes straight to the station; any other (no cookie, a teacher, no live hunt) is sent to join.
  serve(app, playContracts.visitStation, {}, async (request, reply) => {
    const { token } = request.body;
    reply.header("cache-control", "no-store");
    const device = devices.of(request);
    const progressId = device && (await progressForVisit(db, device.deviceId, token));
    if (!device || !progressId) return { progressId: null, find: null };
    const result = await findStation(db, progressId, device.deviceId, { token });
    return { progressId, find: await present(progressId, device.deviceId, result) };
  });
}
