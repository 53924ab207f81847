/**
 * No folder loops in src/server: if a file of folder A imports folder B, no file of B may lead
 * back to A, however many folders the way round takes. import/no-cycle sees only loops of
 * files, and a loop of folders is where a move or a rename starts to pull at everything. A file at the root of
 * src/server (app.ts, config.ts, …) is a room of its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const serverDir = path.dirname(fileURLToPath(import.meta.url));

/** The room a file of src/server is in: its top folder, or itself when it is at the root. */
const roomOf = (file: string) => path.relative(serverDir, file).split(path.sep)[0]!;

/** Every import between two rooms, as room → rooms it imports (tests left out: they may reach anywhere). */
function roomImports(dir: string): Map<string, Set<string>> {
  const rooms = new Map<string, Set<string>>();
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter(
    (f) => /\.(ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f),
  );
  for (const relative of files) {
    const file = path.join(dir, relative);
    const from = roomOf(file);
    if (!rooms.has(from)) rooms.set(from, new Set());
    for (const [, specifier] of readFileSync(file, "utf8").matchAll(
      /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g,
    )) {
      const target = path.resolve(path.dirname(file), specifier!);
      if (!target.startsWith(serverDir + path.sep)) continue;
      const to = roomOf(target);
      if (to !== from) rooms.get(from)!.add(to);
    }
  }
  return rooms;
}

/** The loops of a graph: its strongly connected components of more than one room (Tarjan). */
function loops(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (room: string) => {
    index.set(room, next);
    low.set(room, next++);
    stack.push(room);
    for (const to of graph.get(room) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(room, Math.min(low.get(room)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(room, Math.min(low.get(room)!, index.get(to)!));
    }
    if (low.get(room) === index.get(room)) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        component.push(top);
      } while (top !== room);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const room of graph.keys()) if (!index.has(room)) visit(room);
  return found;
}

describe("src/server's folders", () => {
  it("finds a loop of folders, however long the way round", () => {
    const graph = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(loops(graph)).toEqual([["a", "b", "c"]]);
    expect(
      loops(
        new Map([
          ["a", new Set(["b"])],
          ["b", new Set<string>()],
        ]),
      ),
    ).toEqual([]);
  });

  it("import one another in one direction only: no folder loops", () => {
    const graph = roomImports(serverDir);
    expect(graph.get("play")).toContain("limits");
    expect(loops(graph)).toEqual([]);
  });
});
