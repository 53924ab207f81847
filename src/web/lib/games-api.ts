import { aiEndpoints } from "../../shared/ai/ai-endpoints.ts";
import type { GenerateQuestionsInput } from "../../shared/ai/ai-suggestions.ts";
import { functionErrorReason } from "../../shared/ai/function-errors.web.ts";
import type { CreateGameInput } from "../../shared/games/game-contracts.ts";
import { gameEndpoints } from "../../shared/games/game-endpoints.ts";
import { gameMessages } from "../../shared/games/games.ts";
import type { MessageText } from "../../shared/i18n/messages.ts";
import { ApiError, apiCall, errorMessage } from "./api-client.ts";
import type { Translated } from "./i18n/i18n.ts";

export const fetchGames = () => apiCall(gameEndpoints.list);
export const fetchGame = (gameId: string) => apiCall(gameEndpoints.read, { params: { gameId } });
export const createGame = (input: CreateGameInput) => apiCall(gameEndpoints.create, { body: input });
export const updateGame = ({ id, input }: { id: string; input: CreateGameInput }) =>
  apiCall(gameEndpoints.update, { params: { gameId: id }, body: input });
export const setGameArchived = ({ id, archived }: { id: string; archived: boolean }) =>
  apiCall(gameEndpoints.archive, { params: { gameId: id }, body: { archived } });
export const deleteGame = (gameId: string) => apiCall(gameEndpoints.remove, { params: { gameId } });
export const fetchAiStatus = () => apiCall(aiEndpoints.aiStatus);
export const generateQuestions = (input: GenerateQuestionsInput) =>
  // The server gives the model 70 s (the SPEC's function timeout); allow a little more for the trip.
  apiCall(aiEndpoints.generateQuestions, { body: input, timeoutMs: 75_000 });

/** A failed generation as the AI section shows it: the SPEC's reason, and the server's own words under it. */
export type AiFailure = { message: MessageText; detail?: Translated };

export function aiFailure(error: unknown): AiFailure {
  if (error instanceof ApiError && error.code === "invalid_ai_response")
    // A mix whose every suggestion was refused says why under it (the first one's problem).
    return error.message === gameMessages.aiInvalidResponse
      ? { message: gameMessages.aiInvalidResponse }
      : { message: gameMessages.aiInvalidResponse, detail: errorMessage(error) };
  const status = error instanceof ApiError ? error.status : 0;
  return { message: gameMessages.aiFailed(functionErrorReason(status)), detail: errorMessage(error) };
}
