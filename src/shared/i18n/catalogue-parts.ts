/**
 * Which part of a catalogue a page loads. Pupils' pages (/join, /play) load only the `pupil`
 * part, so the student-route budget (120 KB gzip) holds; every other page loads `teacher` too.
 * A key's part is its first segment: `common.*` and `pupil.*` are the pupil part.
 */
export const CATALOGUE_PARTS = ["pupil", "teacher"] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

const PUPIL_NAMESPACES = new Set(["common", "pupil"]);

export const partOfKey = (key: string): CataloguePart => (PUPIL_NAMESPACES.has(key.split(".")[0] ?? "") ? "pupil" : "teacher");
