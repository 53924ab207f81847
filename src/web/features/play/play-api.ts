import type { AnswerResponse, PlayState } from "../../../shared/play/play-responses.ts";
import { api } from "../../lib/api-client.ts";

export const playQueryKey = (progressId: string) => ["play", progressId] as const;
const base = (progressId: string) => `/api/play/${encodeURIComponent(progressId)}`;

export const fetchPlayState = (progressId: string) => api<PlayState>(base(progressId));
export const postAnswer = (progressId: string, answer: PendingAnswer) =>
  api<AnswerResponse>(`${base(progressId)}/answers`, { method: "POST", body: answer, timeoutMs: 15_000 });
export const postHelp = (progressId: string, requested: boolean) =>
  api<{ helpRequested: boolean }>(`${base(progressId)}/help`, { method: "POST", body: { requested } });
export const playEventsUrl = (progressId: string) => `${base(progressId)}/events`;

export type PendingAnswer = { questionIndex: number; selectedOption: number; attemptId: string };
