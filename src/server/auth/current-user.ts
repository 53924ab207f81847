import { fromNodeHeaders } from "better-auth/node";
import type { FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/auth-contracts.ts";
import type { Auth } from "./auth.ts";
import { forbidden, unauthorized } from "../http/errors.ts";

type SessionUser = { id: string; name: string; email: string; role?: string | null; isAnonymous?: boolean | null };

/** The signed-in user as the browser may see it: no tokens, no hashes, no anonymous placeholder email. */
export function presentUser(user: SessionUser): CurrentUser {
  const isAnonymous = Boolean(user.isAnonymous);
  const role = user.role === "teacher" || user.role === "student" ? user.role : null;
  return { id: user.id, displayName: user.name, email: isAnonymous ? null : user.email, role, isAnonymous };
}

export async function currentUser(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return session ? presentUser(session.user) : null;
}

export async function requireTeacher(auth: Auth, request: FastifyRequest, notSignedIn?: string): Promise<CurrentUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized(notSignedIn);
  if (user.role !== "teacher" || user.isAnonymous) throw forbidden("Only teachers can do this.");
  return user;
}
