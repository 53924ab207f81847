/**
 * The results CSV in the teacher's language: English headings stay SPEC's; ?lang=ga,
 * or a teacher whose preferred language is Irish, gets Irish headings and words; a language we
 * do not have is refused. On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CORRECT, joinedStudent, teacherWithSession } from "../support/classroom.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";

describe.each(testDatabaseKinds())("the results CSV's language on %s", (db) => {
  let server: TestServer;
  let setup: Awaited<ReturnType<typeof teacherWithSession>>;
  beforeAll(async () => {
    server = await startTestServer({ db });
    setup = await teacherWithSession(server.url, 1);
    const pupil = await joinedStudent(server.url, setup.session.groups[0].joinCode, "Éanna");
    await pupil.answer(0, (CORRECT[0]! + 1) % 4);
    await pupil.answer(0, CORRECT[0]!);
  });
  afterAll(async () => {
    await server?.close();
  });

  const csvLines = async (query = "") => {
    const res = await setup.teacher.client.get(`/api/sessions/${setup.sessionId}/results.csv${query}`);
    return { status: res.status, lines: res.text.replace(/^\uFEFF/, "").split(/\r?\n/) };
  };

  it("keeps SPEC's English headings by default and with ?lang=en", async () => {
    for (const query of ["", "?lang=en"]) {
      const { status, lines } = await csvLines(query);
      expect(status).toBe(200);
      expect(lines[0]).toMatch(/^Student Name,Group,Score,Time Taken,Status,Help Requested,Q1 Outcome,Q1 Attempts/);
      expect(lines[1]).toContain("Éanna");
      expect(lines[1]).toContain("Correct (eventually)");
    }
  });

  it("writes Irish headings and words with ?lang=ga, and for a teacher who chose Irish", async () => {
    const irish = await csvLines("?lang=ga");
    expect(irish.lines[0]).toMatch(
      /^Ainm an dalta,Grúpa,Scór,Am a tógadh,Stádas,Cabhair iarrtha,C1 Toradh,C1 Iarrachtaí/,
    );
    expect(irish.lines[1]).toContain("Cearnóg Bhuí");
    expect(irish.lines[1]).toContain("Ceart (sa deireadh)");

    expect((await setup.teacher.client.patch("/api/account/language", { language: "ga" })).status).toBe(200);
    expect((await csvLines()).lines[0]).toMatch(/^Ainm an dalta,/);
    expect((await csvLines("?lang=en")).lines[0]).toMatch(/^Student Name,/);
    await setup.teacher.client.patch("/api/account/language", { language: "en" });
  });

  it("refuses a language we do not have", async () => {
    const res = await setup.teacher.client.get(`/api/sessions/${setup.sessionId}/results.csv?lang=fr`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_input", key: "results.csv.languageInvalid" });
  });
});
