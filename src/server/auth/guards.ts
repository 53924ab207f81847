import type { FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/auth-contracts.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import { currentUser } from "./current-user.ts";

/** A student: an anonymous sign-in. Teachers play through another browser window. */
export async function requireStudent(auth: Auth, request: FastifyRequest): Promise<CurrentUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized();
  if (!user.isAnonymous) throw forbidden("Teachers cannot join as students. Use another browser window to try your game.");
  return user;
}
