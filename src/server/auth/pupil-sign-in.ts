/**
 * A pupil's anonymous sign-in lasts PUPIL_SIGN_IN_SECONDS (a school day) from the moment it
 * was made: long enough to come back to a class session after a refresh or a Wi-Fi drop,
 * never the 30 days a teacher's sign-in lasts. better-auth has one lifetime for every
 * session (and slides it on use), so the pupil's is kept here: its cookies are given the
 * shorter Max-Age, and a pupil session older than that no longer signs anyone in.
 */
import { PUPIL_SIGN_IN_SECONDS } from "../limits/limits.ts";

/** When a pupil sign-in made at `createdAt` ends. */
export const pupilSignInEndsAt = (createdAt: Date | string) =>
  new Date(createdAt).getTime() + PUPIL_SIGN_IN_SECONDS * 1000;

/** Set-Cookie values with Max-Age (and Expires) no later than `endsAt`; a cookie's shorter lifetime is kept. */
export function cookiesEndingBy(cookies: string[], endsAt: number, now = Date.now()): string[] {
  const remaining = Math.max(0, Math.floor((endsAt - now) / 1000));
  return cookies.map((cookie) => {
    const parts = cookie.split(";").map((p) => p.trim());
    const maxAge = parts.find((p) => /^max-age=/i.test(p));
    const current = maxAge ? Number(maxAge.split("=")[1]) : Number.POSITIVE_INFINITY;
    if (current <= remaining) return cookie;
    const kept = parts.filter((p) => !/^(max-age|expires)=/i.test(p));
    return [...kept, `Max-Age=${remaining}`, `Expires=${new Date(now + remaining * 1000).toUTCString()}`].join("; ");
  });
}
