import fs from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../config.ts";
import { checkStarterFile, loadStarterLibrary } from "./starter-library.ts";

const fixture = JSON.parse(
  fs.readFileSync(
    path.resolve(import.meta.dirname, "../../../tests/fixtures/starter-hunts/3rd-class/maths.ga.cluehunt.json"),
    "utf8",
  ),
);
/** The fixture's Irish Mathematics hunt, its game and starter object changed. */
const hunt = (game: Record<string, unknown> = {}, starter: Record<string, unknown> | null = fixture.starter) => ({
  ...fixture,
  game: { ...fixture.game, ...game },
  starter: starter ?? undefined,
});
const problemOf = async (json: unknown, sources: string[] = []) => {
  const checked = await checkStarterFile(json, (name) => sources.includes(name));
  return checked.ok ? null : checked.problem;
};
const silent = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

describe("a starter file", () => {
  it("passes as an import and with its starter object", async () => {
    expect(await problemOf(hunt())).toBeNull();
  });

  it("is refused with the import's own words for what an import refuses", async () => {
    expect(await problemOf(hunt({ title: "" }))).toBe("Game title is required");
  });

  it("needs its starter object, a level from Junior Infants to 6th Class, a subject and a language", async () => {
    expect(await problemOf(hunt({}, null))).toMatch(/no "starter" object/);
    expect(await problemOf(hunt({}, { ...fixture.starter, id: "Rang 3" }))).toMatch(/starter\.id must be lower-case/);
    expect(await problemOf(hunt({ classLevel: "Learning Support" }))).toMatch(/game\.classLevel must be one of/);
    expect(await problemOf(hunt({ subject: "Underwater basket weaving" }))).toMatch(/game\.subject must be one of/);
    expect(await problemOf(hunt({ language: undefined }))).toMatch(/game\.language/);
  });

  it("says in Irish whether its Irish was reviewed (a name or null), and only in Irish", async () => {
    const { irishReviewedBy: _, ...unsaid } = fixture.starter;
    expect(await problemOf(hunt({}, unsaid))).toMatch(/irishReviewedBy is missing/);
    expect(await problemOf(hunt({}, { ...fixture.starter, irishReviewedBy: "Nóra Ní Bhriain" }))).toBeNull();
    expect(await problemOf(hunt({ language: "en" }, { ...fixture.starter, irishReviewedBy: "Nóra" }))).toMatch(
      /for Irish hunts only/,
    );
  });

  it("names its sources file beside it unless it is Mathematics", async () => {
    const science = { subject: "Science" };
    expect(await problemOf(hunt(science))).toMatch(/sources is missing/);
    const withSources = { ...fixture.starter, sources: "sese.sources.md" };
    expect(await problemOf(hunt(science, withSources))).toMatch(/not beside the hunt/);
    expect(await problemOf(hunt(science, withSources), ["sese.sources.md"])).toBeNull();
    expect(await problemOf(hunt({}, withSources), ["sese.sources.md"])).toMatch(/a Mathematics hunt has none/);
    expect(await problemOf(hunt(science, { ...withSources, sources: "../secrets.md" }))).toMatch(/without a folder/);
  });
});

describe("the starter folder", () => {
  it("named by STARTER_GAMES_DIR stops the start, with the reason, when it cannot be read", () => {
    expect(() => loadStarterLibrary("/no/such/folder", silent)).toThrow(ConfigError);
    expect(() => loadStarterLibrary("/no/such/folder", silent)).toThrow(/STARTER_GAMES_DIR: cannot read/);
  });
});
