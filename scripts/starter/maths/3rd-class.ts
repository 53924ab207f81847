/**
 * 3rd Class Mathematics (Primary Mathematics Curriculum 2023, stage 3). The options are written
 * out; every answer is computed, and the build finds it among them.
 */
import { PLACES } from "../places.ts";
import { at, clock12, euro, frac, num, unit } from "./format.ts";
import type { MathsHunt, MathsQuestion } from "./types.ts";

export const maths: MathsHunt = {
  level: "3rd-class",
  description: {
    en: "Tables and division, place value, fractions, change from €10, time, metres, perimeter and a pattern.",
    ga: "Táblaí agus roinnt, luach áite, codáin, airgead ar ais ó €10, am, méadair, imlíne agus patrún.",
  },
  topic: { en: "Tables, fractions and measures", ga: "Táblaí, codáin agus tomhais" },
  questions: [
    {
      en: "What is 7 × 8?",
      ga: "Cé mhéad is 7 × 8?",
      options: [54, 56, 48, 63],
      answer: 7 * 8,
      clue: { en: "Work out 7 × 4, then double it.", ga: "Oibrigh amach 7 × 4, ansin déan é a dhúbailt." },
      hidingPlace: PLACES.clock,
      check: { arithmetic: "7 * 8" },
    },
    {
      en: "What is 36 ÷ 4?",
      ga: "Cé mhéad is 36 ÷ 4?",
      options: [8, 32, 40, 9],
      answer: 36 / 4,
      clue: { en: "Which number times 4 makes 36?", ga: "Cén uimhir faoi 4 a thugann 36?" },
      hidingPlace: PLACES.window,
      check: { arithmetic: "36 / 4" },
    },
    {
      en: "What is the value of the 6 in 3,625?",
      ga: "Cén luach atá ag an 6 in 3,625?",
      options: [6, 60, 600, num(6000)],
      answer: Math.floor((3625 % 1000) / 100) * 100,
      clue: { en: "The 6 is in the hundreds place.", ga: "Tá an 6 in áit na gcéadta." },
      hidingPlace: PLACES.bookCorner,
      check: { arithmetic: "6 * 100" },
    },
    {
      en: "What is 3/4 of 20?",
      ga: "Cé mhéad is 3/4 de 20?",
      options: [15, 5, 12, 60],
      answer: (3 / 4) * 20,
      clue: {
        en: "Find 1/4 of 20 first, then take 3 of those parts.",
        ga: "Faigh 1/4 de 20 ar dtús, ansin tóg 3 chuid díobh sin.",
      },
      hidingPlace: PLACES.door,
      check: { arithmetic: "3 / 4 * 20" },
    },
    {
      en: "Which fraction is the same as 1/2?",
      ga: "Cén codán atá cothrom le 1/2?",
      options: [frac(1, 4), frac(2, 3), frac(2, 4), frac(1, 3)],
      answer: frac(1 * 2, 2 * 2),
      clue: {
        en: "Look for a fraction whose top number is half of its bottom number.",
        ga: "Lorg codán ina bhfuil an uimhir thuas cothrom le leath na huimhreach thíos.",
      },
      hidingPlace: PLACES.noticeboard,
      check: { arithmetic: "1 / 2" },
    },
    {
      en: "A book costs €4.75. Aoife pays with a €10 note. How much change does she get?",
      ga: "Costaíonn leabhar €4.75. Íocann Aoife le nóta €10. Cé mhéad a fhaigheann sí ar ais?",
      options: [euro(6.25), euro(5.35), euro(4.25), euro(5.25)],
      answer: euro(10 - 4.75),
      clue: {
        en: "Count on from €4.75 to €5, then on to €10.",
        ga: "Comhair ar aghaidh ó €4.75 go €5, ansin go €10.",
      },
      hidingPlace: PLACES.teachersDesk,
      check: { coins: [1000, -475] },
    },
    {
      en: "A film starts at 2:15 and lasts 45 minutes. What time does it end?",
      ga: "Tosaíonn scannán ag 2:15 agus maireann sé 45 nóiméad. Cén t-am a chríochnaíonn sé?",
      options: ["2:60", "3:00", "3:15", "2:50"],
      answer: clock12(at(14, 15) + 45),
      clue: {
        en: "15 minutes and 45 minutes make a full hour.",
        ga: "Déanann 15 nóiméad agus 45 nóiméad uair an chloig iomlán.",
      },
      hidingPlace: PLACES.sink,
      check: { time: { from: "2:15", minutes: 45, clock: 12 } },
    },
    {
      en: "How many centimetres are in 2 metres?",
      ga: "Cé mhéad ceintiméadar atá i 2 mhéadar?",
      options: [20, 100, 200, num(2000)],
      answer: 2 * 100,
      clue: { en: "There are 100 cm in 1 metre.", ga: "Tá 100 cm i méadar amháin." },
      hidingPlace: PLACES.globe,
      check: { arithmetic: "2 * 100" },
    },
    {
      en: "A rectangle is 6 cm long and 4 cm wide. What is its perimeter?",
      ga: "Tá dronuilleog 6 cm ar fad agus 4 cm ar leithead. Cad é a himlíne?",
      options: [unit(24, "cm"), unit(10, "cm"), unit(16, "cm"), unit(20, "cm")],
      answer: unit(2 * (6 + 4), "cm"),
      clue: {
        en: "Add all four sides: 6 + 4 + 6 + 4.",
        ga: "Suimigh fad na gceithre thaobh: 6 + 4 + 6 + 4.",
      },
      hidingPlace: PLACES.map,
      check: { arithmetic: "2 * (6 + 4)" },
    },
    {
      en: "What is the missing number? 3, 7, 11, __, 19",
      ga: "Cén uimhir atá ar iarraidh? 3, 7, 11, __, 19",
      options: [14, 15, 13, 16],
      answer: 11 + (7 - 3),
      clue: {
        en: "Work out how much the pattern goes up by each time.",
        ga: "Oibrigh amach cé mhéad a mhéadaíonn an patrún gach uair.",
      },
      hidingPlace: PLACES.computer,
      check: { next: [3, 7, 11] },
    },
  ],
};

export const questions: MathsQuestion[] = maths.questions;
