/**
 * A game's share link: turned on and off by its creator, and used by another teacher to add
 * a copy of the game to their own games (decision 018).
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { games } from "../db/schema.ts";
import { isUuid } from "../db/uuid.ts";

/** 128 random bits, URL-safe: far beyond guessing, however many requests a guesser sends. */
export const newShareLinkId = () => randomBytes(16).toString("base64url");

/**
 * Turns the creator's share link on and returns its id; a link that is on already is kept (the
 * one the teacher copied before still works). Null when the game is not theirs.
 */
export async function turnShareLinkOn(db: Db, gameId: string, creatorId: string): Promise<string | null> {
  if (!isUuid(gameId)) return null;
  const [row] = await db
    .update(games)
    .set({ shareLinkId: sql`coalesce(${games.shareLinkId}, ${newShareLinkId()})` })
    .where(and(eq(games.id, gameId), eq(games.creatorId, creatorId)))
    .returning({ shareLinkId: games.shareLinkId });
  return row?.shareLinkId ?? null;
}

/** Turns it off: the link stops working at once, and turning it on again makes a new one. False when the game is not theirs. */
export async function turnShareLinkOff(db: Db, gameId: string, creatorId: string): Promise<boolean> {
  if (!isUuid(gameId)) return false;
  const rows = await db
    .update(games)
    .set({ shareLinkId: null })
    .where(and(eq(games.id, gameId), eq(games.creatorId, creatorId)))
    .returning({ id: games.id });
  return rows.length > 0;
}
