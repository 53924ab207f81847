import type { CreateGameInput } from "../../shared/games/game-contracts.ts";
import type {
  AiStatusResponse,
  GenerateQuestionsInput,
  GenerateQuestionsResponse,
} from "../../shared/ai/ai-suggestions.ts";
import type { GameDetail, GameSummary } from "../../shared/games/game-responses.ts";
import type { DeleteGameResponse } from "../../shared/games/game-library.ts";
import { functionErrorReason } from "../../shared/ai/function-errors.web.ts";
import { gameMessages } from "../../shared/games/games.ts";
import type { MessageText } from "../../shared/i18n/messages.ts";
import { api, ApiError, errorMessage } from "./api-client.ts";
import type { Translated } from "./i18n/i18n.ts";

export const gamesQueryKey = ["games"] as const;
export const gameQueryKey = (id: string) => ["games", id] as const;
export const aiStatusQueryKey = ["ai-status"] as const;

export const fetchGames = () => api<{ games: GameSummary[] }>("/api/games");
export const fetchGame = (id: string) => api<{ game: GameDetail }>(`/api/games/${encodeURIComponent(id)}`);
export const createGame = (input: CreateGameInput) =>
  api<{ id: string }>("/api/games", { method: "POST", body: input });
export const updateGame = ({ id, input }: { id: string; input: CreateGameInput }) =>
  api<{ id: string }>(`/api/games/${encodeURIComponent(id)}`, { method: "PUT", body: input });
export const setGameArchived = ({ id, archived }: { id: string; archived: boolean }) =>
  api<{ archived: boolean }>(`/api/games/${encodeURIComponent(id)}`, { method: "PATCH", body: { archived } });
export const deleteGame = (id: string) =>
  api<DeleteGameResponse>(`/api/games/${encodeURIComponent(id)}`, { method: "DELETE" });
export const fetchAiStatus = () => api<AiStatusResponse>("/api/ai/status");
export const generateQuestions = (input: GenerateQuestionsInput) =>
  // The server gives the model 70 s (the SPEC's function timeout); allow a little more for the trip.
  api<GenerateQuestionsResponse>("/api/ai/generate-questions", { method: "POST", body: input, timeoutMs: 75_000 });

/** A failed generation as the AI section shows it: the SPEC's reason, and the server's own words under it. */
export type AiFailure = { message: MessageText; detail?: Translated };

export function aiFailure(error: unknown): AiFailure {
  if (error instanceof ApiError && error.code === "invalid_ai_response")
    return { message: gameMessages.aiInvalidResponse };
  const status = error instanceof ApiError ? error.status : 0;
  return { message: gameMessages.aiFailed(functionErrorReason(status)), detail: errorMessage(error) };
}
