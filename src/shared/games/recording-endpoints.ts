/** The recordings API's endpoints: a teacher's voice for questions (schemas: recording-contracts.server.ts). */
import { endpoint } from "../endpoint.ts";

export const recordingEndpoints = {
  upload: endpoint("POST", "/api/recordings"),
  recording: endpoint("GET", "/api/recordings/:recordingId"),
} as const;
