import type { CreateGameInput } from "../../shared/games/game-contracts.ts";
import type { GenerateQuestionsInput } from "../../shared/games/ai-suggestions.ts";
import { gameEndpoints } from "../../shared/games/game-endpoints.ts";
import { functionErrorReason } from "../../shared/games/function-errors.web.ts";
import { gameMessages } from "../../shared/games/games.ts";
import { apiCall, ApiError, errorMessage } from "./api-client.ts";

export const fetchGames = () => apiCall(gameEndpoints.list);
export const fetchGame = (gameId: string) => apiCall(gameEndpoints.read, { params: { gameId } });
export const createGame = (input: CreateGameInput) => apiCall(gameEndpoints.create, { body: input });
export const updateGame = ({ id, input }: { id: string; input: CreateGameInput }) =>
  apiCall(gameEndpoints.update, { params: { gameId: id }, body: input });
export const setGameArchived = ({ id, archived }: { id: string; archived: boolean }) =>
  apiCall(gameEndpoints.archive, { params: { gameId: id }, body: { archived } });
export const deleteGame = (gameId: string) => apiCall(gameEndpoints.remove, { params: { gameId } });
export const fetchAiStatus = () => apiCall(gameEndpoints.aiStatus);
export const generateQuestions = (input: GenerateQuestionsInput) =>
  // The server gives the model 70 s (the SPEC's function timeout); allow a little more for the trip.
  apiCall(gameEndpoints.generateQuestions, { body: input, timeoutMs: 75_000 });

/** A failed generation as the AI section shows it: the SPEC's reason, and the server's own words under it. */
export type AiFailure = { message: string; detail?: string };

export function aiFailure(error: unknown): AiFailure {
  if (error instanceof ApiError && error.code === "invalid_ai_response")
    return { message: gameMessages.aiInvalidResponse };
  const status = error instanceof ApiError ? error.status : 0;
  return { message: `Failed to generate questions: ${functionErrorReason(status)}`, detail: errorMessage(error) };
}
