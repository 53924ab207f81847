/**
 * Junior Infants: English reading (first sounds, rhyme, sounds in a word, words in a sentence),
 * Gaeilge (dathanna, uimhreacha, bia, éadaí, an aimsir, mothúcháin) and Science (animals'
 * homes and young, the senses, the seasons, floating and melting). Sources: language.sources.md
 * and sese.sources.md beside the files.
 */
import type { Hunt } from "../hunt-file.ts";
import { bothLanguages, oneLanguage } from "./helpers.ts";

const level = "junior-infants" as const;

const english = oneLanguage(
  {
    level,
    subject: "language",
    lang: "en",
    gameSubject: "English",
    topic: "Sounds and rhymes",
    description: "First sounds, rhyming words, the sounds in a word and the words in a sentence.",
  },
  [
    {
      q: "Which one starts with 's'?",
      options: ["sun", "cat", "ball", "egg"],
      answer: "sun",
      clue: "Listen for a snake's hiss at the start: sss…",
      pictures: ["thing:sun", "thing:cat", "thing:ball", "thing:egg"],
    },
    {
      q: "Which one starts with 'b'?",
      options: ["fish", "ball", "moon", "apple"],
      answer: "ball",
      clue: "Press your lips together, then pop them open: b, b, b.",
      pictures: ["thing:fish", "thing:ball", "thing:moon", "thing:apple"],
    },
    {
      q: "Which one starts with 'm'?",
      options: ["star", "tree", "hat", "moon"],
      answer: "moon",
      clue: "Close your lips and hum: mmm…",
      pictures: ["thing:star", "thing:tree", "thing:hat", "thing:moon"],
    },
    {
      q: "Which one starts with 'p'?",
      options: ["ball", "pig", "cat", "egg"],
      answer: "pig",
      clue: "Put your hand in front of your mouth and feel the puff of air: p, p, p.",
      pictures: ["thing:ball", "thing:pig", "thing:cat", "thing:egg"],
    },
    {
      q: "Which word rhymes with 'cat'?",
      options: ["cup", "hat", "dog", "sun"],
      answer: "hat",
      clue: "Say cat, then say each word. Which one ends like cat?",
      pictures: ["thing:cup", "thing:hat", "thing:dog", "thing:sun"],
    },
    {
      q: "Which word rhymes with 'bee'?",
      options: ["egg", "pig", "moon", "tree"],
      answer: "tree",
      clue: "Say bee slowly. Listen for the same sound at the end of each word.",
      pictures: ["thing:egg", "thing:pig", "thing:moon", "thing:tree"],
    },
    {
      q: "What sound does 'apple' start with?",
      options: ["a", "e", "o", "p"],
      answer: "a",
      clue: "Open your mouth wide and say apple very slowly.",
      picture: { key: "thing:apple", alt: "An apple" },
    },
    {
      q: "How many sounds are in 'sun'?",
      options: ["2", "3", "4", "5"],
      answer: "3",
      clue: "Say it slowly and tap a finger for each sound: s-u-n.",
      picture: { key: "thing:sun", alt: "The sun" },
    },
    {
      q: "Which one ends with 'g'?",
      options: ["cat", "sun", "dog", "hat"],
      answer: "dog",
      clue: "Say each word and listen to the very last sound.",
      pictures: ["thing:cat", "thing:sun", "thing:dog", "thing:hat"],
    },
    {
      q: "How many words are in 'I can run'?",
      options: ["2", "3", "4", "5"],
      answer: "3",
      clue: "Clap once for each word as you say it.",
    },
  ],
  0,
);

const gaeilge = oneLanguage(
  {
    level,
    subject: "language",
    lang: "ga",
    gameSubject: "Irish",
    topic: "Dathanna, bia agus mothúcháin",
    description: "Dathanna, uimhreacha, bia, éadaí, an aimsir agus mothúcháin.",
  },
  [
    {
      q: "Cén dath atá ar an ngrian?",
      options: ["buí", "dearg", "gorm", "glas"],
      answer: "buí",
      clue: "Féach ar bhanana: tá an dath céanna air.",
      pictures: ["colour:yellow", "colour:red", "colour:blue", "colour:green"],
    },
    {
      q: "Cén dath atá ar an bhféar?",
      options: ["dubh", "glas", "bándearg", "oráiste"],
      answer: "glas",
      clue: "Féach amach an fhuinneog ar na crainn agus ar an bpáirc.",
      pictures: ["colour:black", "colour:green", "colour:pink", "colour:orange"],
    },
    {
      q: "Cén pictiúr ina bhfuil trí úll?",
      options: ["dhá úll", "trí úll", "ceithre úll", "cúig úll"],
      answer: "trí úll",
      clue: "Comhair na húlla: a haon, a dó…",
      pictures: ["group:2:apple", "group:3:apple", "group:4:apple", "group:5:apple"],
    },
    {
      q: "Cá bhfuil an banana?",
      options: ["úll", "banana", "cairéad", "oráiste"],
      answer: "banana",
      clue: "Tá sé fada agus buí. Baineann tú an craiceann de.",
      pictures: ["thing:apple", "thing:banana", "thing:carrot", "thing:orange"],
    },
    {
      q: "Cé acu a leánn sa ghrian?",
      options: ["cupán tae", "uachtar reoite", "arán", "ubh"],
      answer: "uachtar reoite",
      clue: "Bíonn sé an-fhuar agus itheann tú é ar an trá.",
      pictures: ["thing:tea", "thing:ice-cream", "thing:bread", "thing:egg"],
    },
    {
      q: "Cad a chaitheann tú ar do cheann?",
      options: ["stoca", "bróg", "hata", "geansaí"],
      answer: "hata",
      clue: "Cuireann tú ort é nuair a bhíonn do chluasa fuar.",
      pictures: ["thing:sock", "thing:shoe", "thing:hat", "thing:jumper"],
    },
    {
      q: "Teastaíonn scáth fearthainne uait. Cén aimsir atá ann?",
      options: ["grian", "báisteach", "sneachta", "scamall"],
      answer: "báisteach",
      clue: "Bíonn tú fliuch báite amuigh.",
      pictures: ["thing:sun", "thing:rain", "thing:snow", "thing:cloud"],
    },
    {
      q: "Fuair Áine bronntanas. Conas a mhothaíonn sí?",
      options: ["brónach", "sona", "feargach", "tuirseach"],
      answer: "sona",
      clue: "Bíonn aoibh an gháire uirthi.",
      pictures: ["face:sad", "face:happy", "face:angry", "face:tired"],
    },
    {
      q: "Tá Oisín ag caoineadh. Conas a mhothaíonn sé?",
      options: ["sona", "tuirseach", "brónach", "feargach"],
      answer: "brónach",
      clue: "Tá deora ag titim óna shúile.",
      pictures: ["face:happy", "face:tired", "face:sad", "face:angry"],
    },
    {
      q: "Cad a chuireann tú ar do chos roimh do bhróg?",
      options: ["bróg", "hata", "stoca", "geansaí"],
      answer: "stoca",
      clue: "Bíonn péire acu agat, ceann ar gach cos.",
      pictures: ["thing:shoe", "thing:hat", "thing:sock", "thing:jumper"],
    },
  ],
  0,
);

const science = bothLanguages(
  {
    level,
    subject: "sese",
    gameSubject: "Science",
    topic: { en: "Animals, senses and seasons", ga: "Ainmhithe, na céadfaí agus na séasúir" },
    description: {
      en: "Animals' homes and babies, our senses, the seasons, and what floats and what melts.",
      ga: "Tithe agus óga na n-ainmhithe, na céadfaí, na séasúir, agus rudaí a shnámhann nó a leánn.",
    },
  },
  [
    {
      en: {
        q: "Which animal lives in a hive?",
        options: ["bee", "cat", "fish", "pig"],
        answer: "bee",
        clue: "It makes honey.",
      },
      ga: {
        q: "Cén t-ainmhí a chónaíonn i gcoirceog?",
        options: ["beach", "cat", "iasc", "muc"],
        answer: "beach",
        clue: "Déanann sí mil.",
      },
      pictures: ["thing:bee", "thing:cat", "thing:fish", "thing:pig"],
    },
    {
      en: {
        q: "Where does a robin lay its eggs?",
        options: ["in a hive", "in a nest", "in a burrow", "in the sea"],
        answer: "in a nest",
        clue: "A robin builds one from moss, leaves and grass.",
      },
      ga: {
        q: "Cá mbeireann an spideog a huibheacha?",
        options: ["i gcoirceog", "i nead", "i bpoll", "san fharraige"],
        answer: "i nead",
        clue: "Tógann an spideog ceann as caonach, duilleoga agus féar.",
      },
      pictures: ["thing:hive", "thing:nest", "thing:burrow", "thing:sea"],
    },
    {
      en: {
        q: "What is a baby cat called?",
        options: ["puppy", "kitten", "calf", "lamb"],
        answer: "kitten",
        clue: "Its mother likes to catch mice.",
      },
      ga: {
        q: "Cad a thugtar ar chat óg?",
        options: ["coileán", "piscín", "lao", "uan"],
        answer: "piscín",
        clue: "Beireann a mháthair ar lucha.",
      },
      picture: { key: "thing:cat", alt: { en: "A cat", ga: "Cat" } },
    },
    {
      en: {
        q: "What is a baby sheep called?",
        options: ["foal", "calf", "lamb", "kitten"],
        answer: "lamb",
        clue: "You see lots of them in the fields in spring.",
      },
      ga: {
        q: "Cad a thugtar ar chaora óg?",
        options: ["searrach", "lao", "uan", "piscín"],
        answer: "uan",
        clue: "Feiceann tú a lán acu sna páirceanna san earrach.",
      },
    },
    {
      en: {
        q: "What do you use to see?",
        options: ["ears", "eyes", "nose", "hands"],
        answer: "eyes",
        clue: "You close them when you go to sleep.",
      },
      ga: {
        q: "Cad a úsáideann tú chun feiceáil?",
        options: ["cluasa", "súile", "srón", "lámha"],
        answer: "súile",
        clue: "Dúnann tú iad nuair a théann tú a chodladh.",
      },
      pictures: ["thing:ear", "thing:eye", "thing:nose", "thing:hand"],
    },
    {
      en: {
        q: "What do you use to smell a flower?",
        options: ["hands", "nose", "eyes", "ears"],
        answer: "nose",
        clue: "It is in the middle of your face.",
      },
      ga: {
        q: "Cad a úsáideann tú chun bláth a bholadh?",
        options: ["lámha", "srón", "súile", "cluasa"],
        answer: "srón",
        clue: "Tá sí i lár d'aghaidhe.",
      },
      pictures: ["thing:hand", "thing:nose", "thing:eye", "thing:ear"],
    },
    {
      en: {
        q: "Which season is the coldest?",
        options: ["spring", "summer", "autumn", "winter"],
        answer: "winter",
        clue: "It is the season of Christmas and frosty mornings.",
      },
      ga: {
        q: "Cén séasúr is fuaire?",
        options: ["earrach", "samhradh", "fómhar", "geimhreadh"],
        answer: "geimhreadh",
        clue: "Is é séasúr na Nollag agus na maidineacha seaca é.",
      },
      pictures: ["scene:spring", "scene:summer", "scene:autumn", "scene:winter"],
    },
    {
      en: {
        q: "When do leaves fall off the trees?",
        options: ["in spring", "in summer", "in autumn", "in winter"],
        answer: "in autumn",
        clue: "It comes after summer. The leaves turn red and brown.",
      },
      ga: {
        q: "Cathain a thiteann na duilleoga de na crainn?",
        options: ["san earrach", "sa samhradh", "san fhómhar", "sa gheimhreadh"],
        answer: "san fhómhar",
        clue: "Tagann sé i ndiaidh an tsamhraidh. Éiríonn na duilleoga dearg agus donn.",
      },
      pictures: ["scene:spring", "scene:summer", "scene:autumn", "scene:winter"],
    },
    {
      en: {
        q: "Which one will float on water?",
        options: ["stone", "key", "ball", "coin"],
        answer: "ball",
        clue: "It is full of air.",
      },
      ga: {
        q: "Cé acu a shnámhfaidh ar an uisce?",
        options: ["cloch", "eochair", "liathróid", "bonn"],
        answer: "liathróid",
        clue: "Tá sí lán d'aer.",
      },
      pictures: ["thing:stone", "thing:key", "thing:ball", "coin:20"],
    },
    {
      en: {
        q: "Which one will melt in the sun?",
        options: ["stone", "snowman", "book", "shoe"],
        answer: "snowman",
        clue: "Think about what happens to ice when it gets warm.",
      },
      ga: {
        q: "Cé acu a leáfaidh sa ghrian?",
        options: ["cloch", "fear sneachta", "leabhar", "bróg"],
        answer: "fear sneachta",
        clue: "Smaoinigh ar a dtarlaíonn don oighear nuair a théann sé te.",
      },
      pictures: ["thing:stone", "thing:snowman", "thing:book", "thing:shoe"],
    },
  ],
  0,
);

export const hunts: Hunt[] = [english, gaeilge, ...science];
