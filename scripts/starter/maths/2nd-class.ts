/**
 * 2nd Class Mathematics (Primary Mathematics Curriculum 2023, stage 2). The options are written
 * out; every answer is computed, and the build finds it among them.
 */
import { PLACES } from "../places.ts";
import { cent, unit } from "./format.ts";
import type { MathsHunt, MathsQuestion } from "./types.ts";

export const maths: MathsHunt = {
  level: "2nd-class",
  description: {
    en: "Place value, adding and taking away, a quarter, change from €1, minutes, corners, length and a pattern.",
    ga: "Luach áite, suimiú agus dealú, ceathrú, airgead ar ais ó €1, nóiméid, cúinní, fad agus patrún.",
  },
  topic: { en: "Number, money and time", ga: "Uimhreacha, airgead agus am" },
  questions: [
    {
      en: "What is the value of the 4 in 47?",
      ga: "Cén luach atá ag an 4 in 47?",
      options: [4, 40, 47, 400],
      answer: Math.floor(47 / 10) * 10,
      clue: { en: "The 4 is in the tens place.", ga: "Tá an 4 in áit na ndeicheanna." },
      hidingPlace: PLACES.window,
      check: { arithmetic: "4 * 10" },
    },
    {
      en: "What is 38 + 25?",
      ga: "Cé mhéad is 38 + 25?",
      options: [53, 513, 73, 63],
      answer: 38 + 25,
      clue: {
        en: "Add the units first: 8 + 5 = 13. Put the ten with the tens.",
        ga: "Suimigh na haonaid ar dtús: 8 + 5 = 13. Cuir an deich leis na deicheanna.",
      },
      hidingPlace: PLACES.chair,
      check: { sum: [38, 25] },
    },
    {
      en: "What is 52 − 17?",
      ga: "Cé mhéad is 52 − 17?",
      options: [35, 45, 39, 69],
      answer: 52 - 17,
      clue: {
        en: "You cannot take 7 from 2, so change a ten into 10 units first.",
        ga: "Ní féidir 7 a bhaint ó 2, mar sin athraigh deich amháin ina 10 n-aonad ar dtús.",
      },
      hidingPlace: PLACES.whiteboard,
      check: { sum: [52, -17] },
    },
    {
      en: "Aoife has €1. She spends 45c. How much does she get back?",
      ga: "Tá €1 ag Aoife. Caitheann sí 45c. Cé mhéad a fhaigheann sí ar ais?",
      options: [cent(65), cent(45), cent(50), cent(55)],
      answer: cent(100 - 45),
      clue: { en: "Count on from 45c to €1.", ga: "Comhair ar aghaidh ó 45c go €1." },
      hidingPlace: PLACES.door,
      check: { coins: [100, -45] },
    },
    {
      en: "What is a quarter of 12?",
      ga: "Cé mhéad is ceathrú de 12?",
      options: [3, 4, 6, 48],
      answer: 12 / 4,
      clue: { en: "Share 12 into 4 equal parts.", ga: "Roinn 12 ina cheithre chuid chothroma." },
      hidingPlace: PLACES.clock,
      check: { arithmetic: "12 / 4" },
    },
    {
      en: "How many minutes are in half an hour?",
      ga: "Cé mhéad nóiméad atá i leathuair an chloig?",
      options: [50, 30, 15, 60],
      answer: 60 / 2,
      clue: { en: "There are 60 minutes in one hour.", ga: "Tá 60 nóiméad in uair an chloig." },
      hidingPlace: PLACES.bookshelf,
      check: { arithmetic: "60 / 2" },
    },
    {
      en: "How many corners do a square and a triangle have altogether?",
      ga: "Cé mhéad cúinne atá ar chearnóg agus ar thriantán le chéile?",
      options: [6, 8, 7, 5],
      answer: 4 + 3,
      clue: {
        en: "Count the corners of each shape, then add them.",
        ga: "Comhair na cúinní ar an gcearnóg agus ar an triantán, ansin suimigh iad.",
      },
      hidingPlace: PLACES.globe,
      check: { sum: [4, 3] },
    },
    {
      en: "There are 4 bags with 5 apples in each bag. How many apples are there?",
      ga: "Tá 4 mhála ann agus 5 úll i ngach mála. Cé mhéad úll atá ann ar fad?",
      options: [9, 20, 25, 15],
      answer: 4 * 5,
      clue: { en: "Count 5, 10, 15… once for each bag.", ga: "Comhair 5, 10, 15… uair amháin do gach mála." },
      hidingPlace: PLACES.noticeboard,
      check: { arithmetic: "4 * 5" },
    },
    {
      en: "A pencil is 12 cm long. A crayon is 8 cm long. How much longer is the pencil?",
      ga: "Tá peann luaidhe 12 cm ar fad agus crián 8 cm ar fad. Cé mhéad níos faide atá an peann?",
      options: [unit(20, "cm"), unit(8, "cm"), unit(4, "cm"), unit(3, "cm")],
      answer: unit(12 - 8, "cm"),
      clue: {
        en: "Take the shorter length away from the longer one.",
        ga: "Bain an fad is giorra ón bhfad is faide.",
      },
      hidingPlace: PLACES.teachersDesk,
      check: { sum: [12, -8] },
    },
    {
      en: "What number comes next? 5, 10, 15, 20, …",
      ga: "Cén uimhir a thagann ina dhiaidh sin? 5, 10, 15, 20, …",
      options: [30, 21, 25, 24],
      answer: 20 + 5,
      clue: {
        en: "The numbers go up by the same amount each time.",
        ga: "Méadaíonn na huimhreacha an méid céanna gach uair.",
      },
      hidingPlace: PLACES.plant,
      check: { next: [5, 10, 15, 20] },
    },
  ],
};

export const questions: MathsQuestion[] = maths.questions;
