/**
 * A question's picture as the screens receive it, built inside the statement that reads the
 * question (the play state, the answer, the results stay one statement each): its address,
 * description and size, or null. Never the bytes: those come from GET /api/images/:id.
 */
import { IMAGE_PATH } from "../../shared/games/images.ts";

/** SQL for the picture of the question row `alias` (needs its image_id and image_alt columns). */
export const pictureJsonSql = (alias: string) =>
  `(select json_build_object('src', '${IMAGE_PATH}' || i.id, 'alt', ${alias}.image_alt, 'width', i.width, 'height', i.height)
      from images i where i.id = ${alias}.image_id)`;
