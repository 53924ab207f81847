import { recordingEndpoints } from "../../../shared/games/recording-endpoints.ts";
import type { UploadedRecording } from "../../../shared/games/recordings.ts";
import { apiCall } from "../../lib/api-client.ts";

/** How long each recording uploaded on this page lasts, so its chip shows it; one reopened is learnt when it plays. */
const durations = new Map<string, number>();
export const durationOf = (recordingId: string): number | undefined => durations.get(recordingId);
export const rememberDuration = (recordingId: string, ms: number) => durations.set(recordingId, ms);

/** Uploads a recording's bytes with their type: the server recognises, cleans and keeps it (decision 052). */
export async function uploadRecording(sound: Blob): Promise<UploadedRecording> {
  const uploaded = await apiCall(recordingEndpoints.upload, { blob: sound, timeoutMs: 60_000 });
  rememberDuration(uploaded.id, uploaded.durationMs);
  return uploaded;
}
