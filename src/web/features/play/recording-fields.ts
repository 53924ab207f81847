// TEMPORARY until rec-server lands: the contract's fields, read off the shared types.
import type { AnswerResponse, PlayQuestion } from "../../../shared/play/play-responses.ts";

export type QuestionRecordings = {
  recording?: string | null;
  optionRecordings?: (string | null)[] | null;
  clueRecording?: string | null;
};
export const recordingsOf = (q: PlayQuestion) => q as PlayQuestion & QuestionRecordings;
export const clueRecordingOf = (r: AnswerResponse) =>
  (r as AnswerResponse & { clueRecording?: string | null }).clueRecording ?? null;
