#!/usr/bin/env node
/**
 * Git merge driver for the catalogues (src/shared/i18n/locales/*.json), so branches that each add
 * keys merge without conflicts: a three-way merge key by key, written back sorted.
 * Set up once per clone: git config merge.catalogue.driver "node scripts/git/merge-catalogue.mjs %O %A %B"
 * A key changed differently on both sides is a real conflict: the driver keeps ours, names the
 * key on stderr and exits 1, so git reports the file as conflicted.
 */
import { readFileSync, writeFileSync } from "node:fs";
import process from "node:process";

const [basePath, oursPath, theirsPath] = process.argv.slice(2);
const read = (path) => {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return {};
  }
};
const base = read(basePath);
const ours = read(oursPath);
const theirs = read(theirsPath);

const merged = {};
const conflicts = [];
for (const key of new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)])) {
  const [b, o, t] = [base[key], ours[key], theirs[key]];
  let value;
  if (o === t) value = o;
  else if (o === b) value = t;
  else if (t === b) value = o;
  else {
    conflicts.push(key);
    value = o ?? t;
  }
  if (value !== undefined) merged[key] = value;
}

const sorted = Object.fromEntries(
  Object.keys(merged)
    .sort()
    .map((key) => [key, merged[key]]),
);
writeFileSync(oursPath, `${JSON.stringify(sorted, null, 2)}\n`);
if (conflicts.length > 0) {
  process.stderr.write(`Catalogue keys changed on both sides: ${conflicts.join(", ")}\n`);
  process.exit(1);
}
