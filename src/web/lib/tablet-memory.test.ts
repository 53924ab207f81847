/** What a tablet remembers of its children: by group for "Add a player", by play page for a child taken out. */
import { describe, expect, it } from "vitest";
import {
  forgetPlayer,
  otherPlayersAfter,
  REMEMBERED_GROUPS,
  rememberedTabletOf,
  rememberedTabletOfGroup,
  rememberPlayer,
  rememberTabletPlayers,
} from "./tablet-memory.ts";

/** localStorage as a Map (the unit project runs in Node); `full` refuses every write, as a full storage does. */
function fakeStorage(full = false): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (full) throw new DOMException("full", "QuotaExceededError");
      items.set(k, String(v));
    },
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

const group = { code: "482913", groupId: "g1" };
const aoife = { progressId: "p-aoife", name: "Aoife" };
const cian = { progressId: "p-cian", name: "Cian" };
const saoirse = { progressId: "p-saoirse", name: "Saoirse" };

describe("the tablet's memory", () => {
  it("keeps each group's code and children in the order they joined, once each", () => {
    const storage = fakeStorage();
    rememberPlayer(group, aoife, storage);
    rememberPlayer(group, cian, storage);
    rememberPlayer(group, aoife, storage);
    expect(rememberedTabletOfGroup("g1", storage)).toEqual({ ...group, players: [cian, aoife] });
    expect(rememberedTabletOf("p-cian", storage)?.code).toBe("482913");
    expect(rememberedTabletOf("p-nobody", storage)).toBeNull();
    expect(rememberedTabletOfGroup("g2", storage)).toBeNull();
  });

  it("remembers the newest groups only", () => {
    const storage = fakeStorage();
    for (let g = 0; g < REMEMBERED_GROUPS + 2; g++)
      rememberPlayer({ code: "100000", groupId: `g${g}` }, { progressId: `p${g}`, name: "Aoife" }, storage);
    expect(rememberedTabletOfGroup("g0", storage)).toBeNull();
    expect(rememberedTabletOfGroup(`g${REMEMBERED_GROUPS + 1}`, storage)).not.toBeNull();
  });

  it("takes the server's players as the group's (a child taken out goes), and the page's turn order for later", () => {
    const storage = fakeStorage();
    for (const p of [aoife, cian, saoirse]) rememberPlayer(group, p, storage);
    rememberTabletPlayers("p-cian", [aoife, saoirse, cian], storage);
    expect(rememberedTabletOfGroup("g1", storage)?.players).toEqual([aoife, saoirse, cian]);
    // After Cian: Aoife and Saoirse, the next in turn first.
    expect(otherPlayersAfter("p-cian", storage)).toEqual(["p-aoife", "p-saoirse"]);
    rememberTabletPlayers("p-aoife", [aoife, saoirse, cian], storage);
    expect(otherPlayersAfter("p-aoife", storage)).toEqual(["p-saoirse", "p-cian"]);
    expect(otherPlayersAfter("p-unknown", storage)).toEqual([]);

    forgetPlayer("p-saoirse", storage);
    expect(rememberedTabletOfGroup("g1", storage)?.players).toEqual([aoife, cian]);
  });

  it("survives storage that refuses writes or holds something else", () => {
    const full = fakeStorage(true);
    expect(rememberPlayer(group, aoife, full).players).toEqual([aoife]);
    expect(rememberedTabletOfGroup("g1", full)).toBeNull();
    rememberTabletPlayers("p-aoife", [aoife], full);
    expect(otherPlayersAfter("p-aoife", full)).toEqual([]);

    const odd = fakeStorage();
    odd.setItem("cluehunt:tablets", "{not json");
    odd.setItem("cluehunt:tablet-players:p-aoife", '{"x":1}');
    expect(rememberedTabletOfGroup("g1", odd)).toBeNull();
    expect(otherPlayersAfter("p-aoife", odd)).toEqual([]);
    expect(rememberedTabletOf("p-aoife", null)).toBeNull();
  });
});
