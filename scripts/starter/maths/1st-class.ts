/**
 * 1st Class: adding and taking away to 20 (Primary Mathematics Curriculum 2023, Stage 2): number
 * facts within 20, tens and units, counting on in twos, comparing two-digit numbers, coins,
 * half past on an analogue clock, 2D and 3D shapes, and the days of the week.
 */
import type { MathsHunt } from "../build-maths.ts";
import type { Draft } from "./builders.ts";
import {
  add,
  biggest,
  coinTotal,
  missingAddend,
  nextInSequence,
  oneMore,
  pickShape,
  placed,
  subtract,
  whatTime,
} from "./builders.ts";

/** How many tens a two-digit number has: its tens digit. */
const tensIn = (n: number): Draft => {
  const tens = Math.floor(n / 10);
  const units = n % 10;
  return {
    en: `How many tens are in the number ${n}?`,
    ga: `Cé mhéad deich atá san uimhir ${n}?`,
    options: [units, tens, n, tens + units].sort((a, b) => a - b),
    answer: tens,
    clue: {
      en: "Look at the digit on the left: it tells the tens.",
      ga: "Féach ar an uimhir ar chlé: insíonn sí na deicheanna.",
    },
    check: { value: tens, why: `${n} = ${tens} tens and ${units} units` },
  };
};

export const questions = placed(
  [
    add(8, 7, {
      en: "Make 10 first: 8 + 2 = 10. How many are left to add?",
      ga: "Déan 10 ar dtús: 8 + 2 = 10. Cé mhéad eile atá le cur leis?",
    }),
    subtract(16, 9, {
      en: "Count up from 9 to 16 on your fingers.",
      ga: "Comhair suas ó 9 go 16 ar do mhéara.",
    }),
    tensIn(34),
    oneMore(
      49,
      {
        en: "After 9 units comes a new ten.",
        ga: "I ndiaidh 9 n-aonad tagann deich nua.",
      },
      [40, 48, 59],
    ),
    coinTotal(
      [20, 10],
      {
        en: "Count on in tens from the bigger coin.",
        ga: "Comhair ar aghaidh ina ndeicheanna ón mbonn is mó.",
      },
      [12, 21, 20],
    ),
    whatTime(
      4,
      30,
      [
        [4, 0],
        [5, 30],
        [6, 0],
      ],
      2,
      {
        en: "The long hand on 6 means half past. Now look at the short hand.",
        ga: "Má tá an lámh mhór ar 6, is leathuair tar éis é. Féach anois ar an lámh bheag.",
      },
    ),
    pickShape(
      "sphere",
      ["cube", "cone", "sphere", "cylinder"],
      {
        en: "It is round all over and rolls in every direction.",
        ga: "Tá sé cruinn ar fad agus rollaíonn sé i ngach treo.",
      },
      { en: "Which 3D shape is like a ball?", ga: "Cén cruth tríthoiseach atá cosúil le liathróid?" },
    ),
    {
      en: "How many corners does a rectangle have?",
      ga: "Cé mhéad cúinne atá ar dhronuilleog?",
      options: [3, 4, 5, 6],
      answer: 4,
      clue: {
        en: "Think of a door or a page of your copy. Count its corners.",
        ga: "Smaoinigh ar dhoras nó ar leathanach i do chóipleabhar. Comhair na cúinní.",
      },
      picture: { key: "shape:rectangle", alt: { en: "A green rectangle", ga: "Dronuilleog ghlas" } },
      check: { value: 4, why: "a rectangle has four corners (vertices)" },
    },
    missingAddend(
      5,
      12,
      {
        en: "Start at 5 and count on until you reach 12.",
        ga: "Tosaigh ag 5 agus comhair ar aghaidh go dtí 12.",
      },
      [6, 8, 17],
    ),
    nextInSequence(
      [2, 4, 6, 8],
      {
        en: "Each number is 2 more than the one before.",
        ga: "Tá gach uimhir 2 níos mó ná an ceann roimhe.",
      },
      [9, 11, 12],
    ),
    {
      en: "How many days are in a week?",
      ga: "Cé mhéad lá atá sa tseachtain?",
      options: [5, 6, 7, 10],
      answer: 7,
      clue: {
        en: "Say the days of the week, from Monday to Sunday, and count them.",
        ga: "Abair laethanta na seachtaine, ón Luan go dtí an Domhnach, agus comhair iad.",
      },
      check: { value: 7, why: "Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday" },
    },
    biggest([39, 14, 41, 40], {
      en: "Look at the tens first, then at the units.",
      ga: "Féach ar na deicheanna ar dtús, ansin ar na haonaid.",
    }),
  ],
  8,
);

export const maths: MathsHunt = {
  level: "1st-class",
  topic: { en: "Adding and taking away to 20", ga: "Suimiú agus dealú go 20" },
  description: {
    en: "Adding and taking away to 20, tens, number patterns, coins, half past, shapes and the days of the week.",
    ga: "Suimiú agus dealú go 20, deicheanna, patrúin uimhreacha, boinn, leathuair tar éis, cruthanna agus laethanta na seachtaine.",
  },
  questions,
};
