/**
 * 6th Class Mathematics (Primary Mathematics Curriculum 2023, stage 4). The options are written
 * out; every answer is computed, and the build finds it among them.
 */
import { PLACES } from "../places.ts";
import { at, celsius, clock24, deg, euro, frac, onlyOne, pct, unit } from "./format.ts";
import type { MathsHunt, MathsQuestion } from "./types.ts";

/** The options of the comparing question with their values: the largest is the answer. */
const compared = [
  { shown: "0.6", value: 0.6 },
  { shown: frac(5, 8), value: 5 / 8 },
  { shown: pct(58), value: 58 / 100 },
  { shown: frac(3, 5), value: 3 / 5 },
];
const largest = Math.max(...compared.map((o) => o.value));

export const maths: MathsHunt = {
  level: "6th-class",
  description: {
    en: "Sale prices, angles, the mean, ratio, volume, area of a triangle, comparing fractions, time, negative numbers, patterns.",
    ga: "Praghas lascaine, uillinneacha, an meán, cóimheas, toirt, achar triantáin, codáin, am, uimhreacha diúltacha, patrúin.",
  },
  topic: { en: "Percentages, ratio and shapes", ga: "Céatadáin, cóimheas agus cruthanna" },
  questions: [
    {
      en: "A jacket costs €60. In a sale it is 15% cheaper. What is the sale price?",
      ga: "Costaíonn seaicéad €60. Sa díolachán tá sé 15% níos saoire. Cad é an praghas nua?",
      options: [euro(9), euro(45), euro(51), euro(54)],
      answer: euro(60 * (1 - 15 / 100)),
      clue: {
        en: "Find 10% and 5% of €60, add them, and take that away from €60.",
        ga: "Faigh 10% agus 5% de €60, suimigh iad, agus bain é sin ó €60.",
      },
      hidingPlace: PLACES.globe,
      check: { arithmetic: "60 - 60 * 15 / 100" },
    },
    {
      en: "A triangle has angles of 50° and 60°. What is the third angle?",
      ga: "Tá uillinn 50° agus uillinn 60° i dtriantán. Cé mhéad céim atá sa tríú huillinn?",
      options: [deg(110), deg(70), deg(250), deg(80)],
      answer: deg(180 - 50 - 60),
      clue: {
        en: "The three angles of a triangle add up to 180°.",
        ga: "Is é 180° suim na dtrí uillinn i dtriantán.",
      },
      hidingPlace: PLACES.bookshelf,
      check: { sum: [180, -50, -60] },
    },
    {
      en: "The mean of four numbers is 7. Three of them are 5, 9 and 6. What is the fourth number?",
      ga: "Is é 7 meán ceithre uimhir. Is iad 5, 9 agus 6 trí cinn acu. Cad í an ceathrú huimhir?",
      options: [7, 20, 28, 8],
      answer: 4 * 7 - (5 + 9 + 6),
      clue: {
        en: "Four numbers with a mean of 7 add up to 4 × 7.",
        ga: "Is ionann suim na gceithre uimhir agus 4 × 7.",
      },
      hidingPlace: PLACES.chair,
      check: { arithmetic: "4 * 7 - (5 + 9 + 6)" },
    },
    {
      en: "Aoife and Seán share 35 sweets in the ratio 3:4. How many sweets does Seán get?",
      ga: "Roinneann Aoife agus Seán 35 milseán sa chóimheas 3:4. Cé mhéad milseán a fhaigheann Seán?",
      options: [15, 20, 28, 5],
      answer: (35 / (3 + 4)) * 4,
      clue: {
        en: "There are 3 + 4 = 7 equal parts. Find one part first.",
        ga: "Tá 3 + 4 = 7 gcuid ann. Faigh cuid amháin ar dtús.",
      },
      hidingPlace: PLACES.whiteboard,
      check: { arithmetic: "35 / (3 + 4) * 4" },
    },
    {
      en: "What is the volume of a box 5 cm long, 4 cm wide and 3 cm high?",
      ga: "Cad é toirt bosca atá 5 cm ar fad, 4 cm ar leithead agus 3 cm ar airde?",
      options: [unit(12, "cm³"), unit(94, "cm³"), unit(120, "cm³"), unit(60, "cm³")],
      answer: unit(5 * 4 * 3, "cm³"),
      clue: { en: "Volume is length × width × height.", ga: "Is ionann an toirt agus fad × leithead × airde." },
      hidingPlace: PLACES.radiator,
      check: { arithmetic: "5 * 4 * 3" },
    },
    {
      en: "A triangle has a base of 10 cm and a height of 6 cm. What is its area?",
      ga: "Tá bonn 10 cm agus airde 6 cm ag triantán. Cad é a achar?",
      options: [unit(30, "cm²"), unit(60, "cm²"), unit(16, "cm²"), unit(32, "cm²")],
      answer: unit((10 * 6) / 2, "cm²"),
      clue: {
        en: "A triangle is half of a rectangle with the same base and height.",
        ga: "Is leath de dhronuilleog é triantán a bhfuil an bonn agus an airde chéanna aici.",
      },
      hidingPlace: PLACES.map,
      check: { arithmetic: "10 * 6 / 2" },
    },
    {
      en: "Which of these is the largest?",
      ga: "Cé acu díobh seo is mó?",
      options: compared.map((o) => o.shown),
      answer: onlyOne(compared, (o) => o.value === largest).shown,
      clue: { en: "Change them all to percentages first.", ga: "Athraigh iad go léir ina gcéatadáin ar dtús." },
      hidingPlace: PLACES.noticeboard,
      check: { largestValue: ["0.6", "5/8", "58%", "3/5"] },
    },
    {
      en: "A film starts at 19:35 and lasts an hour and 50 minutes. What time does it end?",
      ga: "Tosaíonn scannán ag 19:35 agus maireann sé uair an chloig agus 50 nóiméad. Cén t-am a chríochnaíonn sé?",
      options: ["20:85", "20:25", "21:25", "21:45"],
      answer: clock24(at(19, 35) + 60 + 50),
      clue: {
        en: "Add the hour first, then count on 50 minutes.",
        ga: "Cuir an uair an chloig leis ar dtús, ansin comhair ar aghaidh 50 nóiméad.",
      },
      hidingPlace: PLACES.clock,
      check: { time: { from: "19:35", minutes: 60 + 50, clock: 24 } },
    },
    {
      en: "The temperature is −3 °C. It rises by 8 degrees. What is the temperature now?",
      ga: "Tá an teocht −3 °C. Ardaíonn sí 8 gcéim. Cad í an teocht anois?",
      options: [celsius(11), celsius(5), celsius(-11), celsius(-5)],
      answer: celsius(-3 + 8),
      clue: {
        en: "Count up from −3 to 0 first, then keep going.",
        ga: "Comhair suas ó −3 go 0 ar dtús, ansin lean ar aghaidh.",
      },
      hidingPlace: PLACES.window,
      check: { sum: [-3, 8] },
    },
    {
      en: "The pattern 4, 7, 10, 13, … goes on. What is the 10th number in it?",
      ga: "Leanann an patrún 4, 7, 10, 13, … ar aghaidh. Cad í an 10ú huimhir ann?",
      options: [30, 34, 31, 28],
      answer: 4 + (10 - 1) * 3,
      clue: {
        en: "The 1st number is 4, and 3 is added at each step after it.",
        ga: "Is é 4 an chéad uimhir, agus cuirtear 3 leis ag gach céim ina dhiaidh sin.",
      },
      hidingPlace: PLACES.teachersDesk,
      check: { arithmetic: "4 + (10 - 1) * 3" },
    },
  ],
};

export const questions: MathsQuestion[] = maths.questions;
