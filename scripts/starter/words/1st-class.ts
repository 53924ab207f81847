/**
 * 1st Class: Gaeilge asked in English (what Irish words mean) and all in Irish (days, weather,
 * food, clothes, school, home, feelings, numbers, St Patrick's Day, hurling), and Science with
 * some history and geography (plants, Irish wild animals and birds, a map, Samhain and
 * St Brigid's Day). Sources: language.sources.md and sese.sources.md beside the files.
 */
import type { Hunt } from "../hunt-file.ts";
import { bothLanguages, oneLanguage } from "./helpers.ts";

const level = "1st-class" as const;

const irishInEnglish = oneLanguage(
  {
    level,
    subject: "language",
    lang: "en",
    gameSubject: "Irish",
    topic: "Irish words at home and at school",
    description:
      "What Irish words and sentences mean: animals, clothes, colours, weather, days, numbers, rooms and feelings.",
  },
  [
    {
      q: "What is 'madra' in English?",
      options: ["cat", "dog", "horse", "cow"],
      answer: "dog",
      clue: "It barks and wags its tail.",
    },
    {
      q: "What is 'geansaí' in English?",
      options: ["coat", "shoe", "jumper", "hat"],
      answer: "jumper",
      clue: "You pull it on over your head to keep warm. It has long sleeves.",
    },
    {
      q: "What is the Irish for 'school'?",
      options: ["siopa", "scoil", "teach", "páirc"],
      answer: "scoil",
      clue: "Say the English word, then say each Irish word. One sounds very like it.",
    },
    {
      q: "What colour is 'dearg'?",
      options: ["blue", "green", "red", "yellow"],
      answer: "red",
      clue: "It is the colour of a ripe strawberry.",
    },
    {
      q: "What is 'báisteach' in English?",
      options: ["sun", "snow", "rain", "wind"],
      answer: "rain",
      clue: "You need an umbrella when it comes.",
    },
    {
      q: "How do you say 'Thank you' in Irish?",
      options: ["Dia duit", "Go raibh maith agat", "Slán abhaile", "Oíche mhaith"],
      answer: "Go raibh maith agat",
      clue: "'Dia duit' means hello, and 'Oíche mhaith' is for bedtime.",
    },
    {
      q: "What does 'Tá ocras orm' mean?",
      options: ["I am tired", "I am hungry", "I am cold", "I am happy"],
      answer: "I am hungry",
      clue: "You might say it just before lunch.",
    },
    {
      q: "What number is 'seacht'?",
      options: ["6", "7", "8", "9"],
      answer: "7",
      clue: "Count in Irish: a haon, a dó, a trí… It comes after 'a sé'.",
    },
    {
      q: "What day is 'Dé Luain'?",
      options: ["Monday", "Tuesday", "Friday", "Sunday"],
      answer: "Monday",
      clue: "It is the first school day of the week.",
    },
    {
      q: "What is 'cistin' in English?",
      options: ["bedroom", "kitchen", "garden", "bathroom"],
      answer: "kitchen",
      clue: "It is the room where the dinner is cooked.",
    },
    {
      q: "Which Irish word means 'happy'?",
      options: ["brónach", "sona", "tuirseach", "feargach"],
      answer: "sona",
      clue: "Think of a big smiley face.",
    },
  ],
  8,
);

const gaeilge = oneLanguage(
  {
    level,
    subject: "language",
    lang: "ga",
    gameSubject: "Irish",
    topic: "Sa bhaile, ar scoil agus an aimsir",
    description:
      "Laethanta, an aimsir, bia, éadaí, an scoil, an baile, mothúcháin, uimhreacha, Lá Fhéile Pádraig agus an iománaíocht.",
  },
  [
    {
      q: "Cén lá a thagann i ndiaidh Dé Luain?",
      options: ["Dé Domhnaigh", "Dé Máirt", "Dé Céadaoin", "Dé hAoine"],
      answer: "Dé Máirt",
      clue: "Abair laethanta na seachtaine in ord, ag tosú le Dé Luain.",
    },
    {
      q: "Cé mhéad lá atá sa tseachtain?",
      options: ["cúig", "sé", "seacht", "ocht"],
      answer: "seacht",
      clue: "Comhair iad ar do mhéara: Dé Luain, Dé Máirt, Dé Céadaoin…",
    },
    {
      q: "Bíonn sé bán agus fuar, agus titeann sé ón spéir. Cad é?",
      options: ["báisteach", "sneachta", "grian", "gaoth"],
      answer: "sneachta",
      clue: "Is féidir leat fear a dhéanamh as.",
    },
    {
      q: "Cé acu nach bia é?",
      options: ["úll", "arán", "bróg", "cáis"],
      answer: "bróg",
      clue: "Ní féidir í a ithe: caitheann tú ar do chos í.",
    },
    {
      q: "Cad a chaitheann tú ar do lámha nuair a bhíonn sé fuar?",
      options: ["stocaí", "lámhainní", "bróga", "hata"],
      answer: "lámhainní",
      clue: "Bíonn áit iontu do gach méar.",
    },
    {
      q: "Cad a úsáideann tú chun scríobh i do chóipleabhar?",
      options: ["scriosán", "rialóir", "peann luaidhe", "mála scoile"],
      answer: "peann luaidhe",
      clue: "Cuireann tú bior air le bioróir.",
    },
    {
      q: "Níor ith tú aon rud ó mhaidin. Conas atá tú?",
      options: ["Tá tart orm", "Tá tuirse orm", "Tá áthas orm", "Tá ocras orm"],
      answer: "Tá ocras orm",
      clue: "Ba mhaith leat do lón a ithe anois díreach.",
    },
    {
      q: "Cá ndéantar an dinnéar a chócaráil?",
      options: ["sa seomra leapa", "sa chistin", "sa ghairdín", "sa seomra folctha"],
      answer: "sa chistin",
      clue: "Tá cócaireán agus cuisneoir ann.",
    },
    {
      q: "Cé mhéad é a cúig agus a cúig?",
      options: ["a hocht", "a naoi", "a deich", "a haon déag"],
      answer: "a deich",
      clue: "Taispeáin do mhéara go léir ar an dá lámh.",
    },
    {
      q: "Cén mhí ina mbíonn Lá Fhéile Pádraig?",
      options: ["Feabhra", "Márta", "Aibreán", "Bealtaine"],
      answer: "Márta",
      clue: "Tagann sí díreach i ndiaidh mhí Feabhra.",
    },
    {
      q: "Cad a imríonn tú le camán agus sliotar?",
      options: ["peil", "iománaíocht", "cispheil", "rugbaí"],
      answer: "iománaíocht",
      clue: "Is spórt Gaelach é. Buaileann tú an liathróid le maide.",
    },
  ],
  8,
);

const science = bothLanguages(
  {
    level,
    subject: "sese",
    gameSubject: "Science",
    topic: { en: "Plants, Irish wildlife and festivals", ga: "Plandaí, fiadhúlra na hÉireann agus féilte" },
    description: {
      en: "How plants grow, Irish wild animals and birds, reading a map, and Samhain and St Brigid's Day long ago.",
      ga: "Mar a fhásann plandaí, ainmhithe agus éin fhiáine na hÉireann, léarscáil, agus an tSamhain agus Lá Fhéile Bríde fadó.",
    },
  },
  [
    {
      en: {
        q: "What does a plant need to grow?",
        options: ["milk", "water", "salt", "sand"],
        answer: "water",
        clue: "Without it, a plant's leaves droop and dry up.",
      },
      ga: {
        q: "Cad a theastaíonn ó phlanda chun fás?",
        options: ["bainne", "uisce", "salann", "gaineamh"],
        answer: "uisce",
        clue: "Gan é, titeann duilleoga an phlanda agus éiríonn siad tirim.",
      },
    },
    {
      en: {
        q: "Which part of a plant takes in water from the soil?",
        options: ["the flower", "the leaves", "the roots", "the seeds"],
        answer: "the roots",
        clue: "This part grows down, under the ground.",
      },
      ga: {
        q: "Cén chuid den phlanda a thógann uisce ón gcré?",
        options: ["an bláth", "na duilleoga", "na fréamhacha", "na síolta"],
        answer: "na fréamhacha",
        clue: "Fásann an chuid seo síos faoin talamh.",
      },
    },
    {
      en: {
        q: "Which part of a plant makes the seeds?",
        options: ["the roots", "the stem", "the flower", "the leaves"],
        answer: "the flower",
        clue: "Bees visit this colourful part.",
      },
      ga: {
        q: "Cén chuid den phlanda a dhéanann na síolta?",
        options: ["na fréamhacha", "an gas", "an bláth", "na duilleoga"],
        answer: "an bláth",
        clue: "Tagann beacha chuig an gcuid dhaite seo.",
      },
    },
    {
      en: {
        q: "Which Irish wild animal has red fur and a long, bushy tail?",
        options: ["badger", "fox", "hedgehog", "otter"],
        answer: "fox",
        clue: "It often hunts at night and lives in a den called an earth.",
      },
      ga: {
        q: "Cén t-ainmhí fiáin in Éirinn a bhfuil fionnadh rua agus eireaball mór clúmhach air?",
        options: ["broc", "sionnach", "gráinneog", "madra uisce"],
        answer: "sionnach",
        clue: "Bíonn sé ag seilg san oíche go minic.",
      },
    },
    {
      en: {
        q: "Which Irish animal hibernates (sleeps through the winter)?",
        options: ["fox", "rabbit", "robin", "hedgehog"],
        answer: "hedgehog",
        clue: "It is covered in spines and rolls itself into a ball.",
      },
      ga: {
        q: "Cé acu a chodlaíonn i rith an gheimhridh?",
        options: ["sionnach", "coinín", "spideog", "gráinneog"],
        answer: "gráinneog",
        clue: "Tá spící uirthi agus cuachann sí í féin ina liathróid.",
      },
    },
    {
      en: {
        q: "Which bird has an orange-red breast and is often on Christmas cards?",
        options: ["crow", "robin", "swan", "magpie"],
        answer: "robin",
        clue: "It is small and brown, and it often follows gardeners to find worms.",
      },
      ga: {
        q: "Cén t-éan a bhfuil brollach dearg air agus a bhíonn ar chártaí Nollag go minic?",
        options: ["préachán", "spideog", "eala", "snag breac"],
        answer: "spideog",
        clue: "Is éan beag donn é a leanann garraíodóirí go minic chun péisteanna a fháil.",
      },
      picture: {
        key: "thing:bird",
        alt: { en: "A small brown bird with an orange breast", ga: "Éan beag donn a bhfuil brollach oráiste air" },
      },
    },
    {
      en: {
        q: "On a map, what does a blue line usually show?",
        options: ["a road", "a river", "a railway", "a wall"],
        answer: "a river",
        clue: "Think of the colour of water on a map.",
      },
      ga: {
        q: "Ar léarscáil, cad a thaispeánann líne ghorm de ghnáth?",
        options: ["bóthar", "abhainn", "iarnród", "balla"],
        answer: "abhainn",
        clue: "Smaoinigh ar dhath an uisce ar léarscáil.",
      },
    },
    {
      en: {
        q: "Long ago, which season began with the festival of Samhain?",
        options: ["spring", "summer", "autumn", "winter"],
        answer: "winter",
        clue: "Halloween is at the end of October, when the days grow short and dark.",
      },
      ga: {
        q: "Fadó, cén séasúr a thosaigh le féile na Samhna?",
        options: ["an t-earrach", "an samhradh", "an fómhar", "an geimhreadh"],
        answer: "an geimhreadh",
        clue: "Bíonn Oíche Shamhna ag deireadh mhí Dheireadh Fómhair, nuair a éiríonn na laethanta gearr agus dorcha.",
      },
    },
    {
      en: {
        q: "At Halloween long ago in Ireland, which vegetable did people carve into lanterns?",
        options: ["pumpkin", "turnip", "potato", "carrot"],
        answer: "turnip",
        clue: "Farmers also grow it to feed sheep and cattle in winter.",
      },
      ga: {
        q: "Oíche Shamhna fadó in Éirinn, cén glasra a shnoigh daoine ina laindéir?",
        options: ["puimcín", "tornapa", "práta", "cairéad"],
        answer: "tornapa",
        clue: "Fásann feirmeoirí é freisin mar bhia do chaoirigh agus do bha sa gheimhreadh.",
      },
    },
    {
      en: {
        q: "What do people make from rushes for St Brigid's Day?",
        options: ["a boat", "a basket", "a cross", "a hat"],
        answer: "a cross",
        clue: "It has four arms, and it is hung in the house to protect it.",
      },
      ga: {
        q: "Cad a dhéanann daoine as luachair do Lá Fhéile Bríde?",
        options: ["bád", "ciseán", "cros", "hata"],
        answer: "cros",
        clue: "Tá ceithre ghéag uirthi, agus crochtar sa teach í chun é a chosaint.",
      },
    },
    {
      en: {
        q: "On which date is St Brigid's Day?",
        options: ["1 February", "17 March", "31 October", "25 December"],
        answer: "1 February",
        clue: "In the old Irish calendar it was the first day of spring.",
      },
      ga: {
        q: "Cén dáta a bhíonn Lá Fhéile Bríde ann?",
        options: ["1 Feabhra", "17 Márta", "31 Deireadh Fómhair", "25 Nollaig"],
        answer: "1 Feabhra",
        clue: "I seanfhéilire na nGael, ba é an chéad lá den earrach é.",
      },
    },
  ],
  8,
);

export const hunts: Hunt[] = [irishInEnglish, gaeilge, ...science];
