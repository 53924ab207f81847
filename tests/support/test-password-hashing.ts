/**
 * The password hashing of the API tests' servers: scrypt as better-auth does it (node:crypto,
 * a 16-byte hex salt, "salt:key" in hex, the password NFKC-normalised), with a work factor
 * sixteen times smaller (N=1024 instead of 16384).
 *
 * Measured: better-auth's hash is ~70 ms of a core, and the API tests sign up and log in
 * teachers hundreds of times; tests/api/account-takeover.test.ts alone took 27 s of CPU with
 * it, 14 s with this. What the work factor itself does is proven where it matters: the server processes
 * (tests/process: `npm start`, whose sign-ups and logins use better-auth's own hash) and
 * tests/api/security-held.test.ts (an unknown email takes as long to refuse as a wrong
 * password), which starts its servers with better-auth's hash.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { PasswordHashing } from "../../src/server/auth/auth.ts";

const COST = { N: 1024, r: 16, p: 1 } as const;
const KEY_BYTES = 64;

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, COST, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await key(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    const [salt, stored] = hash.split(":");
    if (!salt || !stored) throw new Error("Invalid password hash");
    const expected = Buffer.from(stored, "hex");
    const derived = await key(password, salt);
    return expected.length === derived.length && timingSafeEqual(expected, derived);
  },
};
