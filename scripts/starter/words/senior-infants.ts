/**
 * Senior Infants: English reading (sh, ch, rhyme, blending, a missing letter, syllables, capital
 * letters), Gaeilge (an aimsir, éadaí, bia, dathanna, mothúcháin, sa bhaile, Oíche Shamhna,
 * uimhreacha, na séasúir) and Science (animals' young and homes, the senses, materials,
 * floating and sinking, rainbows, living things). Sources: language.sources.md and
 * sese.sources.md beside the files.
 */
import type { Hunt } from "../hunt-file.ts";
import { bothLanguages, oneLanguage } from "./helpers.ts";

const level = "senior-infants" as const;

const english = oneLanguage(
  {
    level,
    subject: "language",
    lang: "en",
    gameSubject: "English",
    topic: "Letters, sounds and rhymes",
    description:
      "The sounds sh, ch and ee, rhyming words, blending sounds, a missing letter, syllables and capital letters.",
  },
  [
    {
      q: "Which one starts with 'sh'?",
      options: ["fish", "ship", "cheese", "sun"],
      answer: "ship",
      clue: "Put a finger on your lips and say: shhh! Which word starts like that?",
      pictures: ["thing:fish", "thing:ship", "thing:cheese", "thing:sun"],
    },
    {
      q: "Which one starts with 'ch'?",
      options: ["ship", "tree", "cheese", "sun"],
      answer: "cheese",
      clue: "It sounds like a train: ch, ch, ch.",
      pictures: ["thing:ship", "thing:tree", "thing:cheese", "thing:sun"],
    },
    {
      q: "Which one ends with 'sh'?",
      options: ["ship", "fish", "snake", "cheese"],
      answer: "fish",
      clue: "Say each word. Which one finishes with a quiet shhh?",
      pictures: ["thing:ship", "thing:fish", "thing:snake", "thing:cheese"],
    },
    {
      q: "Which word rhymes with 'cake'?",
      options: ["cup", "hat", "snake", "bell"],
      answer: "snake",
      clue: "Say cake, then each word. Listen for -ake at the end.",
      pictures: ["thing:cup", "thing:hat", "thing:snake", "thing:bell"],
    },
    {
      q: "Which word rhymes with 'moon'?",
      options: ["spoon", "star", "sun", "fish"],
      answer: "spoon",
      clue: "Say moon, then each word. Which one ends with -oon?",
      pictures: ["thing:spoon", "thing:star", "thing:sun", "thing:fish"],
    },
    {
      q: "Say the sounds c-u-p. What word is it?",
      options: ["cap", "cup", "cut", "pup"],
      answer: "cup",
      clue: "Say the three sounds faster and faster until they join up.",
    },
    {
      q: "A cat: c _ t. Which letter is missing?",
      options: ["a", "e", "o", "u"],
      answer: "a",
      clue: "Say cat slowly. Listen to the sound in the middle.",
      picture: { key: "thing:cat", alt: "A cat" },
    },
    {
      q: "How many claps are in 'butterfly'?",
      options: ["1", "2", "3", "4"],
      answer: "3",
      clue: "Clap as you say it slowly: but…",
      picture: { key: "thing:butterfly", alt: "A butterfly" },
    },
    {
      q: "Which word fits? The cat ___ on the mat.",
      options: ["red", "sat", "up", "dog"],
      answer: "sat",
      clue: "Read the sentence with each word. Which one makes sense?",
    },
    {
      q: "Which one is a capital letter?",
      options: ["d", "e", "B", "a"],
      answer: "B",
      clue: "Capital letters are the big letters, like the first letter of your name.",
    },
    {
      q: "Which word has the 'ee' sound?",
      options: ["bed", "hat", "dog", "tree"],
      answer: "tree",
      clue: "Smile wide and say eee. Which word has that sound?",
      pictures: ["thing:bed", "thing:hat", "thing:dog", "thing:tree"],
    },
  ],
  4,
);

const gaeilge = oneLanguage(
  {
    level,
    subject: "language",
    lang: "ga",
    gameSubject: "Irish",
    topic: "An aimsir, bia agus ócáidí",
    description: "An aimsir, éadaí, bia, dathanna, mothúcháin, sa bhaile, Oíche Shamhna, uimhreacha agus na séasúir.",
  },
  [
    {
      q: "Tá sé ag cur báistí. Cad a chaithfidh tú?",
      options: ["cóta báistí", "spéaclaí gréine", "bríste gearr", "T-léine"],
      answer: "cóta báistí",
      clue: "Coinneoidh sé tirim thú.",
      pictures: ["thing:raincoat", "thing:sunglasses", "thing:shorts", "thing:t-shirt"],
    },
    {
      q: "Cé mhéad cos atá ar mhadra?",
      options: ["dhá chos", "trí chos", "ceithre chos", "sé chos"],
      answer: "ceithre chos",
      clue: "Tá cosa chun tosaigh agus cosa chun deiridh aige. Comhair iad go léir.",
    },
    {
      q: "Cé acu a thagann ó bhó?",
      options: ["bainne", "arán", "úll", "ubh"],
      answer: "bainne",
      clue: "Is deoch bhán í.",
      pictures: ["thing:milk", "thing:bread", "thing:apple", "thing:egg"],
    },
    {
      q: "Cén dath atá ar an sneachta?",
      options: ["dubh", "dearg", "bán", "donn"],
      answer: "bán",
      clue: "Is é dath an bhainne é freisin.",
      pictures: ["colour:black", "colour:red", "colour:white", "colour:brown"],
    },
    {
      q: "Chonaic Seán taibhse. Conas a mhothaíonn sé?",
      options: ["sona", "scanraithe", "tuirseach", "feargach"],
      answer: "scanraithe",
      clue: "Tá a chroí ag preabadh agus a ghlúine ag crith.",
      pictures: ["face:happy", "face:scared", "face:tired", "face:angry"],
    },
    {
      q: "Tá sé an-déanach san oíche. Conas a mhothaíonn tú?",
      options: ["feargach", "sona", "scanraithe", "tuirseach"],
      answer: "tuirseach",
      clue: "Ba mhaith leat dul a chodladh.",
      pictures: ["face:angry", "face:happy", "face:scared", "face:tired"],
    },
    {
      q: "Cá gcodlaíonn tú san oíche?",
      options: ["sa chistin", "sa leaba", "sa ghairdín", "sa charr"],
      answer: "sa leaba",
      clue: "Bíonn piliúr agus blaincéad ann.",
    },
    {
      q: "Cé acu a bhíonn againn Oíche Shamhna?",
      options: ["crann Nollag", "ubh Chásca", "puimcín", "fear sneachta"],
      answer: "puimcín",
      clue: "Gearrann tú aghaidh ghránna ann agus cuireann tú coinneal istigh ann.",
      pictures: ["thing:christmas-tree", "thing:easter-egg", "thing:pumpkin", "thing:snowman"],
    },
    {
      q: "Cé mhéad é a dó agus a dó?",
      options: ["a trí", "a ceathair", "a cúig", "a sé"],
      answer: "a ceathair",
      clue: "Taispeáin dhá mhéar ar gach lámh agus comhair iad.",
    },
    {
      q: "Tá sé te agus grianmhar. Cén séasúr é?",
      options: ["geimhreadh", "samhradh", "fómhar", "earrach"],
      answer: "samhradh",
      clue: "Bíonn laethanta saoire fada ón scoil ann.",
      pictures: ["scene:winter", "scene:summer", "scene:autumn", "scene:spring"],
    },
  ],
  4,
);

const science = bothLanguages(
  {
    level,
    subject: "sese",
    gameSubject: "Science",
    topic: { en: "Living things and materials", ga: "Rudaí beo agus ábhair" },
    description: {
      en: "Animals' young and homes, the senses, living things, materials, what sinks, rainbows and lambs in spring.",
      ga: "Óga agus tithe na n-ainmhithe, na céadfaí, rudaí beo, ábhair, cad a théann go tóin poill, bogha báistí agus uain.",
    },
  },
  [
    {
      en: {
        q: "What is a baby cow called?",
        options: ["calf", "foal", "lamb", "puppy"],
        answer: "calf",
        clue: "Its mother gives us milk.",
      },
      ga: {
        q: "Cad a thugtar ar ainmhí óg na bó?",
        options: ["lao", "searrach", "uan", "coileán"],
        answer: "lao",
        clue: "Tugann a mháthair bainne dúinn.",
      },
    },
    {
      en: {
        q: "Where does a rabbit live?",
        options: ["in a nest", "in a burrow", "in a hive", "in the sea"],
        answer: "in a burrow",
        clue: "It digs a tunnel under the ground.",
      },
      ga: {
        q: "Cá gcónaíonn an coinín?",
        options: ["i nead", "i bpoll", "i gcoirceog", "san fharraige"],
        answer: "i bpoll",
        clue: "Tochlaíonn sé tollán faoin talamh.",
      },
      pictures: ["thing:nest", "thing:burrow", "thing:hive", "thing:sea"],
    },
    {
      en: {
        q: "What do you use to taste your food?",
        options: ["ears", "eyes", "tongue", "hands"],
        answer: "tongue",
        clue: "It is inside your mouth.",
      },
      ga: {
        q: "Cad a úsáideann tú chun blas a fháil ar do bhia?",
        options: ["cluasa", "súile", "teanga", "lámha"],
        answer: "teanga",
        clue: "Tá sí istigh i do bhéal.",
      },
    },
    {
      en: {
        q: "Which one is made of glass?",
        options: ["sock", "window", "book", "teddy"],
        answer: "window",
        clue: "You can see the sky through the glass.",
      },
      ga: {
        q: "Cé acu atá déanta as gloine?",
        options: ["stoca", "fuinneog", "leabhar", "teidí"],
        answer: "fuinneog",
        clue: "Feiceann tú an spéir tríd an ngloine.",
      },
      pictures: ["thing:sock", "thing:window", "thing:book", "thing:teddy"],
    },
    {
      en: {
        q: "Which one will sink in water?",
        options: ["ball", "duck", "leaf", "stone"],
        answer: "stone",
        clue: "It is small, but it is hard and heavy.",
      },
      ga: {
        q: "Cé acu a rachaidh go tóin poill?",
        options: ["liathróid", "lacha", "duilleog", "cloch"],
        answer: "cloch",
        clue: "Tá sí beag, ach tá sí crua agus trom.",
      },
      pictures: ["thing:ball", "thing:duck", "thing:leaf", "thing:stone"],
    },
    {
      en: {
        q: "What do we need to see a rainbow?",
        options: ["snow and wind", "sun and rain", "fog", "dark night"],
        answer: "sun and rain",
        clue: "A rainbow is light shining through drops of water.",
      },
      ga: {
        q: "Cad a theastaíonn chun bogha báistí a fheiceáil?",
        options: ["sneachta agus gaoth", "grian agus báisteach", "ceo", "oíche dhorcha"],
        answer: "grian agus báisteach",
        clue: "Is é atá i mbogha báistí ná solas ag taitneamh trí bhraonta uisce.",
      },
    },
    {
      en: {
        q: "In which season are most lambs born?",
        options: ["winter", "spring", "summer", "autumn"],
        answer: "spring",
        clue: "It is the season when daffodils come out.",
      },
      ga: {
        q: "Cén séasúr ina saolaítear an chuid is mó de na huain?",
        options: ["geimhreadh", "earrach", "samhradh", "fómhar"],
        answer: "earrach",
        clue: "Is é an séasúr nuair a thagann lusanna an chromchinn amach.",
      },
      pictures: ["scene:winter", "scene:spring", "scene:summer", "scene:autumn"],
    },
    {
      en: {
        q: "How many legs does a spider have?",
        options: ["4", "6", "8", "10"],
        answer: "8",
        clue: "It has 4 legs on each side of its body.",
      },
      ga: {
        q: "Cé mhéad cos atá ar dhamhán alla?",
        options: ["4", "6", "8", "10"],
        answer: "8",
        clue: "Tá 4 chos ar gach taobh dá chorp.",
      },
    },
    {
      en: {
        q: "A caterpillar changes into something new. What is it?",
        options: ["bird", "butterfly", "bee", "fish"],
        answer: "butterfly",
        clue: "It has big, colourful wings with patterns on them.",
      },
      ga: {
        q: "Athraíonn an bolb ina rud nua. Cad é?",
        options: ["éan", "féileacán", "beach", "iasc"],
        answer: "féileacán",
        clue: "Tá sciatháin mhóra dhaite air, agus patrúin orthu.",
      },
      pictures: ["thing:bird", "thing:butterfly", "thing:bee", "thing:fish"],
    },
    {
      en: {
        q: "Which one is a living thing?",
        options: ["stone", "teddy", "tree", "ball"],
        answer: "tree",
        clue: "It grows, it drinks water and it needs light.",
      },
      ga: {
        q: "Cé acu atá beo?",
        options: ["cloch", "teidí", "crann", "liathróid"],
        answer: "crann",
        clue: "Fásann sé, ólann sé uisce agus teastaíonn solas uaidh.",
      },
      pictures: ["thing:stone", "thing:teddy", "thing:tree", "thing:ball"],
    },
  ],
  4,
);

export const hunts: Hunt[] = [english, gaeilge, ...science];
