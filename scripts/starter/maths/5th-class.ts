/**
 * 5th Class Mathematics (Primary Mathematics Curriculum 2023, stage 4). The options are written
 * out; every answer is computed, and the build finds it among them.
 */
import { PLACES } from "../places.ts";
import { at, clock24, deg, num, onlyOne, pct, unit } from "./format.ts";
import type { MathsHunt, MathsQuestion } from "./types.ts";

const isPrime = (n: number) => {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
};

export const maths: MathsHunt = {
  level: "5th-class",
  description: {
    en: "Percentages, decimals, the 24-hour clock, area, degrees, the mean, prime numbers and a simple equation.",
    ga: "Céatadáin, deachúlacha, an clog 24 uair, achar, céimeanna, an meán, uimhreacha príomha agus cothromóid shimplí.",
  },
  topic: { en: "Percentages, decimals and time", ga: "Céatadáin, deachúlacha agus am" },
  questions: [
    {
      en: "What is 25% of 80?",
      ga: "Cé mhéad is 25% de 80?",
      options: [25, 20, 40, 55],
      answer: (25 / 100) * 80,
      clue: { en: "25% is the same as 1/4.", ga: "Is ionann 25% agus 1/4." },
      hidingPlace: PLACES.teachersDesk,
      check: { arithmetic: "25 / 100 * 80" },
    },
    {
      en: "What is 3/5 as a percentage?",
      ga: "Cad é 3/5 mar chéatadán?",
      options: [pct(35), pct(30), pct(53), pct(60)],
      answer: pct((3 / 5) * 100),
      clue: { en: "Make the bottom number 100: 3/5 = ?/100.", ga: "Déan 100 den uimhir thíos: 3/5 = ?/100." },
      hidingPlace: PLACES.globe,
      check: { arithmetic: "3 / 5 * 100" },
    },
    {
      en: "What is 0.4 × 6?",
      ga: "Cé mhéad is 0.4 × 6?",
      options: [24, num(2.4), num(0.24), num(2.04)],
      answer: num(0.4 * 6),
      clue: {
        en: "Work out 4 × 6 first, then put the decimal point back.",
        ga: "Oibrigh amach 4 × 6 ar dtús, ansin cuir an pointe deachúlach ar ais.",
      },
      hidingPlace: PLACES.window,
      check: { arithmetic: "0.4 * 6" },
    },
    {
      en: "What is 3:45 p.m. on the 24-hour clock?",
      ga: "Cad é 3:45 i.n. ar an gclog 24 uair?",
      options: ["03:45", "13:45", "15:45", "16:45"],
      answer: clock24(at(12 + 3, 45)),
      clue: {
        en: "For times after midday, add 12 to the hours.",
        ga: "Tar éis meán lae, cuir 12 leis na huaireanta.",
      },
      hidingPlace: PLACES.clock,
      check: { time: { from: "3:45", minutes: 12 * 60, clock: 24 } },
    },
    {
      en: "A train leaves at 09:50 and arrives at 11:15. How many minutes does the journey take?",
      ga: "Fágann traein ag 09:50 agus sroicheann sí ceann scríbe ag 11:15. Cé mhéad nóiméad a thógann an turas?",
      options: [85, 165, 125, 75],
      answer: at(11, 15) - at(9, 50),
      clue: {
        en: "Count on to 10:00, then to 11:00, then to 11:15.",
        ga: "Comhair ar aghaidh go 10:00, ansin go 11:00, ansin go 11:15.",
      },
      hidingPlace: PLACES.door,
      check: { minutesBetween: ["09:50", "11:15"] },
    },
    {
      en: "A square has a perimeter of 36 cm. What is its area?",
      ga: "Tá imlíne 36 cm ag cearnóg. Cad é a hachar?",
      options: [unit(36, "cm²"), unit(324, "cm²"), unit(81, "cm²"), unit(18, "cm²")],
      answer: unit((36 / 4) ** 2, "cm²"),
      clue: { en: "Find the length of one side first.", ga: "Faigh fad taobh amháin ar dtús." },
      hidingPlace: PLACES.sink,
      check: { arithmetic: "(36 / 4) * (36 / 4)" },
    },
    {
      en: "How many degrees are in three-quarters of a full turn?",
      ga: "Cé mhéad céim atá i dtrí cheathrú de chasadh iomlán?",
      options: [deg(180), deg(300), deg(75), deg(270)],
      answer: deg((3 / 4) * 360),
      clue: { en: "A full turn is 360°.", ga: "Tá 360° i gcasadh iomlán." },
      hidingPlace: PLACES.noticeboard,
      check: { arithmetic: "3 / 4 * 360" },
    },
    {
      en: "What is the mean (average) of 12, 15 and 9?",
      ga: "Cad é meán na n-uimhreacha 12, 15 agus 9?",
      options: [36, 12, 15, 11],
      answer: (12 + 15 + 9) / 3,
      clue: {
        en: "Add them up, then divide by how many numbers there are.",
        ga: "Suimigh iad, ansin roinn ar líon na n-uimhreacha.",
      },
      hidingPlace: PLACES.computer,
      check: { arithmetic: "(12 + 15 + 9) / 3" },
    },
    {
      en: "Which of these is a prime number?",
      ga: "Cé acu díobh seo is uimhir phríomha?",
      options: [21, 27, 29, 33],
      answer: onlyOne([21, 27, 29, 33], isPrime),
      clue: {
        en: "A prime number has exactly two factors: 1 and itself.",
        ga: "Níl ach dhá fhachtóir ag uimhir phríomha: 1 agus í féin.",
      },
      hidingPlace: PLACES.bin,
      check: { prime: [21, 27, 29, 33] },
    },
    {
      en: "What is n if 3n + 4 = 19?",
      ga: "Cén luach atá ag n má tá 3n + 4 = 19?",
      options: [15, 7, 5, 6],
      answer: (19 - 4) / 3,
      clue: { en: "Take 4 away from both sides first.", ga: "Bain 4 den dá thaobh ar dtús." },
      hidingPlace: PLACES.bookCorner,
      check: { arithmetic: "(19 - 4) / 3" },
    },
  ],
};

export const questions: MathsQuestion[] = maths.questions;
