/**
 * A question's picture as the screens receive it, built inside the statement that reads the
 * question (the play state, the answer, the results stay one statement each): its address,
 * description and size, or null; and its options' pictures (decision 038). Never the bytes: those come from GET /api/images/:id.
 */
import { IMAGE_PATH } from "../../shared/games/images.ts";

/** SQL for the picture of the question row `alias` (needs its image_id and image_alt columns). */
export const pictureJsonSql = (alias: string) =>
  `(select json_build_object('src', '${IMAGE_PATH}' || i.id, 'alt', ${alias}.image_alt, 'width', i.width, 'height', i.height)
      from images i where i.id = ${alias}.image_id)`;

/** The option picture columns of a question row, A to D (decision 038). */
export const OPTION_IMAGE_COLUMNS = ["option_image_a", "option_image_b", "option_image_c", "option_image_d"] as const;

/**
 * SQL for the options' pictures of the question row `alias` (needs its options and option_image_*
 * columns): four entries A to D, each a picture as above whose description is the option's text,
 * or null; null as a whole when no option has a picture. Index lookups on the images primary key.
 */
export const optionPicturesJsonSql = (alias: string) =>
  `case when coalesce(${OPTION_IMAGE_COLUMNS.map((c) => `${alias}.${c}`).join(", ")}) is not null then json_build_array(${OPTION_IMAGE_COLUMNS.map(
    (c, k) => `
      (select json_build_object('src', '${IMAGE_PATH}' || i.id, 'alt', ${alias}.options[${k + 1}], 'width', i.width, 'height', i.height)
         from images i where i.id = ${alias}.${c})`,
  ).join(",")}) end`;

/** The option picture columns of `alias`, to select in a lateral or subquery that a picture reader reads from. */
export const optionImageColumnsOf = (alias: string) => OPTION_IMAGE_COLUMNS.map((c) => `${alias}.${c}`).join(", ");
