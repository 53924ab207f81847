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

/** The option picture columns of a question row: A to D (decision 038), and an order question's fifth and sixth items (decision 050). */
export const OPTION_IMAGE_COLUMNS = [
  "option_image_a",
  "option_image_b",
  "option_image_c",
  "option_image_d",
  "option_image_e",
  "option_image_f",
] as const;

const anyOptionImage = (alias: string) => `coalesce(${optionImageColumnsOf(alias)}) is not null`;
const optionImageArray = (alias: string) => `array[${optionImageColumnsOf(alias)}]`;

/**
 * SQL for the options' pictures of the question row `alias` (needs its options and option_image_*
 * columns): an entry per option (or order item), each a picture as above whose description is the
 * option's text, or null; null as a whole when no option has a picture. Index lookups on the images primary key.
 */
export const optionPicturesJsonSql = (alias: string) =>
  `case when ${anyOptionImage(alias)} then (
     select json_agg((select json_build_object('src', '${IMAGE_PATH}' || i.id, 'alt', ${alias}.options[u.k], 'width', i.width, 'height', i.height)
                        from images i where i.id = u.id) order by u.k)
     from unnest(${optionImageArray(alias)}) with ordinality u(id, k) where u.k <= cardinality(${alias}.options)) end`;

/** SQL for the options' picture ids of the question row `alias`: an id or null per option, or null when none has one. */
export const optionImageIdsSql = (alias: string) =>
  `case when ${anyOptionImage(alias)} then (${optionImageArray(alias)})[1:cardinality(${alias}.options)] end`;

/** The option picture columns of `alias`, to select in a lateral or subquery that a picture reader reads from. */
export const optionImageColumnsOf = (alias: string) => OPTION_IMAGE_COLUMNS.map((c) => `${alias}.${c}`).join(", ");
