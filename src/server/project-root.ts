/**
 * The checkout's root folder, for the files the server reads beside its code: the migrations, the
 * starter hunts, the blocked-names list, the database's thread and the web build. Two folders up
 * from this module, both where it is written (src/server) and where `npm start` runs it, bundled
 * into one file (dist/server/main.mjs, start.mjs).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
