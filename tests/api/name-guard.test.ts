/**
 * The name guard at the join: a name with a word on the list is refused kindly,
 * without the word, and nothing is saved; a school's own list replaces the shipped one.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config.ts";
import { loadBlockedWords } from "../../src/server/play/blocked-names.ts";
import { teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

async function tryJoin(server: TestServer, code: string, name: string) {
  const client = new HttpClient(server.url);
  const found = await client.post("/api/join/lookup", { code });
  return client.post("/api/join", { code, groupId: found.body.groupId, name });
}

describe.each(testDatabaseKinds())("name guard on %s", (db) => {
  let server: TestServer;
  let ownList: TestServer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-names-"));
  const listFile = path.join(dir, "names.txt");

  beforeAll(async () => {
    fs.writeFileSync(listFile, "# our school's list\nzebra\n");
    server = await startTestServer({ db });
    ownList = await startTestServer({ db, env: { BLOCKED_NAMES_FILE: listFile } });
  });
  afterAll(async () => {
    await server?.close();
    await ownList?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a name with a listed word, in any spelling (issue 27: spaced apart, Greek mu, inside a longer word, upside down), kindly and without repeating it; nothing is saved", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(server.url, 1);
    const code = session.groups[0].joinCode as string;
    for (const name of [
      "Poo",
      "AMADÁN",
      "Aoife Pöo",
      "cac-head",
      "P 0 0",
      "pooooo",
      "4m4d4n",
      "fu ck",
      "fμck",
      "Mr Poopy",
      "ʇᴉɥs",
    ]) {
      const res = await tryJoin(server, code, name);
      expect(res.status, name).toBe(400);
      expect(res.body.error).toEqual({
        code: "blocked_name",
        message: "Please choose a different name. Use your first name, as your teacher calls you.",
        key: "pupil.join.blockedName",
        field: "name",
      });
    }
    expect((await teacher.client.get(`/api/sessions/${sessionId}/results`)).body.students).toEqual([]);
    expect((await tryJoin(server, code, "Pooja")).status).toBe(201);
  });

  it("uses the school's own list instead when BLOCKED_NAMES_FILE is set", async () => {
    const { session } = await teacherWithSession(ownList.url, 1);
    const code = session.groups[0].joinCode as string;
    expect((await tryJoin(ownList, code, "Zebra")).status).toBe(400);
    expect((await tryJoin(ownList, code, "Poo")).status).toBe(201);
  });

  it("stops the server at start-up when the list cannot be read, naming the variable", () => {
    const config = loadConfig({ BLOCKED_NAMES_FILE: path.join(dir, "missing.txt") });
    expect(() => loadBlockedWords(config.blockedNamesFile)).toThrow(/BLOCKED_NAMES_FILE: cannot read/);
  });
});
