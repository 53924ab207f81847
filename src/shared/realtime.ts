/**
 * The realtime wire contract (types only): what the live channels carry. Events are small
 * pointers; browsers re-fetch what changed.
 */

/** What the server publishes and a host's channel (`GET /api/sessions/:id/events`) forwards as is. */
export type RealtimeEvent =
  | { type: "members"; sessionId: string }
  | { type: "progress"; sessionId: string; progressId: string }
  | { type: "help"; sessionId: string; progressId: string }
  | { type: "session-ended"; sessionId: string }
  /** The host took this pupil out of the session (decision 016): their device is told, the host's pages re-read. */
  | { type: "pupil-removed"; sessionId: string; progressId: string }
  /** Sent by an instance to its own listeners after its LISTEN connection came back. */
  | { type: "resync"; sessionId: string };

/** A pupil's channel (`GET /api/play/:id/events`) forwards only the kind of event: ids stay on the server. */
export type PupilRealtimeEvent = { type: RealtimeEvent["type"] };
