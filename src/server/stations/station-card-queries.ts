/**
 * Reading a game's station cards for its creator's print page: one card per question
 * of the game as it is now, in the questions' order; never the question's text or answer.
 */
import { sql } from "drizzle-orm";
import { gameLanguage } from "../../shared/i18n/content-language.ts";
import type { Language } from "../../shared/i18n/languages.ts";
import type { StationCard } from "../../shared/stations/station-responses.ts";
import { stationSymbolOf } from "../../shared/stations/station-rules.ts";
import { type Executor, queryRows } from "../db/client.ts";
import { games, questions, stationCards } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

type CardRow = {
  title: string;
  language: string | null;
  ai_last_used_subject: string | null;
  position: number | null;
  number: number | null;
  word: string | null;
  token: string | null;
  hiding_place: string | null;
  printed_at: Date | string | null;
};

export type GameStationCards = {
  gameTitle: string;
  language: Language;
  cards: StationCard[];
  /** Some question has no card yet (a game stored without cards): ensureStationCards makes them. */
  missing: boolean;
};

/** The creator's game's cards, by the questions' order; null when the game is not theirs. */
export async function findStationCards(
  db: Executor,
  creatorId: string,
  gameId: string,
): Promise<GameStationCards | null> {
  if (!isUuid(gameId)) return null;
  const rows = await queryRows<CardRow>(
    db,
    sql`select g.title, g.language, g.ai_last_used_subject, q.position, c.number, c.word, c.token, q.hiding_place, c.printed_at
        from ${games} g
        left join ${questions} q on q.game_id = g.id and q.version = g.question_version
        left join ${stationCards} c on c.station_key = q.station_key
        where g.id = ${gameId} and g.creator_id = ${creatorId}
        order by q.position`,
  );
  const [game] = rows;
  if (!game) return null;
  const cards: StationCard[] = [];
  let missing = false;
  for (const row of rows) {
    if (row.position === null) continue;
    if (row.token === null || row.number === null || row.word === null) {
      missing = true;
      continue;
    }
    cards.push({
      position: Number(row.position),
      number: Number(row.number),
      symbol: stationSymbolOf(Number(row.number)),
      word: row.word,
      token: row.token,
      hidingPlace: row.hiding_place,
      isNew: row.printed_at === null,
    });
  }
  return {
    gameTitle: game.title,
    language: gameLanguage({ language: game.language, aiLastUsedSubject: game.ai_last_used_subject }),
    cards,
    missing,
  };
}
