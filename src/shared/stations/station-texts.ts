import type { MessageTable } from "../i18n/messages.ts";

/** The server's station refusals, as catalogue keys: the pupil's screen shows them in its language. */
export const stationMessages = {
  /** Neither a card's token nor a station word came with the find. */
  tokenOrWord: "pupil.station.tokenOrWord",
  /** An answer to a station's question before its station was found (its question was never sent). */
  findStationFirst: "pupil.station.findStationFirst",
  /** A station found in a session played on screen. */
  notAroundTheRoom: "pupil.station.notAroundTheRoom",
  /** Too many wrong station words from this device or address: the join codes' allowance (decision 015). */
  tooManyWrongWords: "pupil.station.tooManyWrongWords",
} as const satisfies MessageTable;
