/**
 * How the Mathematics hunts write numbers, in both languages alike (Irish schools write a decimal
 * point too): whole numbers of four digits or more with commas ("3,625"), decimals with a point
 * and no float noise ("2.4", never "2.4000000000000004"), euro with two places when there are
 * cent ("€2.50", "€51"), a minus sign that is one ("−3"). A module gives such a number to the
 * build as this text (`num(2.4)`), so every build script writes it alike. The questions' texts and their options use the same helpers, so
 * an option and the number in a question look alike.
 */
import type { Bilingual, MathsOption } from "./types.ts";

/** A number as a child reads it. */
export function num(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`not a number to show: ${n}`);
  const rounded = Number(n.toFixed(9));
  const digits = Number.isInteger(rounded) ? Math.abs(rounded).toLocaleString("en-IE") : String(Math.abs(rounded));
  return rounded < 0 ? `\u2212${digits}` : digits;
}

/** An option (or an answer) as the game file shows it in `lang`: a number as its digits. */
export function show(option: MathsOption, lang: "en" | "ga"): string {
  if (typeof option === "number") {
    if (!Number.isInteger(option) || option < 0 || option >= 1000)
      throw new Error(`${option}: give a decimal, a negative or a number over 999 as text (num(…))`);
    return String(option);
  }
  if (typeof option === "string") return option;
  return option[lang];
}

/** Euro, with its cent when there are any: `euro(5.25)` → "€5.25", `euro(51)` → "€51" (as the infant hunts write coins). */
export const euro = (n: number) => {
  const cents = Math.round(n * 100);
  if (cents < 0) throw new Error(`negative money: ${n}`);
  const rest = cents % 100;
  return `€${Math.floor(cents / 100)}${rest ? `.${String(rest).padStart(2, "0")}` : ""}`;
};

/** Cent under a euro: `cent(35)` → "35c". */
export const cent = (n: number) => {
  if (!Number.isInteger(n) || n < 0 || n >= 100) throw new Error(`not a number of cent: ${n}`);
  return `${n}c`;
};

/** A number with its unit: `unit(20, "cm")` → "20 cm", `unit(40, "m²")`. */
export const unit = (n: number, u: string) => `${num(n)} ${u}`;

/** Degrees of an angle: `deg(70)` → "70°". */
export const deg = (n: number) => `${num(n)}°`;

/** A temperature: `celsius(-3)` → "−3 °C". */
export const celsius = (n: number) => `${num(n)} °C`;

/** A percentage: `pct(60)` → "60%". */
export const pct = (n: number) => `${num(n)}%`;

/** A fraction as typed in class: `frac(3, 4)` → "3/4". */
export const frac = (top: number, bottom: number) => `${top}/${bottom}`;

const MINUTES_A_DAY = 24 * 60;

/** A time of day from minutes after midnight on the 24-hour clock: `clock24(15 * 60 + 45)` → "15:45". */
export const clock24 = (minutes: number) => {
  if (!Number.isInteger(minutes)) throw new Error(`not a whole number of minutes: ${minutes}`);
  const m = ((minutes % MINUTES_A_DAY) + MINUTES_A_DAY) % MINUTES_A_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

/** A time of day on a 12-hour digital clock: `clock12(14 * 60 + 15)` → "2:15". */
export const clock12 = (minutes: number) => {
  if (!Number.isInteger(minutes)) throw new Error(`not a whole number of minutes: ${minutes}`);
  const m = ((minutes % MINUTES_A_DAY) + MINUTES_A_DAY) % MINUTES_A_DAY;
  const hour = Math.floor(m / 60) % 12 || 12;
  return `${hour}:${String(m % 60).padStart(2, "0")}`;
};

/** Minutes after midnight from hours and minutes: `at(14, 15)`. */
export const at = (hours: number, minutes = 0) => hours * 60 + minutes;

/** Words that differ by language, as an option. */
export const words = (en: string, ga: string): Bilingual => ({ en, ga });

/** The one item of `list` that `test` picks (an answer chosen by a rule): throws unless there is exactly one. */
export function onlyOne<T>(list: readonly T[], test: (item: T) => boolean): T {
  const picked = list.filter(test);
  if (picked.length !== 1) throw new Error(`expected exactly one of ${list.join(", ")}, got ${picked.length}`);
  return picked[0]!;
}
