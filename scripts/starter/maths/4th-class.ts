/**
 * 4th Class Mathematics (Primary Mathematics Curriculum 2023, stage 3). The options are written
 * out; every answer is computed, and the build finds it among them.
 */
import { PLACES } from "../places.ts";
import { at, euro, num, unit } from "./format.ts";
import type { MathsHunt, MathsQuestion } from "./types.ts";

export const maths: MathsHunt = {
  level: "4th-class",
  description: {
    en: "Multiplying, rounding, fractions and decimals, money, area, right angles, time, grams and a missing number.",
    ga: "Iolrú, slánú, codáin agus deachúlacha, airgead, achar, dronuillinneacha, am, meáchan agus uimhir ar iarraidh.",
  },
  topic: { en: "Fractions, decimals and area", ga: "Codáin, deachúlacha agus achar" },
  questions: [
    {
      en: "What is 23 × 4?",
      ga: "Cé mhéad is 23 × 4?",
      options: [82, 812, 92, 27],
      answer: 23 * 4,
      clue: {
        en: "Multiply the tens and the units on their own: 20 × 4 and 3 × 4.",
        ga: "Méadaigh na deicheanna agus na haonaid ar leith: 20 × 4 agus 3 × 4.",
      },
      hidingPlace: PLACES.bookshelf,
      check: { arithmetic: "23 * 4" },
    },
    {
      en: "Round 3,672 to the nearest hundred.",
      ga: "Slánaigh 3,672 go dtí an céad is gaire.",
      options: [num(3600), num(3670), num(3700), num(4000)],
      answer: num(Math.round(3672 / 100) * 100),
      clue: {
        en: "Look at the tens digit: is it 5 or more?",
        ga: "Féach ar an uimhir in áit na ndeicheanna: an bhfuil sí 5 nó níos mó?",
      },
      hidingPlace: PLACES.coatHooks,
      check: { round: { n: 3672, to: 100 } },
    },
    {
      en: "What is 3/5 of 35?",
      ga: "Cé mhéad is 3/5 de 35?",
      options: [21, 7, 14, 28],
      answer: (3 / 5) * 35,
      clue: { en: "Find 1/5 of 35 first.", ga: "Faigh 1/5 de 35 ar dtús." },
      hidingPlace: PLACES.whiteboard,
      check: { arithmetic: "3 / 5 * 35" },
    },
    {
      en: "Which decimal is the same as 7/10?",
      ga: "Cé acu seo atá cothrom le 7/10?",
      options: ["7.10", "0.07", "1.7", "0.7"],
      answer: num(7 / 10),
      clue: { en: "7/10 is the same as 7 divided by 10.", ga: "Is ionann 7/10 agus 7 roinnte ar 10." },
      hidingPlace: PLACES.radiator,
      check: { arithmetic: "7 / 10" },
    },
    {
      en: "A comic costs €2.50 and a pen costs €1.75. How much do they cost together?",
      ga: "Costaíonn greannán €2.50 agus costaíonn peann €1.75. Cé mhéad a chosnaíonn siad le chéile?",
      options: [euro(3.25), euro(4.25), euro(4.75), euro(3.75)],
      answer: euro(2.5 + 1.75),
      clue: { en: "Add €2 and €1 first, then 50c and 75c.", ga: "Suimigh €2 agus €1 ar dtús, ansin 50c agus 75c." },
      hidingPlace: PLACES.door,
      check: { coins: [250, 175] },
    },
    {
      en: "A rectangle is 8 m long and 5 m wide. What is its area?",
      ga: "Tá dronuilleog 8 m ar fad agus 5 m ar leithead. Cad é a hachar?",
      options: [unit(26, "m²"), unit(13, "m²"), unit(40, "m²"), unit(45, "m²")],
      answer: unit(8 * 5, "m²"),
      clue: { en: "Area is the length times the width.", ga: "Is ionann an t-achar agus an fad faoin leithead." },
      hidingPlace: PLACES.chair,
      check: { arithmetic: "8 * 5" },
    },
    {
      en: "How many right angles make a full turn?",
      ga: "Cé mhéad dronuillinn atá i gcasadh iomlán?",
      options: [2, 3, 360, 4],
      answer: 360 / 90,
      clue: { en: "A quarter turn is one right angle.", ga: "Is dronuillinn amháin é ceathrú casadh." },
      hidingPlace: PLACES.plant,
      check: { arithmetic: "360 / 90" },
    },
    {
      en: "How many minutes are there from 10:40 to 11:25?",
      ga: "Cé mhéad nóiméad atá ann ó 10:40 go 11:25?",
      options: [85, 45, 55, 35],
      answer: at(11, 25) - at(10, 40),
      clue: {
        en: "Count on to 11:00 first, then on to 11:25.",
        ga: "Comhair ar aghaidh go 11:00 ar dtús, ansin go 11:25.",
      },
      hidingPlace: PLACES.clock,
      check: { minutesBetween: ["10:40", "11:25"] },
    },
    {
      en: "How many grams are in 1.5 kg?",
      ga: "Cé mhéad gram atá i 1.5 kg?",
      options: [150, num(1500), 15, num(1050)],
      answer: num(1.5 * 1000),
      clue: { en: "There are 1,000 grams in 1 kg.", ga: "Tá 1,000 gram i gcileagram amháin." },
      hidingPlace: PLACES.natureTable,
      check: { arithmetic: "1.5 * 1000" },
    },
    {
      en: "What number is missing? __ × 6 = 42",
      ga: "Cén uimhir atá ar iarraidh? __ × 6 = 42",
      options: [6, 36, 8, 7],
      answer: 42 / 6,
      clue: { en: "Think of the 6 times table.", ga: "Smaoinigh ar thábla a 6." },
      hidingPlace: PLACES.map,
      check: { arithmetic: "42 / 6" },
    },
  ],
};

export const questions: MathsQuestion[] = maths.questions;
