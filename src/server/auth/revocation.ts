/**
 * Revocation reaches open live streams too (decision 020). A request is refused as soon as its
 * sign-in row is gone (session-check.ts), but a host's live stream, opened before, would go on
 * telling that browser which pupils answered. So whatever ends a teacher's sign-ins announces
 * it on the teacher's bus channel (every instance hears it through NOTIFY), and each open host
 * stream of that teacher checks its own sign-in — one indexed lookup, only then — and ends if
 * it is gone. A stream whose sign-in is still there (the browser that signed the others out,
 * or that changed the password and holds a new cookie) goes on; a closed one reconnects with
 * whatever cookie the browser now has, and is refused if it has none.
 */
import type { FastifyRequest } from "fastify";
import { teacherChannel } from "../../shared/sessions/realtime.ts";
import type { EventBus } from "../realtime/event-bus.ts";
import type { SseStream } from "../realtime/sse.ts";
import type { Auth } from "./auth.ts";
import { currentUser } from "./current-user.ts";

/** Tell every instance that some sign-ins of this teacher were ended. */
export function announceSignOut(events: EventBus, teacherId: string): void {
  events.publish({ type: "teacher-signed-out", sessionId: teacherChannel(teacherId) });
}

/**
 * Ends `stream` when the sign-in it was opened with (the cookie of `request`) is ended, on any
 * instance. Returns the unsubscribe, for when the stream closes first.
 */
export function endWhenSignedOut(
  deps: { auth: Auth; events: EventBus },
  request: FastifyRequest,
  teacherId: string,
  stream: SseStream,
): () => void {
  // Also on "resync" (this instance's LISTEN came back): an announcement may have been missed.
  return deps.events.subscribe(teacherChannel(teacherId), () => {
    currentUser(deps.auth, request).then(
      (user) => {
        if (user?.id !== teacherId) stream.close();
      },
      // The database is unavailable: the stream stays; the next announcement or request decides.
      () => undefined,
    );
  });
}
