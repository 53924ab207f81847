/**
 * Which part of a catalogue a page loads. Pupils' pages (/join, /play) and the landing page load
 * only the `pupil` part, so the student-route budget (120 KB gzip) holds and the first page of
 * a visit waits for no teacher text; every other page loads `teacher` too. A key's part is its
 * first segment: `common.*`, `pupil.*` and `landing.*` are the pupil part; `email.*` is the
 * server's alone.
 */
export const CATALOGUE_PARTS = ["pupil", "teacher"] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/** `landing`: the home page, which a class opens from a link too, needs only these and its own few lines (186 characters). */
const PUPIL_NAMESPACES = new Set(["common", "pupil", "landing"]);
/** Texts only the server writes (a teacher's emails): in no page's part, so no page downloads them. */
const SERVER_NAMESPACES = new Set(["email"]);

export const partOfKey = (key: string): CataloguePart | "server" => {
  const namespace = key.split(".")[0] ?? "";
  if (SERVER_NAMESPACES.has(namespace)) return "server";
  return PUPIL_NAMESPACES.has(namespace) ? "pupil" : "teacher";
};
