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
  | { type: "resync"; sessionId: string }
  /**
   * Some of a teacher's sign-ins were ended (logout, sign out everywhere, password change or
   * reset, account deletion; decision 020). Published on the teacher's own channel
   * (`teacherChannel`), never on a game session's, so no browser is sent it: each instance's
   * open host streams of that teacher check their sign-in and end if it is gone.
   */
  | { type: "teacher-signed-out"; sessionId: `teacher:${string}` };

/** The bus channel of one teacher's sign-ins (a game session's channel is its uuid). */
export const teacherChannel = (teacherId: string): `teacher:${string}` => `teacher:${teacherId}`;

/** A pupil's channel (`GET /api/play/:id/events`) forwards only the kind of event: ids stay on the server. */
export type PupilRealtimeEvent = { type: RealtimeEvent["type"] };
