/**
 * A game coming from elsewhere with its pictures and recordings (decision 018, docs/GAME-FORMAT.md):
 * a game file imported, or a shared game copied. Either way the new game is an ordinary game of the
 * teacher's, with picture and recording rows of their own, made in one transaction: they and the
 * game are kept together or not at all, within the teacher's storage quota.
 */

import type { Db } from "../db/client.ts";
import { copyPictures, keepPictures } from "../images/image-commands.ts";
import { copyRecordings, keepRecordings } from "../recordings/recording-commands.ts";
import { insertGame, type NewGame, pictureIdsOf, recordingIdsOf } from "./game-commands.ts";
import type { GameFileContents } from "./game-file.ts";
import { filePictureRef, fileRecordingRef } from "./game-file.ts";

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

/**
 * The game with each question's, clue's and option's recording id replaced through `idOf` (one
 * with no new id is dropped: the question, clue or option is read by the synthesised voice).
 */
const withRecordingIds = (game: NewGame, idOf: (recordingId: string) => string | undefined): NewGame => ({
  ...game,
  questions: game.questions.map((q) => {
    const optionIds = (q.optionRecordingIds ?? []).map((id) => (id ? (idOf(id) ?? null) : null));
    return {
      ...q,
      recordingId: (q.recordingId && idOf(q.recordingId)) || null,
      clueRecordingId: (q.clueRecordingId && idOf(q.clueRecordingId)) || null,
      optionRecordingIds: optionIds.some((id) => id !== null) ? optionIds : null,
    };
  }),
});

/** A checked game file → a new game of this teacher, its pictures and recordings kept as theirs. */
export async function importGameFile(db: Db, teacherId: string, file: GameFileContents): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const ids = await keepPictures(tx, teacherId, file.pictures);
    const byRef = new Map(ids.map((id, k) => [filePictureRef(k), id]));
    const recordingIds = await keepRecordings(tx, teacherId, file.recordings);
    const byRecordingRef = new Map(recordingIds.map((id, k) => [fileRecordingRef(k), id]));
    return insertGame(
      tx,
      teacherId,
      withRecordingIds(
        withPictureIds(file.game, (ref) => byRef.get(ref)),
        (ref) => byRecordingRef.get(ref),
      ),
    );
  });
}

/** A shared game (read through its link, checked by the create-game schema) → a copy of this teacher's, with copies of its pictures and recordings. */
export async function copyGameWithPictures(db: Db, teacherId: string, game: NewGame): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const copied = await copyPictures(tx, teacherId, game.questions.flatMap(pictureIdsOf));
    const copiedRecordings = await copyRecordings(tx, teacherId, game.questions.flatMap(recordingIdsOf));
    return insertGame(
      tx,
      teacherId,
      withRecordingIds(
        withPictureIds(game, (id) => copied.get(id)),
        (id) => copiedRecordings.get(id),
      ),
    );
  });
}
