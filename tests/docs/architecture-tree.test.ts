/**
 * docs/ARCHITECTURE.md's folder tree is the map a new engineer reads first: every
 * path it names must exist, and none may be named twice (two entries drift apart).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { namedPaths, parseFolderTree, type TreeEntry } from "./folder-tree.ts";

const root = path.resolve(import.meta.dirname, "../..");
const architecture = fs.readFileSync(path.join(root, "docs/ARCHITECTURE.md"), "utf8");

/** The code block under "## Folder tree", and the file's line number of its first line. */
function folderTreeBlock(markdown: string): { block: string; firstLine: number } {
  const found = /^## Folder tree\n[\s\S]*?```\n([\s\S]*?)```/m.exec(markdown);
  if (!found) throw new Error('docs/ARCHITECTURE.md has no code block under "## Folder tree"');
  const block = found[1]!;
  const firstLine = markdown.slice(0, found.index + found[0].length - block.length - 3).split("\n").length;
  return { block, firstLine };
}

const exists = (entry: TreeEntry) => {
  const full = path.join(root, entry.path);
  if (!fs.existsSync(full)) return false;
  return entry.path.endsWith("/") ? fs.statSync(full).isDirectory() : fs.statSync(full).isFile();
};

describe("docs/ARCHITECTURE.md's folder tree", () => {
  const { block, firstLine } = folderTreeBlock(architecture);
  // Lines numbered as in docs/ARCHITECTURE.md, for the messages.
  const entries = parseFolderTree(block).map((entry) => ({ ...entry, line: entry.line + firstLine - 1 }));

  it("names only files and folders that exist", () => {
    const missing = entries.filter((entry) => !exists(entry)).map((entry) => `line ${entry.line}: ${entry.path}`);
    expect(missing).toEqual([]);
    // A parser that read nothing would pass the line above: the tree names well over a hundred paths.
    expect(entries.length).toBeGreaterThan(150);
  });

  it("names each path once", () => {
    const lines = new Map<string, number[]>();
    for (const entry of entries) lines.set(entry.path, [...(lines.get(entry.path) ?? []), entry.line]);
    const twice = [...lines].filter(([, at]) => at.length > 1).map(([name, at]) => `${name} (lines ${at.join(", ")})`);
    expect(twice).toEqual([]);
  });

  it("lists every source file of the server and of src/shared, and every web feature", () => {
    // The server and src/shared are mapped file by file; the web by feature and by what features share.
    const named = new Set(entries.map((entry) => entry.path));
    const sources = ["src/server", "src/shared"].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
        .map((file) => `${dir}/${file.split(path.sep).join("/")}`)
        .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file)),
    );
    const webRooms = ["src/web/features", "src/web/lib"].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir), { withFileTypes: true })
        .map((item) => `${dir}/${item.name}${item.isDirectory() ? "/" : ""}`)
        .filter((item) => !/\.test\.tsx?$/.test(item)),
    );
    expect([...sources, ...webRooms].filter((item) => !named.has(item))).toEqual([]);
  });
});

describe("the folder tree's reader", () => {
  // The tree's own conventions, so that a change to the parser cannot quietly read less.
  const tree = [
    "src/",
    "  shared/                 rules; a description that runs on",
    "                          to a second line naming fake.ts",
    "    i18n/                 texts",
    "      locales/en.json, ga.json  catalogues",
    "    game-copy-commands.ts importGameFile, copyGame: one space before the description",
    "  web/",
    "    index.html, main.tsx  entry",
    "    app/app-tree.tsx      a path inside the parent",
    "    content-encoding.ts brotli/gzip negotiation: a description may hold a slash",
    "    features/",
    "      landing/ not-found/",
    ".ci/run                   CI",
  ].join("\n");

  it("reads names, lists of names, nested paths and descriptions over several lines", () => {
    expect(namedPaths(parseFolderTree(tree))).toEqual([
      "src/",
      "src/shared/",
      "src/shared/i18n/",
      "src/shared/i18n/locales/en.json",
      "src/shared/i18n/locales/ga.json",
      "src/shared/game-copy-commands.ts",
      "src/web/",
      "src/web/index.html",
      "src/web/main.tsx",
      "src/web/app/app-tree.tsx",
      "src/web/content-encoding.ts",
      "src/web/features/",
      "src/web/features/landing/",
      "src/web/features/not-found/",
      ".ci/run",
    ]);
  });

  it("refuses an entry nested under a file or indented by an odd step", () => {
    expect(() => parseFolderTree("src/\n  app.ts\n    inner.ts")).toThrow(/line 3/);
    expect(() => parseFolderTree("src/\n  web/\n   app.ts")).toThrow(/line 3/);
  });
});
