/**
 * Reads a folder tree as docs/ARCHITECTURE.md draws it, so a test can check it against the disk.
 *
 *   src/                    a folder: its entries are indented two spaces more
 *     app.ts                a file, then its description (after two spaces, or one when the name
 *                           is long); a description runs on in lines indented deeper still
 *     app/app-tree.tsx      a path inside the parent folder
 *     index.html, main.tsx  several names in one entry, each beside the first
 *
 * The layout is the document's, not a format of ours: the reader is as loose as the tree can
 * be while still telling a name from a description, and throws (naming the line) where it cannot.
 */
export type TreeEntry = { path: string; line: number };

const INDENT_STEP = 2;

/** A name, not a word of a description: it has a folder part or an extension (`.ci/run`, `main.tsx`, `locales/`). */
function isPathToken(token: string): boolean {
  return /^[\w@.-]+(\/[\w@.-]+)*\/?$/.test(token) && (token.includes("/") || /\.\w+$/.test(token));
}

/**
 * The names at the start of an entry's text, before the first double space: one name, then more
 * only after a comma (`index.html, main.tsx`) or as folders after a folder (`landing/ not-found/`),
 * so that `content-encoding.ts brotli/gzip negotiation` names one file.
 */
function namesOf(text: string): string[] {
  const names: string[] = [];
  let previous = "";
  for (const token of text.split(/ {2,}/)[0]!.split(" ")) {
    const name = token.replace(/,$/, "");
    const follows = names.length === 0 || previous.endsWith(",") || (previous.endsWith("/") && name.endsWith("/"));
    if (!follows || !isPathToken(name)) break;
    names.push(name);
    previous = token;
  }
  return names;
}

function dirname(name: string): string {
  const cut = name.replace(/\/$/, "").lastIndexOf("/");
  return cut < 0 ? "" : name.slice(0, cut + 1);
}

export function parseFolderTree(tree: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  // The folder (or null: a file, or a list of names) open at each depth.
  const open: (string | null)[] = [];
  let lastEntryIndent = -INDENT_STEP;
  tree.split("\n").forEach((text, index) => {
    const line = index + 1;
    if (!text.trim()) return;
    const indent = text.length - text.trimStart().length;
    // Deeper than one step below the last entry: its description running on.
    if (indent > lastEntryIndent + INDENT_STEP) return;
    if (indent % INDENT_STEP !== 0)
      throw new Error(`line ${line}: indented by ${indent}, not a multiple of ${INDENT_STEP}`);
    const depth = indent / INDENT_STEP;
    const parent = depth === 0 ? "" : open[depth - 1];
    if (parent === null || parent === undefined)
      throw new Error(`line ${line}: nested under something that is not one folder`);
    const names = namesOf(text.trim());
    if (names.length === 0) throw new Error(`line ${line}: no file or folder name at the start of "${text.trim()}"`);
    const first = parent + names[0]!;
    const paths = [first, ...names.slice(1).map((name) => dirname(first) + name)];
    for (const path of paths) entries.push({ path, line });
    open.length = depth;
    open[depth] = paths.length === 1 && first.endsWith("/") ? first : null;
    lastEntryIndent = indent;
  });
  return entries;
}

export const namedPaths = (entries: TreeEntry[]) => entries.map((entry) => entry.path);
