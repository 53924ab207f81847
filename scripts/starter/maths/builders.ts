/**
 * Small builders of Mathematics questions (build-maths.ts describes a question): each works out
 * its answer from its numbers, and its wrong options are near misses a child could choose
 * (one more, one less, the other sum), all different. A level's module lists its questions with
 * these and `placed` gives each a classroom hiding place.
 */

import type { Check, MathsOption, MathsQuestion } from "../build-maths.ts";
import { hidingPlaces, type Words } from "../hunt-file.ts";
import type { PictureKey } from "../pictures.ts";

export type Draft = Omit<MathsQuestion, "hidingPlace">;

/** The questions with hiding places, all different, from `start` in HIDING_PLACES. */
export function placed(drafts: Draft[], start = 0): MathsQuestion[] {
  const places = hidingPlaces(drafts.length, start);
  return drafts.map((d, i) => ({ ...d, hidingPlace: places[i]! }));
}

/** Four different numbers, smallest first (as a child reads a number line), one of them `answer`. */
export function numberOptions(answer: number, wrong: number[]): number[] {
  const all = [answer, ...wrong];
  if (all.length !== 4) throw new Error(`Four options, not ${all.length}: ${all.join(", ")}`);
  if (new Set(all).size !== 4) throw new Error(`Options must differ: ${all.join(", ")}`);
  if (all.some((n) => !Number.isInteger(n) || n < 0)) throw new Error(`Whole numbers only: ${all.join(", ")}`);
  return all.sort((a, b) => a - b);
}

/** Near misses of `n`: one less, one more, and two more (or two less at the bottom). */
export function nearMisses(n: number): number[] {
  return n <= 1 ? [n + 1, n + 2, n + 3] : n === 2 ? [1, 3, 4] : [n - 1, n + 1, n + 2];
}

// --- Irish counting: the noun after a digit takes the mutation of the number said (docs/GLOSSARY-GA.md). ---

const LENITE = /^([bcdfgmpt]|s(?=[aeiouáéíóúlnr]))/i;
const lenite = (word: string) => (LENITE.test(word) ? `${word[0]}h${word.slice(1)}` : word);
const ECLIPSE: Record<string, string> = { b: "m", c: "g", d: "n", f: "bh", g: "n", p: "b", t: "d" };
const eclipse = (word: string) => {
  const first = word[0]!.toLowerCase();
  if (/[aeiouáéíóú]/.test(first)) return `n-${word}`;
  return ECLIPSE[first] ? `${ECLIPSE[first]}${word}` : word;
};

/**
 * "3 phonc", "8 bponc", "1 ponc": a count of a noun as Irish writes it with a digit. 1 and 11+
 * take the plain noun; 2–6 lenite it; 7–10 eclipse it. (A vowel after 7–10 takes n-: "7 n-úll".)
 */
export function gaCount(n: number, noun: string): string {
  const form = n >= 2 && n <= 6 ? lenite(noun) : n >= 7 && n <= 10 ? eclipse(noun) : noun;
  return `${n} ${form}`;
}

/** "1 dot", "4 dots". */
export const enCount = (n: number, singular: string, plural = `${singular}s`) => `${n} ${n === 1 ? singular : plural}`;

// --- Counting ---

/** Things to count in a question's picture (pictures.ts THINGS), named in both languages. */
export const COUNTABLE = {
  star: { en: "star", enPlural: "stars", ga: "réalta" },
  apple: { en: "apple", enPlural: "apples", ga: "úll" },
  fish: { en: "fish", enPlural: "fish", ga: "iasc" },
  ball: { en: "ball", enPlural: "balls", ga: "liathróid" },
} as const;

/** "How many stars?" with a picture of `n` of them. */
export function howMany(n: number, thing: keyof typeof COUNTABLE, clue: Words, wrong = nearMisses(n)): Draft {
  const t = COUNTABLE[thing];
  const key = `count:${n}:${thing}`;
  return {
    en: `How many ${t.enPlural}?`,
    ga: `Cé mhéad ${t.ga} atá ann?`,
    options: numberOptions(n, wrong),
    answer: n,
    clue,
    picture: { key, alt: { en: enCount(n, t.en, t.enPlural), ga: gaCount(n, t.ga) } },
    check: { countIn: key },
  };
}

/** "Which picture has 4 dots?": the options are dot cards. */
export function whichHasDots(n: number, wrong: number[], clue: Words): Draft {
  const counts = numberOptions(n, wrong);
  return {
    en: `Which picture has ${enCount(n, "dot")}?`,
    ga: `Cén pictiúr ina bhfuil ${gaCount(n, "ponc")}?`,
    options: counts.map((k) => ({ en: enCount(k, "dot"), ga: gaCount(k, "ponc") })),
    answer: { en: enCount(n, "dot"), ga: gaCount(n, "ponc") },
    clue,
    optionPictures: counts.map((k) => `dots:${k}`),
    check: { countIn: `dots:${n}` },
  };
}

// --- Numbers ---

export function biggest(numbers: number[], clue: Words): Draft {
  const answer = Math.max(...numbers);
  return {
    en: "Which number is the biggest?",
    ga: "Cén uimhir is mó?",
    options: numberOptions(
      answer,
      numbers.filter((n) => n !== answer),
    ),
    answer,
    clue,
    check: { largest: numbers },
  };
}

export function smallest(numbers: number[], clue: Words): Draft {
  const answer = Math.min(...numbers);
  return {
    en: "Which number is the smallest?",
    ga: "Cén uimhir is lú?",
    options: numberOptions(
      answer,
      numbers.filter((n) => n !== answer),
    ),
    answer,
    clue,
    check: { smallest: numbers },
  };
}

/** "What number comes after 6?" */
export function after(n: number, clue: Words, wrong = [n - 1, n + 2, n + 10].filter((k) => k >= 0).slice(0, 3)): Draft {
  return {
    en: `What number comes after ${n}?`,
    ga: `Cén uimhir a thagann i ndiaidh ${n}?`,
    options: numberOptions(n + 1, wrong),
    answer: n + 1,
    clue,
    check: { sum: [n, 1] },
  };
}

/** "What number comes before 10?" */
export function before(n: number, clue: Words, wrong = [n - 2, n + 1, n + 2]): Draft {
  return {
    en: `What number comes before ${n}?`,
    ga: `Cén uimhir a thagann roimh ${n}?`,
    options: numberOptions(n - 1, wrong),
    answer: n - 1,
    clue,
    check: { sum: [n, -1] },
  };
}

/** "What number is 1 more than 49?" */
export function oneMore(n: number, clue: Words, wrong: number[]): Draft {
  return {
    en: `What number is 1 more than ${n}?`,
    ga: `Cén uimhir atá 1 níos mó ná ${n}?`,
    options: numberOptions(n + 1, wrong),
    answer: n + 1,
    clue,
    check: { sum: [n, 1] },
  };
}

/** "What number comes next? 2, 4, 6, 8, …" */
export function nextInSequence(sequence: number[], clue: Words, wrong: number[]): Draft {
  const step = sequence[1]! - sequence[0]!;
  sequence.forEach((n, i) => {
    if (i > 0 && n - sequence[i - 1]! !== step) throw new Error(`Not in equal steps: ${sequence.join(", ")}`);
  });
  const answer = sequence.at(-1)! + step;
  return {
    en: `What number comes next? ${sequence.join(", ")}, …`,
    ga: `Cén uimhir a thagann ina dhiaidh seo? ${sequence.join(", ")}, …`,
    options: numberOptions(answer, wrong),
    answer,
    clue,
    check: { next: sequence },
  };
}

// --- Adding and taking away ---

/** "What is 4 + 3?" / "Cad é 4 móide 3?" */
export function add(a: number, b: number, clue: Words, wrong = nearMisses(a + b)): Draft {
  return {
    en: `What is ${a} + ${b}?`,
    ga: `Cad é ${a} móide ${b}?`,
    options: numberOptions(a + b, wrong),
    answer: a + b,
    clue,
    check: { sum: [a, b] },
  };
}

/** "What is 16 − 9?" / "Cad é 16 lúide 9?" */
export function subtract(a: number, b: number, clue: Words, wrong = nearMisses(a - b)): Draft {
  return {
    en: `What is ${a} − ${b}?`,
    ga: `Cad é ${a} lúide ${b}?`,
    options: numberOptions(a - b, wrong),
    answer: a - b,
    clue,
    check: { sum: [a, -b] },
  };
}

/** A story of adding or taking away: its words say the numbers, `terms` are what is added (negative: taken away). */
export function story(words: Words, terms: number[], clue: Words, wrong: number[], picture?: Draft["picture"]): Draft {
  const answer = terms.reduce((a, b) => a + b, 0);
  for (const n of terms) {
    const digits = String(Math.abs(n));
    if (!new RegExp(`\\b${digits}\\b`).test(words.en) || !new RegExp(`\\b${digits}\\b`).test(words.ga))
      throw new Error(`The story must say ${digits} in both languages: ${words.en} / ${words.ga}`);
  }
  return {
    ...words,
    options: numberOptions(answer, wrong),
    answer,
    clue,
    ...(picture ? { picture } : {}),
    check: { sum: terms },
  };
}

/** "What is the missing number? 5 + ☐ = 12" */
export function missingAddend(a: number, total: number, clue: Words, wrong: number[]): Draft {
  return {
    en: `What is the missing number? ${a} + ☐ = ${total}`,
    ga: `Cén uimhir atá in easnamh? ${a} + ☐ = ${total}`,
    options: numberOptions(total - a, wrong),
    answer: total - a,
    clue,
    check: { sum: [total, -a] },
  };
}

// --- Shapes ---

/** 2D and 3D shapes: the English, the Irish, and the Irish after the article (an chearnóg, an t-ubhchruth). */
export const SHAPE_NAMES = {
  circle: { en: "circle", ga: "ciorcal", gaThe: "an ciorcal" },
  square: { en: "square", ga: "cearnóg", gaThe: "an chearnóg" },
  triangle: { en: "triangle", ga: "triantán", gaThe: "an triantán" },
  rectangle: { en: "rectangle", ga: "dronuilleog", gaThe: "an dronuilleog" },
  semicircle: { en: "semi-circle", ga: "leathchiorcal", gaThe: "an leathchiorcal" },
  oval: { en: "oval", ga: "ubhchruth", gaThe: "an t-ubhchruth" },
  star: { en: "star", ga: "réalta", gaThe: "an réalta" },
  hexagon: { en: "hexagon", ga: "heicseagán", gaThe: "an heicseagán" },
  sphere: { en: "sphere", ga: "sféar", gaThe: "an sféar" },
  cube: { en: "cube", ga: "ciúb", gaThe: "an ciúb" },
  cylinder: { en: "cylinder", ga: "sorcóir", gaThe: "an sorcóir" },
  cone: { en: "cone", ga: "cón", gaThe: "an cón" },
} as const;
export type ShapeName = keyof typeof SHAPE_NAMES;
const SOLIDS: ShapeName[] = ["sphere", "cube", "cylinder", "cone"];
const shapeKey = (s: ShapeName): PictureKey => `${SOLIDS.includes(s) ? "solid" : "shape"}:${s}`;
const shapeWords = (s: ShapeName): Words => ({ en: SHAPE_NAMES[s].en, ga: SHAPE_NAMES[s].ga });

/**
 * A question whose four options are shapes (pictures named by their shape), `answer` the right one;
 * `shapes` in the order shown. `question` defaults to "Where is the circle?".
 */
export function pickShape(answer: ShapeName, shapes: ShapeName[], clue: Words, question?: Words): Draft {
  if (!shapes.includes(answer) || shapes.length !== 4 || new Set(shapes).size !== 4)
    throw new Error(`Four different shapes with ${answer}: ${shapes.join(", ")}`);
  return {
    ...(question ?? { en: `Where is the ${SHAPE_NAMES[answer].en}?`, ga: `Cá bhfuil ${SHAPE_NAMES[answer].gaThe}?` }),
    options: shapes.map(shapeWords),
    answer: shapeWords(answer),
    clue,
    optionPictures: shapes.map(shapeKey),
    check: { picture: shapeKey(answer) },
  };
}

// --- Money ---

/** A coin's value as written on it and in a total: 50 → "50c", 100 → "€1", 120 → "€1.20". */
export function money(cents: number): string {
  if (cents < 100) return `${cents}c`;
  const euro = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? `€${euro}` : `€${euro}.${String(rest).padStart(2, "0")}`;
}

export const EURO_COINS = [1, 2, 5, 10, 20, 50, 100, 200] as const;

/** Four coins as the options (pictures), the right one the coin of greatest (or least) value among them. */
export function coinWorth(which: "most" | "least", coins: number[], clue: Words): Draft {
  if (coins.length !== 4 || new Set(coins).size !== 4) throw new Error(`Four different coins: ${coins.join(", ")}`);
  const answer = which === "most" ? Math.max(...coins) : Math.min(...coins);
  return {
    en: which === "most" ? "Which coin is worth the most?" : "Which coin is worth the least?",
    ga: which === "most" ? "Cén bonn is mó luach?" : "Cén bonn is lú luach?",
    options: coins.map(money),
    answer: money(answer),
    clue,
    optionPictures: coins.map((c) => `coin:${c}`),
    check: which === "most" ? { largest: coins } : { smallest: coins },
  };
}

/** "Which coin is worth more than 10c?": one coin of four is. */
export function coinMoreThan(than: number, coins: number[], clue: Words): Draft {
  const more = coins.filter((c) => c > than);
  if (more.length !== 1 || coins.length !== 4) throw new Error(`Exactly one of ${coins.join(", ")} more than ${than}`);
  return {
    en: `Which coin is worth more than ${money(than)}?`,
    ga: `Cén bonn is fiú níos mó ná ${money(than)}?`,
    options: coins.map(money),
    answer: money(more[0]!),
    clue,
    optionPictures: coins.map((c) => `coin:${c}`),
    check: { picture: `coin:${more[0]}` },
  };
}

/** "You have a 20c coin and a 10c coin. How much is that?", with the coins in a picture. */
export function coinTotal(coins: number[], clue: Words, wrong: number[]): Draft {
  const total = coins.reduce((a, b) => a + b, 0);
  const list = (lang: "en" | "ga") =>
    coins
      .map((c) => (lang === "en" ? `a ${money(c)} coin` : `bonn ${money(c)}`))
      .join(lang === "en" ? " and " : " agus ");
  const all = [total, ...wrong];
  if (new Set(all).size !== 4) throw new Error(`Four different totals: ${all.join(", ")}`);
  return {
    en: `You have ${list("en")}. How much money is that?`,
    ga: `Tá ${list("ga")} agat. Cé mhéad airgid atá agat?`,
    options: all.sort((a, b) => a - b).map(money),
    answer: money(total),
    clue,
    picture: { key: `coins:${coins.join("+")}`, alt: { en: `${list("en")}`, ga: list("ga") } },
    check: { coins },
  };
}

// --- Time ---

/** "3 o'clock" / "3 a chlog"; "half past 4" / "leathuair tar éis a 4". */
export function timeWords(h: number, m: 0 | 30): Words {
  return m === 0
    ? { en: `${h} o'clock`, ga: `${h} a chlog` }
    : { en: `half past ${h}`, ga: `leathuair tar éis a ${h}` };
}

/** "What time is it?" with a clock; the wrong times in the order shown with the right one at `at`. */
export function whatTime(h: number, m: 0 | 30, wrong: Array<[number, 0 | 30]>, at: number, clue: Words): Draft {
  const key = `clock:${h}:${m === 0 ? "00" : "30"}`;
  const times = wrong.map(([wh, wm]) => timeWords(wh, wm));
  times.splice(at, 0, timeWords(h, m));
  if (new Set(times.map((t) => t.en)).size !== 4) throw new Error(`Four different times`);
  return {
    en: "What time is it?",
    ga: "Cén t-am é?",
    options: times,
    answer: timeWords(h, m),
    clue,
    picture: {
      key,
      alt:
        m === 0
          ? {
              en: `A clock: the short hand points to ${h}, the long hand to 12`,
              ga: `Clog: an lámh bheag ar ${h}, an lámh mhór ar 12`,
            }
          : {
              en: `A clock: the short hand is between ${h} and ${(h % 12) + 1}, the long hand points to 6`,
              ga: `Clog: an lámh bheag idir ${h} agus ${(h % 12) + 1}, an lámh mhór ar 6`,
            },
    },
    check: { clock: key },
  };
}

/** Four options with a picture each, the right one at `answer`: for questions of measures and patterns. */
export function pictureChoice(
  question: Words,
  options: Array<{ words: Words; picture: PictureKey }>,
  answer: number,
  clue: Words,
  extra: { picture?: Draft["picture"]; check?: Check } = {},
): Draft {
  if (options.length !== 4) throw new Error("Four options");
  return {
    ...question,
    options: options.map((o) => o.words as MathsOption),
    answer: options[answer]!.words,
    clue,
    optionPictures: options.map((o) => o.picture),
    ...(extra.picture ? { picture: extra.picture } : {}),
    check: extra.check ?? { picture: options[answer]!.picture },
  };
}
