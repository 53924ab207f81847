/**
 * /api/join and /api/play: the pupil's side. The code lookup needs no identity; the join
 * signs the device in (pupil-device.ts) and joins in one request and one statement; every
 * progress route checks that the progress belongs to the device asking.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authMessages } from "../../shared/account/auth-contracts.ts";
import { playContracts } from "../../shared/play/play-contracts.server.ts";
import type { Auth } from "../auth/auth.ts";
import { requirePupil, signedInTeacher } from "../auth/guards.ts";
import type { PupilDevices } from "../auth/pupil-device.ts";
import { batcher } from "../db/batcher.ts";
import type { Database } from "../db/client.ts";
import { serve } from "../http/contract-routes.ts";
import { forbidden } from "../http/errors.ts";
import { createJoinLimits } from "../limits/join-limits.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import { memberEvents } from "../realtime/member-events.ts";
import type { SseHub } from "../realtime/sse.ts";
import { classLists } from "./class-list-cache.ts";
import { refuseBlockedName } from "./name-check.ts";
import type { OrderShuffle } from "./order-shuffle.ts";
import {
  currentPlayState,
  type Joined,
  type JoinInput,
  joinBatchKeys,
  joinGroups,
  recordAnswer,
  setHelpRequested,
} from "./play-commands.ts";
import { channelOfOwnProgress, joinCodeLookup } from "./play-queries.ts";

export async function registerPlayRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    database: Database;
    events: EventBus;
    sse: SseHub;
    devices: PupilDevices;
    shuffle: OrderShuffle;
    blockedWords: ReadonlySet<string>;
  },
) {
  const { auth, devices } = deps;
  const db = deps.database.db;
  // The routes' volume limits and the wrong-code allowances (one statement per lookup on PostgreSQL).
  const limits = createJoinLimits(
    deps.database,
    app.limitCounters,
    (err) => app.log.warn({ err }, "Could not count a batch of joins"),
    joinCodeLookup,
  );
  app.addHook("onClose", () =>
    limits.flush().catch((err: unknown) => app.log.warn({ err }, "Could not count the last joins")),
  );
  const lists = classLists(db, deps.events);
  // A class joining at once is one "members" event, not thirty (realtime/member-events.ts).
  const members = memberEvents(deps.events);
  app.addHook("preClose", async () => members.flush());
  // Joins that arrive together go in one statement (db/batcher.ts, decision 042). PGlite runs one
  // statement at a time anyway; on PostgreSQL a second batch gathers while one runs.
  const joinGroup = batcher<JoinInput, Joined>((inputs) => joinGroups(db, inputs), {
    running: deps.database.kind === "postgres" ? 2 : 1,
    largest: 200,
    keys: joinBatchKeys,
  });
  const pupil = (request: FastifyRequest) => requirePupil(devices, auth, request);

  // No identity needed to look a code up: a device that has not joined yet is counted by its
  // address alone (its allowance grows with the school's joins; one device's would not).
  // A spent allowance is refused before the code is judged, so it tells nothing about the code.
  const notATeacher = async (request: FastifyRequest) => {
    if (await signedInTeacher(auth, request)) throw forbidden(authMessages.teacherCannotJoin);
  };
  serve(app, playContracts.lookUpCode, { guard: notATeacher, hot: true }, async (request) => {
    const { code } = request.body;
    const found = await limits.lookUp({ address: request.ip, deviceId: devices.of(request)?.deviceId ?? null }, code);
    // The join that follows checks its name against this list without reading it again.
    lists.remember(found.answer.groupId, code, found.answer.sessionId, found.classList, found.liveMs);
    return found.answer;
  });

  // Sign-in and join in one: the device this browser already has (a rejoin), or a new one
  // whose cookie is set only once the join succeeded.
  const joinGuard = async (request: FastifyRequest) => {
    await limits.admitJoin(request.ip);
    await notATeacher(request);
  };
  serve(app, playContracts.join, { guard: joinGuard, hot: true }, async (request, reply) => {
    const input = request.body;
    // A name from the teacher's class list is the teacher's to give (a child may be called
    // Dick); a typed one passes the name guard.
    const { name, fromList } = await lists.nameFor(input.groupId, input.code, input.name);
    if (!fromList) refuseBlockedName(name, deps.blockedWords);
    const known = devices.of(request);
    const fresh = known ? null : devices.issue();
    const deviceId = known?.deviceId ?? fresh!.device.deviceId;
    const { progressId, rejoined, sessionId } = await joinGroup({
      ...input,
      name,
      studentId: deviceId,
      knownDevice: known !== null,
    });
    if (fresh) reply.header("set-cookie", fresh.cookie);
    if (!rejoined) members.joined(sessionId);
    if (!rejoined) limits.joined({ address: request.ip, deviceId });
    reply.code(rejoined ? 200 : 201);
    return { progressId };
  });

  serve(app, playContracts.playState, { guard: pupil, hot: true }, async (request, reply, { deviceId }) => {
    reply.header("cache-control", "no-store");
    return currentPlayState(db, deps.shuffle, request.params.progressId, deviceId);
  });

  serve(app, playContracts.answer, { guard: pupil, hot: true }, async (request, _reply, { deviceId }) => {
    const { sessionId, recorded, ...result } = await recordAnswer(
      db,
      deps.shuffle,
      request.params.progressId,
      deviceId,
      request.body,
    );
    if (recorded) deps.events.publish({ type: "progress", sessionId, progressId: request.params.progressId });
    return result;
  });

  serve(app, playContracts.help, { guard: pupil }, async (request, _reply, { deviceId }) => {
    const { requested } = request.body;
    const sessionId = await setHelpRequested(db, request.params.progressId, deviceId, requested);
    deps.events.publish({ type: "help", sessionId, progressId: request.params.progressId });
    return { helpRequested: requested };
  });

  // The pupil's live channel: only the session ending and their own changes reach them; on a tablet
  // (decision 048) the changes of its children as they were when the channel opened (the page opens
  // another when it adds a child).
  serve(app, playContracts.events, { guard: pupil }, async (request, reply, { deviceId }) => {
    const progressId = request.params.progressId;
    const { sessionId, children } = await channelOfOwnProgress(db, progressId, deviceId);
    let unsubscribe = () => {};
    const stream = deps.sse.open(request, reply, deviceId, () => unsubscribe());
    unsubscribe = deps.events.subscribe(sessionId, (event) => {
      if (event.type === "session-ended" || event.type === "resync") stream.send({ type: event.type });
      else if ("progressId" in event && children.has(event.progressId)) stream.send({ type: event.type });
    });
  });
}
