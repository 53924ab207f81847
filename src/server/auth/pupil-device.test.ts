import { describe, expect, it } from "vitest";
import { PUPIL_SIGN_IN_SECONDS } from "../limits/limits.ts";
import { cookieValue, createPupilDevices, PUPIL_DEVICE_COOKIE } from "./pupil-device.ts";

const SECRET = "a-test-secret-of-at-least-32-characters!";
const tokenOf = (cookie: string) => cookie.split(";")[0]!.slice(`${PUPIL_DEVICE_COOKIE}=`.length);

describe("a pupil's device token", () => {
  it("names the device it was issued for, for a school day and no longer", () => {
    let now = Date.UTC(2026, 10, 23, 8, 30);
    const devices = createPupilDevices(SECRET, () => now);
    const { device, cookie } = devices.issue();
    expect(devices.verify(tokenOf(cookie))).toEqual(device);
    expect(cookie).toMatch(new RegExp(`; Max-Age=${PUPIL_SIGN_IN_SECONDS};`));
    expect(cookie).toMatch(/; HttpOnly; SameSite=Lax;/);
    now += PUPIL_SIGN_IN_SECONDS * 1000 - 1000;
    expect(devices.verify(tokenOf(cookie))?.deviceId).toBe(device.deviceId);
    now += 1000;
    expect(devices.verify(tokenOf(cookie))).toBeNull();
  });

  it("gives every device its own id", () => {
    const devices = createPupilDevices(SECRET);
    const ids = new Set(Array.from({ length: 50 }, () => devices.issue().device.deviceId));
    expect(ids.size).toBe(50);
  });

  it("is nobody when any part is changed, or another secret signed it", () => {
    const devices = createPupilDevices(SECRET);
    const token = tokenOf(devices.issue().cookie);
    const [id, issued, signature] = token.split(".") as [string, string, string];
    const otherId = tokenOf(devices.issue().cookie).split(".")[0]!;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const forged of [
      `${otherId}.${issued}.${signature}`,
      `${id}.${Number(issued) - 1}.${signature}`,
      `${id}.${issued}.${flipped}`,
      `${id}.${issued}`,
      "",
      "x".repeat(200),
    ]) {
      expect(devices.verify(forged), forged).toBeNull();
    }
    expect(createPupilDevices(`${SECRET}-other`).verify(token)).toBeNull();
    expect(devices.verify(undefined)).toBeNull();
  });

  it("still accepts a token signed by an earlier build of this code (the key and signature never change)", () => {
    // Issued with this secret at 1 800 000 000 s, before the key became a KeyObject.
    const secret = "a-test-secret-that-is-long-enough-0123456789";
    const token = "261de444-dba0-4e3f-8e0b-545974e7a60c.1800000000._ivNYNrJPKMK_U5eUb2Nfy66SuoIlFV9hL3hk1eV7-s";
    const devices = createPupilDevices(secret, () => 1_800_000_000_000);
    expect(devices.verify(token)).toEqual({
      deviceId: "261de444-dba0-4e3f-8e0b-545974e7a60c",
      issuedAt: 1_800_000_000_000,
    });
  });

  it("is not accepted when dated in the future (a clock cannot be moved to make one last longer)", () => {
    let now = Date.now();
    const later = createPupilDevices(SECRET, () => now + 3_600_000);
    const token = tokenOf(later.issue().cookie);
    expect(createPupilDevices(SECRET, () => now).verify(token)).toBeNull();
    now += 3_600_000;
    expect(createPupilDevices(SECRET, () => now).verify(token)).not.toBeNull();
  });
});

describe("cookieValue", () => {
  it("finds one cookie among others, by its exact name", () => {
    expect(cookieValue("a=1; cluehunt.pupil=abc.1.x; b=2", "cluehunt.pupil")).toBe("abc.1.x");
    expect(cookieValue("xcluehunt.pupil=no; b=2", "cluehunt.pupil")).toBeUndefined();
    expect(cookieValue(undefined, "cluehunt.pupil")).toBeUndefined();
    expect(cookieValue("cluehunt.pupil=first; cluehunt.pupil=second", "cluehunt.pupil")).toBe("first");
  });
});
