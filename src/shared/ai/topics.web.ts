/**
 * Suggested topics per subject (SPEC section 3), written from the Irish Primary School
 * Curriculum: 6 for Juniors and 6 for Seniors, in English and in Irish; the subject
 * Irish's topics are Irish in both. Teacher code only: kept out of curriculum.ts, which the
 * pupils' pages download, so /join and /play do not carry ~3 KB of topic lists.
 */

import type { Subject } from "../games/curriculum.ts";
import { LANGUAGE_LOCALES, type Language } from "../i18n/languages.ts";

type TopicLists = { juniors: readonly string[]; seniors: readonly string[] };

/** The subject Irish's topics: Irish on every page, whatever the teacher's language. */
const IRISH_SUBJECT_TOPICS: TopicLists = {
  juniors: ["Mé féin", "Sa bhaile", "An scoil", "Bia", "Éadaí", "Ócáidí speisialta"],
  seniors: [
    "An aimsir",
    "Caitheamh aimsire",
    "Siopadóireacht",
    "Ag taisteal",
    "An teilifís",
    "Briathra san aimsir chaite",
  ],
};

/** The suggested topics a teacher reading English sees. */
export const TOPICS: Record<Subject, TopicLists> = {
  English: {
    juniors: [
      "Rhyming words",
      "Phonics and letter sounds",
      "Nursery rhymes and stories",
      "Sight words",
      "Capital letters and full stops",
      "Describing words",
    ],
    seniors: [
      "Nouns, verbs and adjectives",
      "Punctuation and speech marks",
      "Synonyms and antonyms",
      "Poetry and figurative language",
      "Prefixes and suffixes",
      "Novel study and comprehension",
    ],
  },
  Irish: IRISH_SUBJECT_TOPICS,
  Mathematics: {
    juniors: [
      "Counting to 20",
      "2D shapes",
      "Comparing and ordering",
      "Addition to 10",
      "Money (cent)",
      "Time: days of the week",
    ],
    seniors: [
      "Fractions, decimals and percentages",
      "Multiplication and division",
      "Area and perimeter",
      "Angles and 3D shapes",
      "Data and chance",
      "Place value and rounding",
    ],
  },
  Science: {
    juniors: [
      "Living things: plants and animals",
      "Our senses",
      "Materials: floating and sinking",
      "Weather and seasons",
      "Light and dark",
      "Magnets",
    ],
    seniors: [
      "The human body",
      "Forces and simple machines",
      "Electricity and circuits",
      "Habitats and food chains",
      "States of matter",
      "The solar system",
    ],
  },
  Geography: {
    juniors: [
      "My locality",
      "Homes and shelters",
      "Weather around us",
      "Maps of my classroom",
      "People who help us",
      "Farms and farming",
    ],
    seniors: [
      "Counties and provinces of Ireland",
      "Rivers and mountains of Ireland",
      "Countries of Europe",
      "Volcanoes and earthquakes",
      "Climate and rainforests",
      "Map reading and compass directions",
    ],
  },
  History: {
    juniors: [
      "Myself and my family",
      "Toys long ago",
      "Homes long ago",
      "Stories: Fionn mac Cumhaill",
      "Feasts and festivals",
      "When my grandparents were young",
    ],
    seniors: [
      "Early peoples and the Stone Age",
      "The Celts",
      "Vikings in Ireland",
      "Early Christian Ireland",
      "The Great Famine",
      "The 1916 Rising",
    ],
  },
  "Visual Arts": {
    juniors: [
      "Colours and colour mixing",
      "Lines and patterns",
      "Shapes in art",
      "Clay and modelling",
      "Collage",
      "Printing",
    ],
    seniors: [
      "Famous Irish artists",
      "Perspective and drawing",
      "Colour wheel and tones",
      "Sculpture and construction",
      "Fabric and fibre",
      "Art from other cultures",
    ],
  },
  Music: {
    juniors: [
      "Loud and soft sounds",
      "Fast and slow",
      "Musical instruments",
      "Beat and rhythm",
      "Singing games",
      "Sounds around us",
    ],
    seniors: [
      "Reading music notation",
      "Irish traditional music",
      "Instrument families of the orchestra",
      "Famous composers",
      "Tempo and dynamics",
      "Music from around the world",
    ],
  },
  Drama: {
    juniors: ["Let's pretend", "Characters from stories", "Using our voices", "Feelings and faces", "Mime", "Puppets"],
    seniors: [
      "Improvisation",
      "Character and motivation",
      "Script writing",
      "Tableaux and freeze frames",
      "Irish myths and legends on stage",
      "Performance skills",
    ],
  },
  "Physical Education": {
    juniors: [
      "Running, jumping and hopping",
      "Throwing and catching",
      "Balance",
      "Playground games",
      "Dance and movement",
      "Water safety",
    ],
    seniors: [
      "Gaelic games",
      "Athletics",
      "Orienteering",
      "Gymnastics",
      "Fair play and teamwork",
      "Healthy heart and exercise",
    ],
  },
  SPHE: {
    juniors: ["Myself", "Feelings and emotions", "Friendship", "Keeping safe", "Healthy eating", "Caring for my body"],
    seniors: [
      "Growing and changing",
      "Making decisions",
      "Media awareness",
      "Substance use",
      "Personal safety online",
      "Respecting difference",
    ],
  },
  "Religious Education": {
    juniors: [
      "Belonging and families",
      "Caring for creation",
      "Celebrations and festivals",
      "Kindness to others",
      "Prayer and quiet time",
      "Stories of Saint Patrick",
    ],
    seniors: [
      "World religions",
      "Irish saints",
      "Sacred places",
      "Justice and fairness",
      "Religious festivals around the world",
      "Celtic Christian heritage",
    ],
  },
  "Modern Foreign Languages": {
    juniors: ["Greetings", "Numbers 1 to 10", "Colours", "Animals", "Family members", "Food and drink"],
    seniors: [
      "Describing myself",
      "Hobbies and sports",
      "Weather and seasons",
      "Directions in town",
      "Daily routine",
      "Ordering in a café",
    ],
  },
  Other: {
    juniors: ["General knowledge", "Our school", "Seasons and festivals"],
    seniors: ["General knowledge", "Current events", "Ireland and the world"],
  },
};

/**
 * The same topics for a teacher reading Irish (docs/GLOSSARY-GA.md), list for list and in the
 * same order, so the first three (the field's example) and the first five match the English.
 * They are data, not catalogue keys: the topic a teacher picks is the text put in the field
 * (and stored, and sent to the AI), and the subject Irish's are the same in both languages.
 */
export const TOPICS_GA: Record<Subject, TopicLists> = {
  English: {
    juniors: [
      "Focail a rímeann",
      "Fónaic agus fuaimeanna na litreacha",
      "Rannta páistí agus scéalta",
      "Focail radhairc",
      "Ceannlitreacha agus lánstadanna",
      "Focail a dhéanann cur síos",
    ],
    seniors: [
      "Ainmfhocail, briathra agus aidiachtaí",
      "Poncaíocht agus comharthaí athfhriotail",
      "Comhchiallaigh agus frithchiallaigh",
      "Filíocht agus teanga fhíortha",
      "Réimíreanna agus iarmhíreanna",
      "Staidéar ar úrscéal agus léamhthuiscint",
    ],
  },
  Irish: IRISH_SUBJECT_TOPICS,
  Mathematics: {
    juniors: [
      "Comhaireamh go 20",
      "Cruthanna déthoiseacha",
      "Comparáid agus ordú",
      "Suimiú go 10",
      "Airgead (cent)",
      "Am: laethanta na seachtaine",
    ],
    seniors: [
      "Codáin, deachúlacha agus céatadáin",
      "Iolrú agus roinnt",
      "Achar agus imlíne",
      "Uillinneacha agus cruthanna tríthoiseacha",
      "Sonraí agus seans",
      "Luach áite agus slánú",
    ],
  },
  Science: {
    juniors: [
      "Rudaí beo: plandaí agus ainmhithe",
      "Ár gcéadfaí",
      "Ábhair: ag snámh agus ag dul faoi",
      "An aimsir agus na séasúir",
      "Solas agus dorchadas",
      "Maighnéid",
    ],
    seniors: [
      "An corp daonna",
      "Fórsaí agus meaisíní simplí",
      "Leictreachas agus ciorcaid",
      "Gnáthóga agus slabhraí bia",
      "Solaid, leachtanna agus gáis",
      "An grianchóras",
    ],
  },
  Geography: {
    juniors: [
      "Mo cheantar",
      "Tithe agus foscadh",
      "An aimsir timpeall orainn",
      "Léarscáileanna de mo sheomra ranga",
      "Daoine a chabhraíonn linn",
      "Feirmeacha agus feirmeoireacht",
    ],
    seniors: [
      "Contaetha agus cúigí na hÉireann",
      "Aibhneacha agus sléibhte na hÉireann",
      "Tíortha na hEorpa",
      "Bolcáin agus creathanna talún",
      "Aeráid agus foraoisí báistí",
      "Léamh léarscáileanna agus pointí an chompáis",
    ],
  },
  History: {
    juniors: [
      "Mé féin agus mo theaghlach",
      "Bréagáin fadó",
      "Tithe fadó",
      "Scéalta: Fionn mac Cumhaill",
      "Féastaí agus féilte",
      "Nuair a bhí mo sheantuismitheoirí óg",
    ],
    seniors: [
      "Luathdhaoine agus an Chlochaois",
      "Na Ceiltigh",
      "Na Lochlannaigh in Éirinn",
      "Éire na Luath-Chríostaíochta",
      "An Gorta Mór",
      "Éirí Amach 1916",
    ],
  },
  "Visual Arts": {
    juniors: [
      "Dathanna agus meascadh dathanna",
      "Línte agus patrúin",
      "Cruthanna san ealaín",
      "Cré agus múnlú",
      "Colláis",
      "Priontáil",
    ],
    seniors: [
      "Ealaíontóirí cáiliúla Éireannacha",
      "Peirspictíocht agus líníocht",
      "Roth na ndathanna agus scáthanna",
      "Dealbhóireacht agus tógáil",
      "Fabraic agus snáithín",
      "Ealaín ó chultúir eile",
    ],
  },
  Music: {
    juniors: [
      "Fuaimeanna arda agus ciúine",
      "Tapa agus mall",
      "Uirlisí ceoil",
      "Buille agus rithim",
      "Cluichí amhránaíochta",
      "Fuaimeanna timpeall orainn",
    ],
    seniors: [
      "Nodaireacht cheoil a léamh",
      "Ceol traidisiúnta na hÉireann",
      "Teaghlaigh uirlisí na ceolfhoirne",
      "Cumadóirí cáiliúla",
      "Luas agus treise",
      "Ceol ó gach cearn den domhan",
    ],
  },
  Drama: {
    juniors: [
      "Ligimis orainn",
      "Carachtair as scéalta",
      "Ár nguthanna a úsáid",
      "Mothúcháin agus aghaidheanna",
      "Mím",
      "Puipéid",
    ],
    seniors: [
      "Tobchumadh",
      "Carachtar agus spreagadh",
      "Scripteanna a scríobh",
      "Táblaí beo agus frámaí reoite",
      "Miotais agus finscéalta na hÉireann ar an stáitse",
      "Scileanna taibhithe",
    ],
  },
  "Physical Education": {
    juniors: [
      "Rith, léim agus léim ar leathchos",
      "Caitheamh agus breith",
      "Cothromaíocht",
      "Cluichí clóis",
      "Damhsa agus gluaiseacht",
      "Sábháilteacht uisce",
    ],
    seniors: [
      "Cluichí Gaelacha",
      "Lúthchleasaíocht",
      "Treodóireacht",
      "Gleacaíocht",
      "Cothrom na Féinne agus obair fhoirne",
      "Croí sláintiúil agus aclaíocht",
    ],
  },
  SPHE: {
    juniors: [
      "Mé féin",
      "Ár mothúcháin",
      "Cairdeas",
      "Fanacht sábháilte",
      "Ithe sláintiúil",
      "Aire a thabhairt do mo chorp",
    ],
    seniors: [
      "Ag fás agus ag athrú",
      "Cinntí a dhéanamh",
      "Feasacht ar na meáin",
      "Úsáid substaintí",
      "Sábháilteacht phearsanta ar líne",
      "Meas ar an éagsúlacht",
    ],
  },
  "Religious Education": {
    juniors: [
      "Muintearas agus teaghlaigh",
      "Aire a thabhairt don chruthú",
      "Ceiliúrthaí agus féilte",
      "Cineáltas le daoine eile",
      "Urnaí agus am ciúin",
      "Scéalta faoi Naomh Pádraig",
    ],
    seniors: [
      "Reiligiúin an domhain",
      "Naoimh na hÉireann",
      "Áiteanna beannaithe",
      "Ceartas agus cothroime",
      "Féilte reiligiúnacha ar fud an domhain",
      "Oidhreacht Chríostaí na gCeilteach",
    ],
  },
  "Modern Foreign Languages": {
    juniors: ["Beannachtaí", "Uimhreacha 1 go 10", "Dathanna", "Ainmhithe", "Baill an teaghlaigh", "Bia agus deoch"],
    seniors: [
      "Cur síos orm féin",
      "Caitheamh aimsire agus spórt",
      "An aimsir agus na séasúir",
      "Treoracha sa bhaile mór",
      "Gnáthamh laethúil",
      "Ag ordú i gcaife",
    ],
  },
  Other: {
    juniors: ["Eolas ginearálta", "Ár scoil", "Séasúir agus féilte"],
    seniors: ["Eolas ginearálta", "Cúrsaí reatha", "Éire agus an domhan"],
  },
};

/** The suggested topics by the language of the page. */
export const TOPICS_BY_LANGUAGE: Record<Language, Record<Subject, TopicLists>> = { en: TOPICS, ga: TOPICS_GA };

/** Levels that take the Juniors topic list; 3rd to 6th Class, and anything else, take Seniors. */
const JUNIOR_LIST_LEVELS: ReadonlySet<string> = new Set([
  "Junior Infants",
  "Senior Infants",
  "1st Class",
  "2nd Class",
  "Learning Support",
  "Other/Mixed",
]);

export function topicSourceForLevel(level: string): "juniors" | "seniors" {
  return JUNIOR_LIST_LEVELS.has(level) ? "juniors" : "seniors";
}

/** Suggested topics for a subject and level, in the page's language; none until both are chosen. */
export function topicsFor(subject: string, level: string, language: Language = "en"): readonly string[] {
  const lists = TOPICS_BY_LANGUAGE[language][subject as Subject];
  if (!lists || !level) return [];
  return lists[topicSourceForLevel(level)];
}

export const MAX_SUGGESTIONS_WHEN_EMPTY = 5;

/**
 * A text as matching compares it: lower case in the language's locale ("ga-IE" for Irish),
 * accents set aside, so "eolaiocht" typed on a keyboard without fadas finds "Eolaíocht".
 */
const foldForMatching = (text: string, locale: string) =>
  text.toLocaleLowerCase(locale).normalize("NFD").replace(/\p{M}/gu, "");

/**
 * The suggestion list: up to 5 when the field is empty, otherwise every substring match,
 * case and accents aside. `language` is the language of the topics shown (the page's).
 */
export function matchingTopics(topics: readonly string[], typed: string, language: Language = "en"): readonly string[] {
  const locale = LANGUAGE_LOCALES[language];
  const needle = foldForMatching(typed.trim(), locale);
  if (needle === "") return topics.slice(0, MAX_SUGGESTIONS_WHEN_EMPTY);
  return topics.filter((t) => foldForMatching(t, locale).includes(needle));
}
