/**
 * Station words: the short word printed on each station card, which a child may type
 * instead of scanning the QR code. One list per language of easy, distinct, child-readable
 * words (animals, things in a classroom or a garden, food), none of them a station symbol's
 * name (a card showing a bell must not say MOON). A word is chosen so that it is unique in its
 * game (folded, as typed words are matched) and never one of the game's options: a card must
 * not give an answer away. Pure; the server chooses with its own randomness.
 */
import type { Language } from "../i18n/languages.ts";
import { stationWordKey } from "./station-rules.ts";

/** A list written as words separated by spaces and line breaks. */
const words = (list: string) => list.trim().split(/\s+/u);

const ENGLISH = words(`
  OTTER BADGER RABBIT PANDA TIGER ZEBRA CAMEL HIPPO KOALA LLAMA MOOSE PARROT PENGUIN PUFFIN ROBIN SEAL
  SHARK SNAIL SPIDER SQUID SWAN TURTLE WALRUS WHALE WOLF BEAR DUCK FROG GOAT HORSE LION MOUSE OWL PIG
  SHEEP TOAD CRAB DEER EAGLE FOX GOOSE HEN LAMB MOLE NEWT PONY BEAVER DONKEY GORILLA HAMSTER CANDLE
  KITE DRUM FLUTE PIANO GUITAR TRUMPET BANJO VIOLIN ROCKET TRAIN TRUCK CANOE YACHT TRACTOR WAGON SLED
  BUCKET SPADE LADDER HAMMER PENCIL CRAYON RULER BASKET BLANKET BUTTON CASTLE CROWN FEATHER GARDEN
  HELMET JACKET JIGSAW KETTLE LANTERN MAGNET MARBLE MITTEN PILLOW PUDDLE RAINBOW SADDLE SCARF SOCK
  TEAPOT TENT TOWEL UMBRELLA WHISTLE WINDOW ACORN CACTUS CLOUD COMET DAISY DESERT FOREST HILL ISLAND
  LAKE MEADOW OCEAN PEBBLE PLANET RIVER SHELL STONE THUNDER TULIP VALLEY VOLCANO WAVE BANANA CARROT
  CHERRY COCONUT LEMON MANGO MELON PEACH PEAR PIZZA PUMPKIN TOAST WAFFLE MUFFIN COOKIE NOODLE PANCAKE
  BISCUIT POPCORN SANDWICH TOMATO TURNIP ONION GRAPE HONEY JELLY YOGURT
`);

const IRISH = words(`
  MADRA CAPALL COINÍN LUCH FRANCACH SIONNACH BROC GRÁINNEOG IORA DOBHARCHÚ EALA LACHA GÉ CEARC
  COILEACH MUC CAORA UAN GABHAR ASAL BÓ TARBH FIA BEACH PÉIST SEILIDE FROG LOSCÁN PORTÁN RÓN DEILF
  SIORC PIONGÚIN MOINCÍ SÉABRA LEON TÍOGAR BÉAR CAMALL EILIFINT ULCHABHÁN SMÓLACH SPIDEOG FÁINLEOG
  PRÉACHÁN COLM GEALBHAN IOLAR SEABHAC PUIFÍN CATHAOIR BORD DORAS FUINNEOG LEABA MÁLA PEANN LEABHAR
  CÓTA HATA BRÓG STOCA SCAIF CUPÁN PLÁTA SPÚNÓG FORC BUICÉAD SLUASAID DRÉIMIRE CASÚR RIALÓIR LIATHRÓID
  CAISLEÁN CORÓIN CLEITE GAIRDÍN CLOGAD SEACÉAD CITEAL LAINDÉAR MAIGNÉAD MIRLÍN PILIÚR LOCHÁN DIALLAIT
  PUBALL TUÁILLE FEADÓG TRAEIN BUS ROICÉAD TARRACÓIR CURACH LONG EITLEÁN ROTHAR CARR LEORAÍ VEAIN
  SCAMALL CNOC SLIABH OILEÁN LOCH ABHAINN FARRAIGE COILL CLOCH PÁIRC TRÁ GAINEAMH TONN CARRAIG SLIOGÁN
  PLÁINÉAD COMÉAD BOLCÁN TOIRNEACH SNEACHTA OIGHEAR DAIR DEARCÁN NÓINÍN CACHTAS BANANA CAIRÉAD SILÍN
  LIOMÓID MANGÓ ORÁISTE PÉITSEOG PIORRA PIOBAR PÍOTSA PUIMCÍN TÓSTA CÁCA BRIOSCA ARÁN CÁIS UBH BAINNE
  ANRAITH PRÁTA TORNAPA MEACAN CABÁISTE MIL SUBH
`);

export const STATION_WORDS: Record<Language, readonly string[]> = { en: ENGLISH, ga: IRISH };

/**
 * A station word for a card: one of the language's words whose folded form is not `taken` (the
 * game's other cards, and, for "New cards", the old ones) nor `avoid` (the game's options,
 * folded with stationWordKey). `pick(n)` chooses among n candidates (0 ≤ result < n). When every
 * word of the list is used, a word gets a number after it (OTTER2): a game has at most 100
 * questions, but a game edited for years keeps the cards of removed questions.
 */
export function chooseStationWord(
  language: Language,
  taken: ReadonlySet<string>,
  avoid: ReadonlySet<string>,
  pick: (n: number) => number,
): { word: string; wordKey: string } {
  const words = STATION_WORDS[language];
  for (let round = 1; ; round++) {
    const candidates = words
      .map((w) => (round === 1 ? w : `${w}${round}`))
      .filter((w) => {
        const key = stationWordKey(w);
        return !taken.has(key) && !avoid.has(key);
      });
    if (candidates.length > 0) {
      const word = candidates[pick(candidates.length)]!;
      return { word, wordKey: stationWordKey(word) };
    }
  }
}
