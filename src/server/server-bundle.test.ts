import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { ensureServerBundle } from "./server-bundle.mjs";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-bundle-"));
const where = { root, entry: "src/main.ts", outDir: path.join(root, "dist", "server") };
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
/** Dates a file's change just after the last build began, as a save during the build would be. */
const touchAfterLastBuild = (file: string) => {
  const { builtAt } = JSON.parse(fs.readFileSync(path.join(where.outDir, "main.inputs.json"), "utf8")) as {
    builtAt: number;
  };
  const after = new Date(builtAt + 1);
  fs.utimesSync(path.join(root, file), after, after);
};
const run = async (bundle: string) =>
  (await import(`${pathToFileURL(bundle).href}?${Date.now()}-${Math.random()}`)) as { greeting: string };

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the server's bundle for npm start", () => {
  write("src/main.ts", 'import { name } from "./name.ts";\nexport const greeting: string = `Dia dhuit, ${name}`;\n');
  write("src/name.ts", 'export const name: string = "Aoife";\n');

  test("is built from the TypeScript, its own modules inside and packages left as imports, again for another entry", async () => {
    write("src/packages.ts", 'import { z } from "zod";\nexport const schema = z.string();\n');
    const { bundle, built } = await ensureServerBundle({ ...where, entry: "src/packages.ts" });
    expect(built).toBe(true);
    expect(fs.readFileSync(bundle, "utf8")).toMatch(/from "zod"/);

    const first = await ensureServerBundle(where);
    expect(first.built).toBe(true);
    expect((await run(first.bundle)).greeting).toBe("Dia dhuit, Aoife");
  });

  test("is reused while nothing it was built from changed, and rebuilt when a source changed or is gone", async () => {
    expect((await ensureServerBundle(where)).built).toBe(false);

    write("src/name.ts", 'export const name: string = "Cian";\n');
    touchAfterLastBuild("src/name.ts");
    const rebuilt = await ensureServerBundle(where);
    expect(rebuilt.built).toBe(true);
    expect((await run(rebuilt.bundle)).greeting).toBe("Dia dhuit, Cian");
    expect((await ensureServerBundle(where)).built).toBe(false);

    // A file it was built from is gone (the import was moved): built again, and the error is esbuild's.
    fs.renameSync(path.join(root, "src/name.ts"), path.join(root, "src/first-name.ts"));
    await expect(ensureServerBundle(where)).rejects.toThrow(/Could not resolve "\.\/name\.ts"/);
    write(
      "src/main.ts",
      'import { name } from "./first-name.ts";\nexport const greeting: string = `Hello, ${name}`;\n',
    );
    touchAfterLastBuild("src/main.ts");
    const moved = await ensureServerBundle(where);
    expect(moved.built).toBe(true);
    expect((await run(moved.bundle)).greeting).toBe("Hello, Cian");
  });

  test("leaves no half-written file behind", () => {
    expect(fs.readdirSync(where.outDir).sort()).toEqual(["main.inputs.json", "main.mjs"]);
  });
});
