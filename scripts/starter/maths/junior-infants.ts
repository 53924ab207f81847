/**
 * Junior Infants: counting to 5 (Primary Mathematics Curriculum 2023, Stage 1): counting and
 * recognising numbers to 5, one more, comparing numbers, 2D shapes, a repeating pattern,
 * comparing length, day and night, and coins.
 */
import type { MathsHunt } from "../build-maths.ts";
import { biggest, coinWorth, howMany, pickShape, pictureChoice, placed, story, whichHasDots } from "./builders.ts";

export const questions = placed([
  howMany(3, "star", {
    en: "Touch each star with your finger as you count.",
    ga: "Leag do mhéar ar gach réalta agus tú ag comhaireamh.",
  }),
  whichHasDots(4, [2, 3, 5], {
    en: "Point to each dot and count out loud.",
    ga: "Taispeáin gach ponc le do mhéar agus comhair os ard.",
  }),
  biggest([2, 5, 3, 1], {
    en: "Count 1, 2, 3… The biggest number comes last.",
    ga: "Comhair a haon, a dó, a trí… Tagann an uimhir is mó ag an deireadh.",
  }),
  story(
    {
      en: "I have 2 apples. I get 1 more. How many now?",
      ga: "Tá 2 úll agam. Faighim 1 úll eile. Cé mhéad atá agam?",
    },
    [2, 1],
    {
      en: "Hold up 2 fingers, then 1 more finger. Count them all.",
      ga: "Taispeáin 2 mhéar, ansin méar amháin eile. Comhair iad go léir.",
    },
    [1, 2, 4],
  ),
  pickShape("circle", ["square", "circle", "triangle", "rectangle"], {
    en: "It is round, like a plate. It has no corners.",
    ga: "Tá sé cruinn, cosúil le pláta. Níl aon chúinne air.",
  }),
  pickShape(
    "triangle",
    ["circle", "rectangle", "star", "triangle"],
    {
      en: "Count the sides of each shape.",
      ga: "Comhair na taobhanna atá ar gach cruth.",
    },
    { en: "Which shape has 3 sides?", ga: "Cén cruth a bhfuil 3 thaobh air?" },
  ),
  pictureChoice(
    { en: "What comes next in the pattern?", ga: "Cad a thagann ina dhiaidh sin sa phatrún?" },
    [
      { words: { en: "blue", ga: "gorm" }, picture: "colour:blue" },
      { words: { en: "yellow", ga: "buí" }, picture: "colour:yellow" },
      { words: { en: "red", ga: "dearg" }, picture: "colour:red" },
      { words: { en: "green", ga: "glas" }, picture: "colour:green" },
    ],
    2,
    {
      en: "Say the colours out loud. What do you say after blue?",
      ga: "Abair na dathanna os ard. Cad a deir tú i ndiaidh gorm?",
    },
    {
      picture: {
        key: "pattern:red,blue,red,blue",
        alt: {
          en: "A pattern: red circle, blue circle, red circle, blue circle, then a question mark",
          ga: "Patrún: ciorcal dearg, ciorcal gorm, ciorcal dearg, ciorcal gorm, ansin comhartha ceiste",
        },
      },
    },
  ),
  pictureChoice(
    { en: "Which pencil is the longest?", ga: "Cén peann luaidhe is faide?" },
    [
      { words: { en: "red pencil", ga: "peann luaidhe dearg" }, picture: "pencil:red:0.55" },
      { words: { en: "blue pencil", ga: "peann luaidhe gorm" }, picture: "pencil:blue:0.95" },
      { words: { en: "green pencil", ga: "peann luaidhe glas" }, picture: "pencil:green:0.3" },
      { words: { en: "yellow pencil", ga: "peann luaidhe buí" }, picture: "pencil:yellow:0.75" },
    ],
    1,
    {
      en: "Look where each pencil ends. Which one goes furthest?",
      ga: "Féach cá stopann gach peann. Cé acu is faide a théann?",
    },
  ),
  pictureChoice(
    { en: "Which picture shows night?", ga: "Cén pictiúr a thaispeánann an oíche?" },
    [
      { words: { en: "sunny day", ga: "lá grianmhar" }, picture: "scene:day" },
      { words: { en: "rainy day", ga: "lá fliuch" }, picture: "scene:rainy" },
      { words: { en: "snowy day", ga: "lá sneachta" }, picture: "scene:snowy" },
      { words: { en: "night", ga: "oíche" }, picture: "scene:night" },
    ],
    3,
    {
      en: "It is dark outside. You can see the moon and the stars.",
      ga: "Tá sé dorcha amuigh. Feiceann tú an ghealach agus na réaltaí.",
    },
  ),
  coinWorth("most", [2, 10, 1, 5], {
    en: "Look at the numbers on the coins. Which number is the biggest?",
    ga: "Féach ar na huimhreacha ar na boinn. Cén uimhir is mó?",
  }),
]);

export const maths: MathsHunt = {
  level: "junior-infants",
  topic: { en: "Counting to 5", ga: "Ag comhaireamh go 5" },
  description: {
    en: "Counting to 5, one more, the biggest number, shapes, a pattern, longest, night and coins.",
    ga: "Comhaireamh go 5, ceann amháin eile, an uimhir is mó, cruthanna, patrún, is faide, an oíche agus boinn.",
  },
  questions,
};
