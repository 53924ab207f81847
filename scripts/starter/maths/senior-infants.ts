/**
 * Senior Infants: numbers to 10 (Primary Mathematics Curriculum 2023, Stage 1): counting and
 * recognising numbers to 10, the number before and after, adding and taking away within 10,
 * 2D shapes, coins, o'clock on an analogue clock and comparing weight.
 */
import type { MathsHunt } from "../build-maths.ts";
import {
  add,
  after,
  before,
  coinMoreThan,
  howMany,
  pickShape,
  pictureChoice,
  placed,
  story,
  whatTime,
  whichHasDots,
} from "./builders.ts";

export const questions = placed(
  [
    howMany(6, "apple", {
      en: "Count each apple once. Touch them as you go.",
      ga: "Comhair gach úll uair amháin. Leag do mhéar orthu.",
    }),
    whichHasDots(8, [6, 7, 9], {
      en: "A full row of the frame has 5 dots. Count on from 5.",
      ga: "Tá 5 phonc i ró iomlán. Comhair ar aghaidh ó 5.",
    }),
    add(4, 3, {
      en: "Start at 4 and count on 3 more.",
      ga: "Tosaigh ag 4 agus comhair 3 eile ar aghaidh.",
    }),
    story(
      {
        en: "There are 5 birds. 2 fly away. How many are left?",
        ga: "Tá 5 éan ann. Eitlíonn 2 acu leo. Cé mhéad atá fágtha?",
      },
      [5, -2],
      {
        en: "Hold up 5 fingers. Put 2 fingers down.",
        ga: "Taispeáin 5 mhéar. Cuir 2 mhéar síos.",
      },
      [2, 4, 7],
      { key: "count:5:bird", alt: { en: "5 birds", ga: "5 éan" } },
    ),
    after(
      4,
      { en: "Count up from 1 and stop just after 4.", ga: "Comhair suas ó 1 agus stop díreach i ndiaidh 4." },
      [3, 6, 7],
    ),
    before(10, {
      en: "Count backwards from 10, like a rocket: 10…",
      ga: "Comhair siar ó 10, cosúil le roicéad: 10…",
    }),
    pickShape(
      "rectangle",
      ["square", "triangle", "rectangle", "circle"],
      { en: "Think of a door: it is tall and thin.", ga: "Smaoinigh ar dhoras: tá sé ard agus caol." },
      {
        en: "Which shape has 2 long sides and 2 short sides?",
        ga: "Cén cruth a bhfuil 2 thaobh fhada agus 2 thaobh ghearra air?",
      },
    ),
    pickShape("semicircle", ["circle", "oval", "semicircle", "triangle"], {
      en: "Cut a round biscuit in half. Which shape is each piece?",
      ga: "Gearr briosca cruinn ina dhá leath. Cén cruth atá ar gach píosa?",
    }),
    coinMoreThan(10, [5, 20, 1, 2], {
      en: "Find the coin with the biggest number on it.",
      ga: "Aimsigh an bonn a bhfuil an uimhir is mó air.",
    }),
    whatTime(
      3,
      0,
      [
        [12, 0],
        [6, 0],
        [9, 0],
      ],
      1,
      {
        en: "The short hand tells the hour. Where does it point?",
        ga: "Insíonn an lámh bheag an uair. Cá bhfuil sí ag pointeáil?",
      },
    ),
    pictureChoice(
      { en: "Which is the heaviest?", ga: "Cé acu is troime?" },
      [
        { words: { en: "feather", ga: "cleite" }, picture: "thing:feather" },
        { words: { en: "balloon", ga: "balún" }, picture: "thing:balloon" },
        { words: { en: "book", ga: "leabhar" }, picture: "thing:book" },
        { words: { en: "leaf", ga: "duilleog" }, picture: "thing:leaf" },
      ],
      2,
      {
        en: "Which one would be hardest to lift with one finger?",
        ga: "Cé acu is deacra a thógáil le méar amháin?",
      },
    ),
  ],
  4,
);

export const maths: MathsHunt = {
  level: "senior-infants",
  topic: { en: "Numbers to 10", ga: "Uimhreacha go 10" },
  description: {
    en: "Counting to 10, before and after, adding and taking away, shapes, coins, o'clock and heaviest.",
    ga: "Comhaireamh go 10, roimh agus i ndiaidh, suimiú agus dealú, cruthanna, boinn, a chlog agus is troime.",
  },
  questions,
};
