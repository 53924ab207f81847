import { fromNodeHeaders } from "better-auth/node";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/account/auth-contracts.ts";
import { isLanguage } from "../../shared/i18n/languages.ts";
import type { Auth } from "./auth.ts";
import { cookiesEndingBy, pupilSignInEndsAt } from "./pupil-sign-in.ts";
import { sessionIsStored } from "./session-check.ts";

type SessionUser = {
  id: string;
  name: string;
  email: string;
  role?: string | null;
  isAnonymous?: boolean | null;
  preferredLanguage?: string | null;
};

/** The signed-in user as the browser may see it: no tokens, no hashes, no made-up email of an anonymous sign-in. */
export function presentUser(user: SessionUser): CurrentUser {
  const isAnonymous = Boolean(user.isAnonymous);
  const role = user.role === "teacher" || user.role === "student" ? user.role : null;
  const preferredLanguage = isLanguage(user.preferredLanguage) ? user.preferredLanguage : null;
  return {
    id: user.id,
    displayName: user.name,
    email: isAnonymous ? null : user.email,
    role,
    isAnonymous,
    preferredLanguage,
  };
}

/** Cookies better-auth wants set after reading the session (a refreshed session cache). */
const refreshedCookies = new WeakMap<FastifyRequest, string[]>();

/**
 * Cookies better-auth verified a moment ago, and whose user they carry. Checking a session
 * costs two HMAC verifications and a key import (a third of the server's CPU at school scale
 * on PostgreSQL, measured; decision 008); a pupil sends the same cookies every few seconds. Only a verified session that
 * needed no refresh is remembered, for at most VERIFIED_COOKIE_MS. A teacher's session can be
 * revoked (logout elsewhere, password change, account deletion) and must stop working at once
 * on every instance, so a remembered teacher cookie is still checked against its session row
 * on every request: one prepared index lookup instead of better-auth's HMACs (session-check.ts,
 * decision 020). One map per auth instance.
 */
export const VERIFIED_COOKIE_MS = 10_000;
const MAX_VERIFIED_COOKIES = 20_000;
/** `session`: a teacher's session, to check it is still stored; absent for a pupil's. */
type Verified = { user: CurrentUser; until: number; session?: { token: string; userId: string } };
const verifiedCookies = new WeakMap<Auth, Map<string, Verified>>();

function verifiedCookiesOf(auth: Auth) {
  let map = verifiedCookies.get(auth);
  if (!map) verifiedCookies.set(auth, (map = new Map()));
  return map;
}

function rememberVerified(auth: Auth, cookie: string, user: CurrentUser, session?: Verified["session"]) {
  const map = verifiedCookiesOf(auth);
  map.delete(cookie);
  map.set(cookie, { user: Object.freeze(user), until: Date.now() + VERIFIED_COOKIE_MS, session });
  // Maps keep insertion order: the first key is the longest unused.
  if (map.size > MAX_VERIFIED_COOKIES) map.delete(map.keys().next().value!);
}

/** After logout: these cookies prove nothing any more, on this instance at once. */
export function forgetVerifiedCookies(auth: Auth, request: FastifyRequest) {
  if (request.headers.cookie) verifiedCookiesOf(auth).delete(request.headers.cookie);
}

/** `fresh`: read the database, not the session cache (for /api/me, so role changes show at once). */
export async function currentUser(
  auth: Auth,
  request: FastifyRequest,
  options: { fresh?: boolean } = {},
): Promise<CurrentUser | null> {
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  if (!options.fresh) {
    const known = verifiedCookiesOf(auth).get(cookie);
    if (known && known.until > Date.now()) {
      if (!known.session) return known.user;
      if (await sessionIsStored(auth, known.session)) return known.user;
      verifiedCookiesOf(auth).delete(cookie);
      return null;
    }
  }
  const { response: session, headers } = await auth.api.getSession({
    headers: fromNodeHeaders(request.headers),
    query: options.fresh ? { disableCookieCache: true } : undefined,
    returnHeaders: true,
  });
  let cookies = headers.getSetCookie();
  const pupilEndsAt = session?.user.isAnonymous ? pupilSignInEndsAt(session.session.createdAt) : undefined;
  if (pupilEndsAt !== undefined) cookies = cookiesEndingBy(cookies, pupilEndsAt);
  if (cookies.length > 0) refreshedCookies.set(request, cookies);
  if (!session || (pupilEndsAt !== undefined && pupilEndsAt <= Date.now())) {
    verifiedCookiesOf(auth).delete(cookie);
    return null;
  }
  const user = presentUser(session.user);
  if (user.isAnonymous) {
    if (cookies.length === 0) rememberVerified(auth, cookie, user);
    return user;
  }
  const stored = { token: session.session.token, userId: session.session.userId };
  // `fresh` already read the row; otherwise the signed cache may outlive a revoked session.
  if (!options.fresh && !(await sessionIsStored(auth, stored))) return null;
  if (cookies.length === 0) rememberVerified(auth, cookie, user, stored);
  return user;
}

/** Passes on the cookies `currentUser` was handed, unless the route sets its own session cookies. */
export function forwardRefreshedCookies(request: FastifyRequest, reply: FastifyReply) {
  const cookies = refreshedCookies.get(request);
  if (!cookies || reply.hasHeader("set-cookie")) return;
  reply.header("set-cookie", cookies);
}

/** Sets the cookies better-auth asked for (its response's headers) on our reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers) {
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}
