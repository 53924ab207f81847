/**
 * Every endpoint's contract (decision 045), by domain: the server registers each route from its
 * contract, the OpenAPI document lists them (server/http/openapi.ts), and the web's client finds a
 * call's types here by its method and path (web/lib/api-client.ts imports this file's types only).
 */
import { z } from "zod";
import { accountContracts, authContracts } from "./account/account-contracts.server.ts";
import { aiContracts } from "./ai/ai-contracts.server.ts";
import { classContracts } from "./classes/saved-class-contracts.server.ts";
import { contract } from "./contract.server.ts";
import { endpoint } from "./endpoint.ts";
import { gameContracts } from "./games/game-contracts.server.ts";
import { recordingContracts } from "./games/recording-contracts.server.ts";
import { playContracts } from "./play/play-contracts.server.ts";
import { resultsContracts } from "./results/results-contracts.server.ts";
import { sessionContracts } from "./sessions/session-contracts.server.ts";
import { sharingContracts } from "./sharing/sharing-contracts.server.ts";
import { starterContracts } from "./starter/starter-contracts.server.ts";
import { stationContracts } from "./stations/station-contracts.server.ts";

export const serviceContracts = {
  health: contract(endpoint("GET", "/api/health"), {
    summary: "The server is up, and which database it runs on",
    caller: "anyone",
    responses: { 200: z.object({ ok: z.literal(true), database: z.enum(["pglite", "postgres"]) }) },
  }),
  docs: contract(endpoint("GET", "/api/docs.json"), {
    summary: "This document: the API in OpenAPI 3.1",
    caller: "anyone",
    responses: { 200: { content: "application/json", description: "The OpenAPI 3.1 document" }, 304: null },
  }),
} as const;

export const apiContracts = {
  auth: authContracts,
  account: accountContracts,
  games: gameContracts,
  recordings: recordingContracts,
  sharing: sharingContracts,
  starter: starterContracts,
  ai: aiContracts,
  stations: stationContracts,
  classes: classContracts,
  sessions: sessionContracts,
  play: playContracts,
  results: resultsContracts,
  service: serviceContracts,
} as const;

type Domains = typeof apiContracts;
/** Every contract, as one union: the web's client picks a call's by its method and path. */
export type ApiContract = { [D in keyof Domains]: Domains[D][keyof Domains[D]] }[keyof Domains];

export const allContracts: readonly ApiContract[] = Object.values(apiContracts).flatMap(
  (domain) => Object.values(domain) as ApiContract[],
);
