import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/auth-contracts.ts";
import type { Auth } from "./auth.ts";
import { forbidden, unauthorized } from "../http/errors.ts";

type SessionUser = { id: string; name: string; email: string; role?: string | null; isAnonymous?: boolean | null };

/** The signed-in user as the browser may see it: no tokens, no hashes, no made-up email of an anonymous sign-in. */
export function presentUser(user: SessionUser): CurrentUser {
  const isAnonymous = Boolean(user.isAnonymous);
  const role = user.role === "teacher" || user.role === "student" ? user.role : null;
  return { id: user.id, displayName: user.name, email: isAnonymous ? null : user.email, role, isAnonymous };
}

/** Cookies better-auth wants set after reading the session (a refreshed session cache). */
const refreshedCookies = new WeakMap<FastifyRequest, string[]>();

/** `fresh`: read the database, not the session cache (for /api/me, so role changes show at once). */
export async function currentUser(auth: Auth, request: FastifyRequest, options: { fresh?: boolean } = {}): Promise<CurrentUser | null> {
  const { response: session, headers } = await auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    query: options.fresh ? { disableCookieCache: true } : undefined,
    returnHeaders: true,
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) refreshedCookies.set(request, cookies);
  return session ? presentUser(session.user) : null;
}

/** Passes on the cookies `currentUser` was handed, unless the route sets its own session cookies. */
export function forwardRefreshedCookies(request: FastifyRequest, reply: FastifyReply) {
  const cookies = refreshedCookies.get(request);
  if (!cookies || reply.hasHeader("set-cookie")) return;
  reply.header("set-cookie", cookies);
}

export async function requireTeacher(auth: Auth, request: FastifyRequest, notSignedIn?: string): Promise<CurrentUser> {
  const user = await currentUser(auth, request);
  if (!user) throw unauthorized(notSignedIn);
  if (user.role !== "teacher" || user.isAnonymous) throw forbidden("Only teachers can do this.");
  return user;
}
