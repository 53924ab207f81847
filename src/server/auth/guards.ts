/** The role guards every route starts with: who is asking, and may they use this route at all. */
import type { FastifyRequest } from "fastify";
import type { CurrentUser } from "../../shared/account/auth-contracts.ts";
import type { MessageText } from "../../shared/i18n/messages.ts";
import { forbidden, unauthorized } from "../http/errors.ts";
import type { Auth } from "./auth.ts";
import { currentUser } from "./current-user.ts";
import { PUPIL_DEVICE_COOKIE, type PupilDevice, type PupilDevices } from "./pupil-device.ts";

const onlyTeachers = "common.error.onlyTeachers";
export const teachersCannotJoin = "pupil.play.teacherCannotPlay";

/** A teacher: signed in with the teacher role. `notSignedIn` is the route's own 401 sentence, where the SPEC gives one. */
export async function requireTeacher(
  auth: Auth,
  request: FastifyRequest,
  notSignedIn?: MessageText,
): Promise<CurrentUser> {
  const user = await currentUser(auth, request);
  // A pupil's device is someone, just not a teacher. Only the cookie's presence is looked at:
  // either way the request is refused, the status only picks which explanation it gets.
  if (!user)
    throw request.headers.cookie?.includes(`${PUPIL_DEVICE_COOKIE}=`)
      ? forbidden(onlyTeachers)
      : unauthorized(notSignedIn);
  if (user.role !== "teacher" || user.isAnonymous) throw forbidden(onlyTeachers);
  return user;
}

/** Whether the request carries better-auth's session cookie at all (so only then is it worth reading). */
export const hasAccountCookie = (request: FastifyRequest) =>
  request.headers.cookie?.includes("cluehunt.session_token=") ?? false;

/** The teacher signed in on this browser, if any (a pupil's device has no account cookie, so this costs it nothing). */
export async function signedInTeacher(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  if (!hasAccountCookie(request)) return null;
  const user = await currentUser(auth, request);
  return user && user.role === "teacher" && !user.isAnonymous ? user : null;
}

/**
 * A pupil: a device the join signed (pupil-device.ts), checked without the database.
 * A teacher without one is told to play through another browser window.
 */
export async function requirePupil(devices: PupilDevices, auth: Auth, request: FastifyRequest): Promise<PupilDevice> {
  const device = devices.of(request);
  if (device) return device;
  if (await signedInTeacher(auth, request)) throw forbidden(teachersCannotJoin);
  throw unauthorized();
}
