/**
 * The recordings API's contracts (decision 045): a teacher uploads a recording of their voice;
 * anyone holding its id hears it, in byte ranges as Safari asks for media.
 */
import { z } from "zod";
import { contract, exactly } from "../contract.server.ts";
import { recordingEndpoints } from "./recording-endpoints.ts";
import type { UploadedRecording } from "./recordings.ts";

const UploadedRecordingSchema = exactly<UploadedRecording>()(
  z.object({ id: z.string(), src: z.string(), mimeType: z.string(), durationMs: z.number(), bytes: z.number() }),
);

export const recordingContracts = {
  upload: contract(recordingEndpoints.upload, {
    summary: "Upload a recording (WebM, MP4, Ogg or WAV bytes, at most 20 seconds)",
    caller: "teacher",
    rawBody: "audio/*",
    responses: { 201: UploadedRecordingSchema },
  }),
  recording: contract(recordingEndpoints.recording, {
    summary: "A recording's bytes (anyone holding its id; one byte range at most)",
    caller: "link",
    params: z.object({ recordingId: z.string() }),
    responses: {
      200: { content: "audio/*", description: "The recording" },
      206: { content: "audio/*", description: "The byte range asked for" },
      304: null,
      416: null,
    },
  }),
} as const;
