/**
 * "No private field leaves the server", as one reusable assertion: a response body must not
 * hold a password hash, a session or reset token, the session secret, another teacher's
 * email or game data, and — when a student (or nobody) asked — anything that names the
 * correct option.
 */
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Db, queryRows } from "../../src/server/db/client.ts";

export type PrivacyRules = {
  /** Exact strings that must appear in no response: hashes, tokens, secrets (see serverSecrets). */
  secrets: readonly string[];
  /** Text this caller may not see: other teachers' emails, titles, questions, ids. */
  othersData?: readonly string[];
  /** A student's (or an anonymous caller's) response: no correct answers. */
  studentFacing?: boolean;
  /**
   * A document whose keys name fields rather than hold them (the OpenAPI document says a login
   * takes a `password`): only its text is checked, for secrets, hashes and others' data.
   */
  describesFields?: boolean;
};

/** Keys that no response may carry, whoever asks. */
const SECRET_KEY = /password|token|secret|hash|salt/i;
/** Keys that name or point at the correct option. */
const ANSWER_KEY = /correct|answerIndex|rightOption|solution/i;
/**
 * Keys about the student's own answers, not the right option: `isCorrect` judges the answer
 * just sent, `correctFirstTimeCount` counts their own first-time successes.
 */
const STUDENT_OWN_RESULT_KEYS = new Set(["isCorrect", "correctFirstTimeCount"]);
/**
 * A station card's token is no secret from the game's creator: it is what the card's QR
 * code holds, printed and hung on a classroom wall. Only the card routes answer it, to the creator.
 */
const PRINTED_ON_A_CARD = /^\$\.cards\[\d+\]\.token$/;
/** What a better-auth scrypt hash looks like (hex salt ':' hex key), whoever it belongs to. */
const HASH_SHAPE = /[0-9a-f]{32}:[0-9a-f]{64,}|\$scrypt\$|\$2[aby]\$|\$argon2/i;

/** Every secret the server keeps right now: password hashes, session tokens, reset tokens, the session secret. */
export async function serverSecrets(db: Db): Promise<string[]> {
  const rows = await queryRows<{ secret: string | null }>(
    db,
    sql`select password as secret from auth_accounts
        union all select token from auth_sessions
        union all select replace(identifier, 'reset-password:', '') from auth_verifications
        union all select value from app_settings`,
  );
  return rows.map((r) => r.secret).filter((s): s is string => typeof s === "string" && s.length >= 16);
}

function keysOf(value: unknown, path = "$", out: Array<{ key: string; path: string }> = []) {
  if (Array.isArray(value)) value.forEach((v, i) => keysOf(v, `${path}[${i}]`, out));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      out.push({ key, path: `${path}.${key}` });
      keysOf(v, `${path}.${key}`, out);
    }
  }
  return out;
}

/** Fails, naming the response, if its body shows anything private. */
export function expectNoPrivateFields(label: string, text: string, rules: PrivacyRules) {
  expect(HASH_SHAPE.test(text), `${label}: looks like a password hash`).toBe(false);
  for (const secret of rules.secrets)
    expect(text.includes(secret), `${label}: holds a secret (${secret.slice(0, 6)}…)`).toBe(false);
  for (const other of rules.othersData ?? [])
    expect(text.includes(other), `${label}: holds another teacher's data (${other})`).toBe(false);

  if (rules.describesFields) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return; // CSV and other text: the string checks above apply.
  }
  for (const { key, path } of keysOf(body)) {
    if (!PRINTED_ON_A_CARD.test(path))
      expect(SECRET_KEY.test(key), `${label}: has a secret-looking field ${path}`).toBe(false);
    if (rules.studentFacing && !STUDENT_OWN_RESULT_KEYS.has(key))
      expect(ANSWER_KEY.test(key), `${label}: shows a student ${path}`).toBe(false);
  }
}
