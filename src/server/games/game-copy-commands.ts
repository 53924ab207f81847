/**
 * A game coming from elsewhere with its pictures (decision 018, docs/GAME-FORMAT.md): a game
 * file imported, or a shared game copied. Either way the new game is an ordinary game of the
 * teacher's, with picture rows of their own, made in one transaction: the pictures and the game
 * are kept together or not at all, within the teacher's storage quota.
 */

import type { Db } from "../db/client.ts";
import { copyPictures, keepPictures } from "../images/image-commands.ts";
import { insertGame, type NewGame, pictureIdsOf } from "./game-commands.ts";
import type { GameFileContents } from "./game-file.ts";
import { filePictureRef } from "./game-file.ts";

/**
 * The game with each question's and option's picture id replaced through `idOf` (a picture with
 * no new id is dropped: the question, or that option, loses it; an option keeps its text).
 */
const withPictureIds = (game: NewGame, idOf: (imageId: string) => string | undefined): NewGame => ({
  ...game,
  questions: game.questions.map((q) => {
    const imageId = q.imageId ? idOf(q.imageId) : undefined;
    const optionIds = (q.optionImageIds ?? []).map((id) => (id ? (idOf(id) ?? null) : null));
    const optionImageIds = optionIds.some((id) => id !== null) ? optionIds : null;
    return imageId ? { ...q, imageId, optionImageIds } : { ...q, imageId: null, imageAlt: null, optionImageIds };
  }),
});

/** A checked game file → a new game of this teacher, its pictures kept as theirs. */
export async function importGameFile(db: Db, teacherId: string, file: GameFileContents): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const ids = await keepPictures(tx, teacherId, file.pictures);
    const byRef = new Map(ids.map((id, k) => [filePictureRef(k), id]));
    return insertGame(
      tx,
      teacherId,
      withPictureIds(file.game, (ref) => byRef.get(ref)),
    );
  });
}

/** A shared game (read through its link, checked by the create-game schema) → a copy of this teacher's, with copies of its pictures. */
export async function copyGameWithPictures(db: Db, teacherId: string, game: NewGame): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const copied = await copyPictures(tx, teacherId, game.questions.flatMap(pictureIdsOf));
    return insertGame(
      tx,
      teacherId,
      withPictureIds(game, (id) => copied.get(id)),
    );
  });
}
