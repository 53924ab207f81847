/**
 * Where a starter hunt's cards are hidden (a question's `hidingPlace`): places every classroom
 * has, in English and in Irish (the Irish as a teacher says it, with its mutations: after "ar an",
 * "faoin" and "leis an" a noun is eclipsed, "faoi" and "ar" lenite, d and t stay as they are after
 * the article). A hunt takes ten different ones.
 */
import type { Bilingual } from "./maths/types.ts";

export const PLACES = {
  window: { en: "on the window", ga: "ar an bhfuinneog" },
  chair: { en: "under the chair", ga: "faoin gcathaoir" },
  whiteboard: { en: "beside the whiteboard", ga: "in aice leis an gclár bán" },
  door: { en: "beside the door", ga: "in aice leis an doras" },
  clock: { en: "under the clock", ga: "faoin gclog" },
  teachersDesk: { en: "on the teacher's desk", ga: "ar dheasc an mhúinteora" },
  bookshelf: { en: "on the bookshelf", ga: "ar an tseilf leabhar" },
  bookCorner: { en: "in the book corner", ga: "i gcúinne na leabhar" },
  globe: { en: "beside the globe", ga: "in aice leis an gcruinneog" },
  noticeboard: { en: "on the noticeboard", ga: "ar an gclár fógraí" },
  bin: { en: "beside the bin", ga: "in aice leis an mbosca bruscair" },
  plant: { en: "beside the plant", ga: "in aice leis an bplanda" },
  map: { en: "under the map", ga: "faoin léarscáil" },
  computer: { en: "beside the computer", ga: "in aice leis an ríomhaire" },
  sink: { en: "beside the sink", ga: "in aice leis an doirteal" },
  coatHooks: { en: "under the coat hooks", ga: "faoi na crúcaí cótaí" },
  natureTable: { en: "on the nature table", ga: "ar bhord an dúlra" },
  radiator: { en: "on the radiator", ga: "ar an radaitheoir" },
} as const satisfies Record<string, Bilingual>;

export type PlaceName = keyof typeof PLACES;
