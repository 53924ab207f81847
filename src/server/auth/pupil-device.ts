/**
 * A pupil's device identity (decision 014): a random device id, signed by the server, in an
 * httpOnly cookie the join itself sets. It is what makes a pupil's progress theirs: the
 * progress row keeps the device id (student_progress.student_id), and every play route
 * compares the two. It is not an account: no user row, no session row, and checking it is
 * one HMAC over a few dozen bytes, with no database read.
 *
 * The cookie reads `<deviceId>.<issuedAtSeconds>.<signature>`; the signature is an
 * HMAC-SHA256 over the first two parts with a key derived from the server secret (so it
 * can never be mistaken for, or stand in for, one of better-auth's signed cookies). It
 * lasts PUPIL_SIGN_IN_SECONDS (a school day) from the join that made it, and is not
 * renewed on use: a device signed in in the morning is signed out by the evening.
 */
import { createHmac, createSecretKey, randomUUID, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { PUPIL_SIGN_IN_SECONDS } from "../limits/limits.ts";

export const PUPIL_DEVICE_COOKIE = "cluehunt.pupil";

export type PupilDevice = { deviceId: string; issuedAt: number };

const TOKEN_PATTERN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export type PupilDevices = ReturnType<typeof createPupilDevices>;

export function createPupilDevices(secret: string, now: () => number = Date.now) {
  // A KeyObject made once: createHmac with a Buffer key builds one on every call
  // (prepareSecretKey, ~19 ms of server CPU per 200 joins); the signatures are the same.
  const key = createSecretKey(createHmac("sha256", secret).update("cluehunt pupil device token v1").digest());
  const sign = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");

  /** The device the cookie names, if the server signed it and the school day it was made on has not ended. */
  function verify(token: string | undefined): PupilDevice | null {
    const match = token === undefined ? null : TOKEN_PATTERN.exec(token);
    if (!match) return null;
    const [, deviceId, issued, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(sign(`${deviceId}.${issued}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const issuedAt = Number(issued) * 1000;
    if (issuedAt > now() + 60_000 || issuedAt + PUPIL_SIGN_IN_SECONDS * 1000 <= now()) return null;
    return { deviceId, issuedAt };
  }

  /** A new device, and the Set-Cookie value that gives it to the browser. */
  function issue(): { device: PupilDevice; cookie: string } {
    const issuedAt = Math.floor(now() / 1000);
    const deviceId = randomUUID();
    const token = `${deviceId}.${issuedAt}.${sign(`${deviceId}.${issuedAt}`)}`;
    const expires = new Date((issuedAt + PUPIL_SIGN_IN_SECONDS) * 1000);
    // Secure is added under https by secureCookiesOverHttps, as for every other cookie.
    const cookie = `${PUPIL_DEVICE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${PUPIL_SIGN_IN_SECONDS}; Expires=${expires.toUTCString()}`;
    return { device: { deviceId, issuedAt: issuedAt * 1000 }, cookie };
  }

  return {
    /** The pupil device this request carries, or null. */
    of(request: FastifyRequest): PupilDevice | null {
      return verify(cookieValue(request.headers.cookie, PUPIL_DEVICE_COOKIE));
    },
    /** This request's device, or a new one whose cookie the reply sets. */
    ensure(request: FastifyRequest, reply: FastifyReply): PupilDevice {
      const known = this.of(request);
      if (known) return known;
      const { device, cookie } = issue();
      reply.header("set-cookie", cookie);
      return device;
    },
    verify,
    issue,
  };
}

/** One cookie's value from a Cookie header (the first one, as browsers send the most specific path first). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) found ??= part.slice(eq + 1).trim();
  }
  return found;
}
