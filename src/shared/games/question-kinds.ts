/**
 * The kinds of question (decision 050) and how each is marked, as pure functions: the server marks
 * with these (a typed answer's keys, an order's mapping), the teacher's preview gives the same
 * verdicts, and the unit tests pin every rule. No imports: the pupils' bundle loads this file.
 *
 * What a question's fields hold, by kind (`options` and `correctAnswer` are the four-option
 * question's fields, reused):
 * - choice:    four options; `correctAnswer` 0–3 (the default kind: every game saved before).
 * - truefalse: no options (the tiles say True / False in the game's language); `correctAnswer` 0 is true, 1 false.
 * - typed:     `options` are the accepted answers (1–5, each at most 60 characters); `fadasCount` says
 *              whether a missing or wrong fada makes an answer wrong ("Nearly!") or does not matter.
 * - order:     `options` are the items in the right order (3–6, no two the same); each child sees them shuffled.
 * - multi:     four options; `correctAnswers` the right ones (2 or 3, "choose all that apply").
 */

export const QUESTION_KINDS = ["choice", "truefalse", "typed", "order", "multi"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const isQuestionKind = (value: unknown): value is QuestionKind =>
  typeof value === "string" && (QUESTION_KINDS as readonly string[]).includes(value);

/** A question's kind: absent (a game saved before kinds existed, a file of format 1) is four options. */
export const kindOf = (q: { kind?: string | null }): QuestionKind => (isQuestionKind(q.kind) ? q.kind : "choice");

export const KIND_LIMITS = {
  acceptedAnswers: { min: 1, max: 5 },
  /** An accepted answer's and a typed answer's length. */
  typedAnswer: 60,
  orderItems: { min: 3, max: 6 },
  /** Right options of "choose all that apply": one would be a four-option question, four a tap on everything. */
  multiRight: { min: 2, max: 3 },
} as const;

/** How many options (or items, or accepted answers) a question of this kind may have. */
export function optionCountRange(kind: QuestionKind): { min: number; max: number } {
  switch (kind) {
    case "choice":
    case "multi":
      return { min: 4, max: 4 };
    case "truefalse":
      return { min: 0, max: 0 };
    case "typed":
      return KIND_LIMITS.acceptedAnswers;
    case "order":
      return KIND_LIMITS.orderItems;
  }
}

/** Whether the kind's options are shown to a pupil as tiles with pictures (four options and order items). */
export const kindHasOptionPictures = (kind: QuestionKind) => kind === "choice" || kind === "multi" || kind === "order";

// --- Choose all that apply: the right options as a bit mask (the stored form, one number). ---

/** The options chosen (indices 0–3) as a mask: bit k for option k. Repeats count once. */
export const maskOf = (indices: readonly number[]) => indices.reduce((mask, k) => mask | (1 << k), 0);

/** The indices in a mask, in order. */
export function indicesOfMask(mask: number): number[] {
  const indices: number[] = [];
  for (let k = 0; k < 4; k++) if (mask & (1 << k)) indices.push(k);
  return indices;
}

// --- Type the answer. ---

const TRAILING_PUNCTUATION = /[\s.,;:!?¡¿'"‘’“”…)(-]+$/u;
const LEADING_PUNCTUATION = /^[\s'"‘’“”¡¿(]+/u;
const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/;

/** A number written as a number ("7", "7.0", " 07", "1,000") as one canonical text; anything else null. */
function numberKey(text: string): string | null {
  if (!NUMBER.test(text)) return null;
  const value = Number(text.replace(/,/g, ""));
  return Number.isFinite(value) ? String(value) : null;
}

/**
 * A typed answer folded for matching: Unicode composed, lower case, spaces at the ends and
 * repeated spaces gone, punctuation at the ends gone, a number as its value. Fadas (and every
 * other accent) are kept: `looseKey` drops them.
 */
export function answerKey(text: string): string {
  const folded = text
    .normalize("NFC")
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .trim()
    .replace(TRAILING_PUNCTUATION, "")
    .replace(LEADING_PUNCTUATION, "");
  return numberKey(folded) ?? folded;
}

/** The key without its accents: á é í ó ú as a e i o u (the match when fadas do not count). */
export const looseKey = (key: string) => key.normalize("NFD").replace(/\p{M}/gu, "").normalize("NFC");

/** The stored keys of a typed-answer question's accepted answers: with accents, and without. */
export function acceptedKeys(accepted: readonly string[]): { strict: string[]; loose: string[] } {
  const strict = accepted.map(answerKey);
  return { strict, loose: strict.map(looseKey) };
}

export type TypedVerdict = "right" | "nearly" | "wrong";

/**
 * A typed answer against the accepted ones. When fadas count, an answer that differs only in its
 * accents is "nearly": the child is told to check the fada, and it is not a wrong try.
 */
export function typedVerdict(typed: string, accepted: readonly string[], fadasCount: boolean): TypedVerdict {
  const keys = acceptedKeys(accepted);
  return typedVerdictOfKeys(answerKey(typed), keys, fadasCount);
}

/** The same verdict from keys already made: the server's statement compares these. */
export function typedVerdictOfKeys(
  key: string,
  keys: { strict: readonly string[]; loose: readonly string[] },
  fadasCount: boolean,
): TypedVerdict {
  const loose = looseKey(key);
  if (!fadasCount) return keys.loose.includes(loose) ? "right" : "wrong";
  if (keys.strict.includes(key)) return "right";
  return keys.loose.includes(loose) ? "nearly" : "wrong";
}

/**
 * A true-or-false question's two tiles (index 0 true, 1 false) in the game's question language:
 * the statement's own language, as its text is, whatever the language of the pupils' screens.
 */
export const TRUE_FALSE_WORDS = { en: ["True", "False"], ga: ["Fíor", "Bréagach"] } as const;

/** The fada row under the answer box, for keyboards without them. */
export const FADA_LETTERS = ["á", "é", "í", "ó", "ú", "Á", "É", "Í", "Ó", "Ú"] as const;

// --- Put in order. ---

/**
 * A seeded shuffle of `n` items: `shown[p]` is the index (in the right order) of the item shown at
 * place p. Never the right order itself (for n ≥ 2), so no child starts with the answer on screen.
 * The server seeds it with a secret per child and question, so the order shown tells nothing.
 */
export function shuffledOrder(n: number, seed: number): number[] {
  let state = seed >>> 0 || 1;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const shown = Array.from({ length: n }, (_, k) => k);
  for (let k = n - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [shown[k], shown[j]] = [shown[j]!, shown[k]!];
  }
  if (n >= 2 && shown.every((item, place) => item === place)) shown.push(shown.shift()!);
  return shown;
}

/** Whether `order` is some order of the places 0…n-1, each once (what a child may send). */
export const isOrderOf = (order: readonly number[], n: number) =>
  order.length === n &&
  new Set(order).size === n &&
  order.every((place) => Number.isInteger(place) && place >= 0 && place < n);

/**
 * The child's order (the places of the items as shown, in the order the child put them) as the
 * items' indices in the right order: [0, 1, 2, …] is right.
 */
export const givenOrder = (order: readonly number[], shown: readonly number[]) => order.map((place) => shown[place]!);

/** How many items are in their right place in an order given as the items' indices. */
export const inPlaceCount = (given: readonly number[]) => given.filter((item, k) => item === k).length;

export const isRightOrder = (given: readonly number[]) => given.every((item, k) => item === k);

/** Two order items the same (a case, space and punctuation difference is no difference: the child could not tell them apart). */
export const repeatedItem = (items: readonly string[]): number => {
  const keys = items.map((item) => answerKey(item));
  return keys.findIndex((key, k) => keys.indexOf(key) !== k);
};
