/**
 * Writing station cards (decisions 031, 032 and 043): one card per station key of a game,
 * made in the transaction of every save (create, edit, duplicate, game file, share-link copy), which
 * also gives a new word to any card whose word the save made one of the game's options; "New cards"
 * (every card a new token, word and number, so the laminated old ones stop working); the cards
 * marked printed. A word a card no longer says is retired: no card of the game says it again.
 */
import { randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { libraryMessages } from "../../shared/games/game-library.ts";
import { gameLanguage } from "../../shared/i18n/content-language.ts";
import { stationWordKey } from "../../shared/stations/station-rules.ts";
import { chooseStationWord } from "../../shared/stations/station-words.server.ts";
import { type Db, type Executor, queryRows } from "../db/client.ts";
import { games, questions, stationCards, stationRetiredWords } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";
import { notFound } from "../http/errors.ts";

/** 128 random bits, URL-safe: the card's QR code. Far beyond guessing; no allowance needed. */
const newCardToken = () => randomBytes(16).toString("base64url");

/**
 * How many retired words a game keeps, the newest: a word comes back only after a thousand others
 * were retired after it (33 "New cards" of a class's 30 cards, 10 of a game's largest set of 100),
 * while a game renewed every hour of the year keeps a bounded list. Past the word list (150 words)
 * the words carry numbers (OTTER2), which are as easy to type.
 */
export const RETIRED_WORDS_KEPT = 1000;

/** The game's retired words (folded) and its cards' words: the words no card may be given. */
async function wordsInUseOrRetired(tx: Executor, gameId: string): Promise<Set<string>> {
  const rows = await queryRows<{ word_key: string }>(
    tx,
    sql`select word_key from ${stationCards} where game_id = ${gameId}
        union select word_key from ${stationRetiredWords} where game_id = ${gameId}`,
  );
  return new Set(rows.map((row) => row.word_key));
}

/** Retires words of the game's cards (folded), then forgets the oldest beyond RETIRED_WORDS_KEPT. */
async function retireWords(tx: Executor, gameId: string, wordKeys: readonly string[]) {
  if (wordKeys.length === 0) return;
  await tx
    .insert(stationRetiredWords)
    .values(wordKeys.map((wordKey) => ({ gameId, wordKey })))
    .onConflictDoUpdate({
      target: [stationRetiredWords.gameId, stationRetiredWords.wordKey],
      set: { retiredAt: sql`excluded.retired_at` },
    });
  await tx.execute(sql`
    delete from ${stationRetiredWords}
    where game_id = ${gameId} and word_key in (
      select word_key from ${stationRetiredWords} where game_id = ${gameId}
      order by retired_at desc, word_key offset ${RETIRED_WORDS_KEPT})`);
}

/**
 * Every option of the game's questions (any stored version), folded: no card's word is one of
 * them, so no card gives away an answer, its own question's or another's. Every stored version
 * counts, not only the current one: a session pinned to an earlier version asks its options at
 * the same cards.
 */
async function optionKeysOfGame(tx: Executor, gameId: string): Promise<Set<string>> {
  const rows = await queryRows<{ option: string }>(
    tx,
    sql`select distinct unnest(options) as option from ${questions} where game_id = ${gameId}`,
  );
  return new Set(rows.map((row) => stationWordKey(row.option)));
}

type StationKeyRow = { station_key: string; position: number; version: number };

/** The game's station keys (any stored version) that have no card yet, the newest version's question for each. */
const keysWithoutCard = (tx: Executor, gameId: string) =>
  queryRows<StationKeyRow>(
    tx,
    sql`select distinct on (q.station_key) q.station_key, q.position, q.version
        from ${questions} q
        where q.game_id = ${gameId}
          and not exists (select 1 from ${stationCards} c where c.station_key = q.station_key)
        order by q.station_key, q.version desc`,
  );

/**
 * The game's cards, locked for the rest of the transaction: saves, "New cards", a session
 * started around the room and a first find all make or change cards, and two of them never
 * choose the same word or number. An advisory lock on the game's id, not its row: Start Session
 * holds the row `for share` when it makes missing cards, and two such sessions upgrading their
 * shared row locks would deadlock each other.
 */
const lockCards = (tx: Executor, gameId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`station-cards:${gameId}`}, 0))`);

/** The game's language (its cards' words), or null when there is no such game (of this creator, when one is named). */
async function languageOf(tx: Executor, gameId: string, creatorId?: string) {
  const [game] = await queryRows<{ language: string | null; ai_last_used_subject: string | null }>(
    tx,
    creatorId === undefined
      ? sql`select language, ai_last_used_subject from ${games} where id = ${gameId}`
      : sql`select language, ai_last_used_subject from ${games} where id = ${gameId} and creator_id = ${creatorId}`,
  );
  return game ? gameLanguage({ language: game.language, aiLastUsedSubject: game.ai_last_used_subject }) : null;
}

/**
 * Every question of the game (any stored version) gets its station card, inside the caller's
 * transaction: a token, a word in the game's language (unique in the game, never retired, never
 * one of the game's options) and the next number, in the order of the questions. A save calls it
 * through stationCardsAfterSave; the card routes, a session started around the room and a pupil's
 * find call it too, for games stored without cards (an upgraded database). Costs one select when
 * every card is there.
 */
export async function ensureStationCards(tx: Executor, gameId: string): Promise<void> {
  if ((await keysWithoutCard(tx, gameId)).length === 0) return;
  await lockCards(tx, gameId);
  const language = await languageOf(tx, gameId);
  if (!language) return;
  // Read again under the lock: another transaction may have made them while we waited.
  const missing = (await keysWithoutCard(tx, gameId)).sort((a, b) => b.version - a.version || a.position - b.position);
  if (missing.length === 0) return;
  const existing = await queryRows<{ number: number }>(
    tx,
    sql`select number from ${stationCards} where game_id = ${gameId}`,
  );
  const taken = await wordsInUseOrRetired(tx, gameId);
  const options = await optionKeysOfGame(tx, gameId);
  let number = existing.reduce((max, c) => Math.max(max, Number(c.number)), 0);
  const values = missing.map((q) => {
    const { word, wordKey } = chooseStationWord(language, taken, options, randomInt);
    taken.add(wordKey);
    number += 1;
    return { stationKey: q.station_key, gameId, token: newCardToken(), word, wordKey, number };
  });
  await tx.insert(stationCards).values(values).onConflictDoNothing();
}

/**
 * A new word for each card of the game whose word is now one of the game's options (a save put it
 * there), in the caller's transaction under the cards' lock: the card is to print again, and its
 * old word is retired, so typed it finds nothing. Its token stays: the QR code gives nothing away,
 * and the laminated card keeps leading to its station (in a hunt under way too) until it is reprinted.
 */
async function rewordCardsThatAreOptions(tx: Executor, gameId: string): Promise<void> {
  const language = await languageOf(tx, gameId);
  if (!language) return;
  const options = await optionKeysOfGame(tx, gameId);
  const cards = await queryRows<{ station_key: string; word_key: string }>(
    tx,
    sql`select station_key, word_key from ${stationCards} where game_id = ${gameId}`,
  );
  const given = cards.filter((c) => options.has(c.word_key));
  if (given.length === 0) return;
  const taken = await wordsInUseOrRetired(tx, gameId);
  const reworded = given.map((c) => {
    const { word, wordKey } = chooseStationWord(language, taken, options, randomInt);
    taken.add(wordKey);
    return sql`(${c.station_key}::uuid, ${word}, ${wordKey})`;
  });
  await retireWords(
    tx,
    gameId,
    given.map((c) => c.word_key),
  );
  await tx.execute(sql`
    update ${stationCards} c set word = v.word, word_key = v.word_key, printed_at = null
    from (values ${sql.join(reworded, sql`, `)}) as v(station_key, word, word_key)
    where c.station_key = v.station_key and c.game_id = ${gameId}`);
}

/**
 * The cards after a save, in its transaction: a card for each new question, and a new word for any
 * card whose word the save made one of the game's options. Every path that writes questions (create,
 * edit, duplicate, game file, share-link copy, a version for another class level) is a save.
 */
export async function stationCardsAfterSave(tx: Executor, gameId: string): Promise<void> {
  await lockCards(tx, gameId);
  await rewordCardsThatAreOptions(tx, gameId);
  await ensureStationCards(tx, gameId);
}

/**
 * "New cards": every card of the creator's game gets a new token, a new word (none of the old
 * ones, so an old card's word stops working too) and a number by the question's place in the game
 * (cards of removed questions after), and is to be printed again. The old words are retired, so none
 * comes back on a later card. "Not found" when the game is not theirs.
 */
export async function renewStationCards(db: Db, creatorId: string, gameId: string): Promise<void> {
  if (!isUuid(gameId)) throw notFound(libraryMessages.gameNotFound);
  return db.transaction(async (tx) => {
    const language = await languageOf(tx, gameId, creatorId);
    if (!language) throw notFound(libraryMessages.gameNotFound);
    await lockCards(tx, gameId);
    await ensureStationCards(tx, gameId);
    const cards = await queryRows<{ station_key: string; word_key: string }>(
      tx,
      sql`select c.station_key, c.word_key
          from ${stationCards} c
          join ${games} g on g.id = c.game_id
          left join ${questions} q on q.station_key = c.station_key and q.game_id = g.id and q.version = g.question_version
          where c.game_id = ${gameId}
          order by q.position nulls last, c.number`,
    );
    const taken = await wordsInUseOrRetired(tx, gameId);
    const options = await optionKeysOfGame(tx, gameId);
    const renewed = cards.map((c, k) => {
      const { word, wordKey } = chooseStationWord(language, taken, options, randomInt);
      taken.add(wordKey);
      return sql`(${c.station_key}::uuid, ${newCardToken()}, ${word}, ${wordKey}, ${k + 1}::smallint)`;
    });
    if (renewed.length === 0) return;
    await retireWords(
      tx,
      gameId,
      cards.map((c) => c.word_key),
    );
    // Numbers and words are unique in a game, checked row by row: the old ones step aside first.
    await tx.execute(
      sql`update ${stationCards} set number = -number, word_key = '~' || word_key where game_id = ${gameId}`,
    );
    await tx.execute(sql`
      update ${stationCards} c
      set token = v.token, word = v.word, word_key = v.word_key, number = v.number, printed_at = null
      from (values ${sql.join(renewed, sql`, `)}) as v(station_key, token, word, word_key, number)
      where c.station_key = v.station_key and c.game_id = ${gameId}`);
  });
}

/** The game's current cards (its questions as they are now) marked printed: they are no longer "new". */
export async function markStationCardsPrinted(db: Db, creatorId: string, gameId: string): Promise<void> {
  if (!isUuid(gameId)) throw notFound(libraryMessages.gameNotFound);
  await db.transaction(async (tx) => {
    const [game] = await queryRows<{ id: string }>(
      tx,
      sql`select id from ${games} where id = ${gameId} and creator_id = ${creatorId}`,
    );
    if (!game) throw notFound(libraryMessages.gameNotFound);
    await tx.execute(sql`
      update ${stationCards} c set printed_at = now()
      from ${questions} q join ${games} g on g.id = q.game_id and q.version = g.question_version
      where q.game_id = ${gameId} and c.station_key = q.station_key and c.printed_at is null`);
  });
}
