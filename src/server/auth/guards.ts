/** The role guards every route starts with: who is asking, and may they use this route at all. */
import type { FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/auth-contracts.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import { currentUser } from "./current-user.ts";

/** A teacher: signed in with the teacher role. `notSignedIn` is the route's own 401 sentence, where the SPEC gives one. */
export async function requireTeacher(auth: Auth, request: FastifyRequest, notSignedIn?: string): Promise<CurrentUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized(notSignedIn);
  if (user.role !== "teacher" || user.isAnonymous) throw forbidden("Only teachers can do this.");
  return user;
}

/** A student: an anonymous sign-in. Teachers play through another browser window. */
export async function requireStudent(auth: Auth, request: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized();
  if (!user.isAnonymous) throw forbidden("Teachers cannot join as students. Use another browser window to try your game.");
  return user;
}
