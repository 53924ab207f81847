/**
 * What held in the round-four security probe and had no test of its own: station cards
 * and words, saved classes, homework closing times, joins arriving together. Each is pinned here,
 * on every database, so that it keeps holding. On PostgreSQL a second instance shares the first
 * one's database for the tests that say "two instances" (PGlite's data directory belongs to one
 * process: there, both halves go to the one instance). docs/SECURITY.md ("What held in round
 * four, and its tests") maps every held item to its test, here or elsewhere.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/server/db/client.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { JOIN_GUESS_LIMITS, TEACHER_LIMITS } from "../../src/server/limits/limits.ts";
import type { StationCard } from "../../src/shared/stations/station-responses.ts";
import { stationMessages } from "../../src/shared/stations/station-texts.ts";
import { STATION_WORDS } from "../../src/shared/stations/station-words.server.ts";
import { nameKey } from "../../src/shared/text.ts";
import { attemptId } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { HttpClient, type HttpResponse, newMachineAddress } from "../support/http-client.ts";
import { connectSse } from "../support/sse-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { webpPicture } from "../support/webp-files.ts";

type Teacher = Awaited<ReturnType<typeof signedUpTeacher>>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const INDEX_HTML = "<!doctype html><html><head><title>Cluehunt</title></head><body><div id=root></div></body></html>";

/** The same browser (its cookies, its address) talking to another instance. */
function onInstance(client: HttpClient, server: TestServer) {
  const other = new HttpClient(server.url, { localAddress: client.options.localAddress });
  for (const [k, v] of client.cookies) other.cookies.set(k, v);
  return other;
}

/** `word` standing as a word of its own in `text`, in any case. */
const holdsWord = (text: string, word: string) => new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, "iu").test(text);

describe.each(testDatabaseKinds())("what held in round four, on %s", (db) => {
  let server: TestServer;
  /** A second instance on the same PostgreSQL database; on PGlite, the one instance again. */
  let other: TestServer;
  let webDir: string;

  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-held-four-"));
    fs.writeFileSync(path.join(webDir, "index.html"), INDEX_HTML);
    server = await startTestServer({ db, webDir });
    other = db === "postgres" ? await startTestServer({ db, shareDatabaseOf: server, webDir }) : server;
  });
  afterAll(async () => {
    if (other !== server) await other?.close();
    await server?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(server.database.db, query);

  /** The teacher's game's cards, read as the print page reads them (the one route that answers them). */
  const cardsOf = async (teacher: Teacher, gameId: string): Promise<StationCard[]> => {
    const res = await teacher.client.get(`/api/games/${gameId}/station-cards`);
    expect(res.status).toBe(200);
    return [...(res.body.cards as StationCard[])].sort((a, b) => a.position - b.position);
  };

  /** A session of `gameId`; its groups' ids and codes. */
  const startSession = async (teacher: Teacher, body: Record<string, unknown>) => {
    const started = await teacher.client.post("/api/sessions", body);
    expect(started.status, started.text).toBe(201);
    const detail = await teacher.client.get(`/api/sessions/${started.body.id}`);
    return {
      sessionId: started.body.id as string,
      groups: detail.body.session.groups as Array<{ id: string; joinCode: string }>,
    };
  };

  /** A pupil's device that looks `code` up and joins as `name`, keeping every response it receives. */
  async function pupil(base: TestServer, code: string, name: string) {
    const client = new HttpClient(base.url);
    const wire: HttpResponse[] = [];
    const keep = async (res: Promise<HttpResponse>) => {
      const r = await res;
      wire.push(r);
      return r;
    };
    const found = await keep(client.post("/api/join/lookup", { code }));
    expect(found.status).toBe(200);
    const joined = await keep(client.post("/api/join", { code, groupId: found.body.groupId, name }));
    expect(joined.status).toBe(201);
    const progressId = joined.body.progressId as string;
    return {
      client,
      progressId,
      wire,
      keep,
      state: () => keep(client.get(`/api/play/${progressId}`)),
      answer: (questionIndex: number, selectedOption: number) =>
        keep(client.post(`/api/play/${progressId}/answers`, { questionIndex, selectedOption, attemptId: attemptId() })),
      find: (by: { token: string } | { word: string }) => keep(client.post(`/api/play/${progressId}/stations`, by)),
      visit: (token: string) => keep(client.post("/api/stations/visit", { token })),
      help: () => keep(client.post(`/api/play/${progressId}/help`, { requested: true })),
    };
  }

  describe("stations", () => {
    it("sends a station's question, options, clue and pictures in no response before it is found, and refuses an answer to it with 409", async () => {
      const teacher = await signedUpTeacher(server.url);
      const upload = async (seed: number) => {
        const res = await teacher.client.request("POST", "/api/images", webpPicture(60 + seed, 40, seed), {
          "content-type": "image/webp",
        });
        expect(res.status, res.text).toBe(201);
        return res.body.id as string;
      };
      const pictures: Array<{ question: string; option: string }> = [];
      for (let i = 0; i < 3; i++)
        pictures.push({ question: await upload(10 * i + 1), option: await upload(10 * i + 2) });
      const questions = [0, 1, 2].map((i) => ({
        questionText: `Okapi riddle ${i} text`,
        options: [`ash-${i}`, `birch-${i}`, `cedar-${i}`, `deodar-${i}`],
        correctAnswer: (i + 2) % 4,
        clue: `Narwhal hint ${i}`,
        imageId: pictures[i]!.question,
        imageAlt: `Quince picture ${i}`,
        optionImageIds: [null, pictures[i]!.option, null, null],
        hidingPlace: `behind shelf ${i}`,
      }));
      const secretsOf = (i: number) => {
        const q = questions[i]!;
        return [q.questionText, ...q.options, q.clue, q.imageAlt, pictures[i]!.question, pictures[i]!.option];
      };
      const game = await teacher.client.post("/api/games", { title: "Hidden until found", questions });
      expect(game.status, game.text).toBe(201);
      const cards = await cardsOf(teacher, game.body.id);
      const { groups, sessionId } = await startSession(teacher, {
        gameId: game.body.id,
        groupCount: 1,
        huntMode: "room",
      });
      const child = await pupil(server, groups[0]!.joinCode, "Aoife");
      const channel = await connectSse(child.client, `/api/play/${child.progressId}/events`);
      const hostChannel = await connectSse(teacher.client, `/api/sessions/${sessionId}/events`);

      /** No response since `from` holds a secret of the stations `unfound`. */
      const expectNoneSince = (from: number, unfound: number[], when: string) => {
        for (const res of child.wire.slice(from))
          for (const secret of unfound.flatMap(secretsOf))
            expect(res.text, `${when}: ${res.text.slice(0, 80)}`).not.toContain(secret);
      };
      const findStationFirst = {
        code: "station_not_found",
        message: inEnglish(stationMessages.findStationFirst),
        key: stationMessages.findStationFirst,
      };

      let mark = 0;
      const ways = ["token", "word", "visit"] as const;
      try {
        for (const i of [0, 1, 2]) {
          const unfound = [0, 1, 2].filter((q) => q >= i);
          // Before station i is found: every pupil route, and an answer to each unfound station.
          expect((await child.state()).body.current).toBeNull();
          expect((await child.help()).status).toBe(200);
          for (const q of unfound) {
            const early = await child.answer(q, questions[q]!.correctAnswer);
            expect(early.status, `answer to station ${q} before station ${i} is found`).toBe(409);
            expect(early.body.error, `answer to station ${q}`).toEqual(findStationFirst);
          }
          if (i < 2) {
            expect((await child.find({ token: cards[i + 1]!.token })).body.outcome).toBe("notNext");
            expect((await child.visit(cards[i + 1]!.token)).body.find.outcome).toBe("notNext");
          }
          expect((await child.find({ word: `nowhere${i}` })).body.outcome).toBe("notInHunt");
          expect((await child.keep(child.client.get("/api/me"))).status).toBe(200);
          expectNoneSince(mark, unfound, `before station ${i} is found`);
          mark = child.wire.length;

          // Found (by its token, its word, its QR address in turn): its question comes, no other.
          const way = ways[i]!;
          const found =
            way === "visit"
              ? (await child.visit(cards[i]!.token)).body.find
              : (await child.find(way === "token" ? { token: cards[i]!.token } : { word: cards[i]!.word })).body;
          expect(found.outcome).toBe("found");
          expect(found.state.current).toMatchObject({
            index: i,
            questionText: questions[i]!.questionText,
            options: questions[i]!.options,
            clue: null,
            picture: { src: `/api/images/${pictures[i]!.question}`, alt: questions[i]!.imageAlt },
          });
          expect(found.state.current.optionPictures[1].src).toBe(`/api/images/${pictures[i]!.option}`);
          const wrong = await child.answer(i, (questions[i]!.correctAnswer + 1) % 4);
          expect(wrong.body).toMatchObject({ isCorrect: false, clue: questions[i]!.clue });
          const right = await child.answer(i, questions[i]!.correctAnswer);
          expect(right.body).toMatchObject({ isCorrect: true, completed: i === 2, next: null });
          expect((await child.state()).body.current).toBeNull();
          expectNoneSince(mark, unfound.slice(1), `station ${i} found`);
          mark = child.wire.length;
        }
        await hostChannel.waitFor((e) => e.type === "progress" && e.progressId === child.progressId);
        // The pupil's live channel carries no question at all.
        for (const event of channel.events)
          for (const secret of [0, 1, 2].flatMap(secretsOf)) expect(JSON.stringify(event)).not.toContain(secret);
      } finally {
        channel.close();
        hostChannel.close();
      }
    });

    it('refuses old tokens and old words after "New cards", by find and by QR address', async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", {
        title: "Renewed cards",
        questions: [0, 1, 2].map((i) => ({
          questionText: `Renewal ${i}`,
          options: ["1", "2", "3", "4"],
          correctAnswer: 0,
        })),
      });
      expect(game.status).toBe(201);
      const old = await cardsOf(teacher, game.body.id);
      const { groups } = await startSession(teacher, { gameId: game.body.id, groupCount: 1, huntMode: "room" });
      const child = await pupil(server, groups[0]!.joinCode, "Cian");
      const renewed = await teacher.client.post(`/api/games/${game.body.id}/station-cards/renew`, {});
      expect(renewed.status).toBe(200);
      const fresh = await cardsOf(teacher, game.body.id);
      for (const card of old) {
        for (const res of [await child.find({ token: card.token }), await child.find({ word: card.word })]) {
          expect(res.status).toBe(200);
          expect(res.body).toMatchObject({ outcome: "notInHunt", station: null, state: { current: null } });
        }
        const visit = await child.visit(card.token);
        expect(visit.body).toMatchObject({
          progressId: child.progressId,
          find: { outcome: "notInHunt", station: null },
        });
      }
      const [finds] = await rows<{ n: number }>(
        sql`select count(*)::int as n from station_finds where progress_id = ${child.progressId}`,
      );
      expect(Number(finds!.n)).toBe(0);
      // The new card of the first station works.
      expect((await child.find({ word: fresh[0]!.word })).body.outcome).toBe("found");
    });

    it("gives no card's token or word in any response but the card routes: the teacher's, the projector's, a colleague's and the pupils'", async () => {
      const teacher = await signedUpTeacher(server.url);
      const colleague = await signedUpTeacher(server.url);
      const game = {
        title: "Sums 4",
        questions: [0, 1, 2].map((i) => ({
          questionText: `Sum ${i}: ${i} + ${i + 3} = ?`,
          options: [String(2 * i + 3), String(2 * i + 4), String(2 * i + 5), String(2 * i + 6)],
          correctAnswer: 0,
          clue: `Count up from ${i}.`,
          hidingPlace: i === 1 ? null : `under desk ${i}`,
        })),
      };
      // None of the game's own texts is a station word: any word found below came from a card.
      for (const word of STATION_WORDS.en) expect(holdsWord(JSON.stringify(game), word), word).toBe(false);
      const wire: Array<{ what: string; res: HttpResponse }> = [];
      const keep = async (what: string, res: Promise<HttpResponse>) => {
        const r = await res;
        wire.push({ what, res: r });
        return r;
      };
      const t = teacher.client;
      const created = await keep("save game", t.post("/api/games", game));
      const gameId = created.body.id as string;
      // The cards of the game as first saved: the edit below (no station keys sent) gives its questions new ones.
      const firstCards = await cardsOf(teacher, gameId);
      await keep("game", t.get(`/api/games/${gameId}`));
      await keep("games", t.get("/api/games"));
      await keep("game file", t.get(`/api/games/${gameId}/export`));
      const share = await keep("share on", t.request("PUT", `/api/games/${gameId}/share`));
      await keep("share read", t.get(`/api/games/${gameId}/share`));
      const linkId = (share.body.sharePath as string).replace("/shared/", "");
      await keep("shared view (colleague)", colleague.client.get(`/api/shared/${linkId}`));
      await keep("edit game", t.put(`/api/games/${gameId}`, game));
      const cards = await cardsOf(teacher, gameId);
      expect(cards.some((c) => firstCards.some((f) => f.token === c.token))).toBe(false);
      const started = await keep("start", t.post("/api/sessions", { gameId, groupCount: 2, huntMode: "room" }));
      const sessionId = started.body.id as string;
      const hostChannel = await connectSse(t, `/api/sessions/${sessionId}/events`);
      const detail = await keep("codes page", t.get(`/api/sessions/${sessionId}`));
      const groups = detail.body.session.groups as Array<{ joinCode: string }>;

      const pupils = [
        await pupil(server, groups[0]!.joinCode, "Aoife"),
        await pupil(server, groups[1]!.joinCode, "Cian"),
      ];
      const channels = await Promise.all(pupils.map((p) => connectSse(p.client, `/api/play/${p.progressId}/events`)));
      try {
        for (const [g, child] of pupils.entries()) {
          const route = ((await child.state()).body.hunt.route as Array<{ questionIndex: number }>).map(
            (s) => s.questionIndex,
          );
          expect((await child.find({ token: cards[route[1]!]!.token })).body.outcome).toBe("notNext");
          expect((await child.find({ word: "nowhere" })).body.outcome).toBe("notInHunt");
          await child.help();
          for (const [step, q] of route.entries()) {
            const by = step === 0 ? { token: cards[q]!.token } : { word: cards[q]!.word.toLowerCase() };
            const found = step === 2 ? (await child.visit(cards[q]!.token)).body.find : (await child.find(by)).body;
            expect(found.outcome, `group ${g + 1}, station ${q}`).toBe("found");
            await child.answer(q, 1);
            expect((await child.answer(q, 0)).body.isCorrect).toBe(true);
            expect((await child.find({ token: cards[q]!.token })).body.outcome).toBe("alreadyFound");
          }
          await hostChannel.waitFor((e) => e.type === "progress" && e.progressId === child.progressId);
          // The projector re-reads the codes page on each event.
          await keep(`projector after group ${g + 1}`, t.get(`/api/sessions/${sessionId}`));
        }
        await keep("dashboard", t.get("/api/sessions?status=active"));
        await keep("results", t.get(`/api/sessions/${sessionId}/results`));
        await keep("results CSV", t.get(`/api/sessions/${sessionId}/results.csv`));
        await keep("account export", t.get("/api/account/export"));
        await keep("me", t.get("/api/me"));
        await keep("end", t.post(`/api/sessions/${sessionId}/end`, {}));
        await keep("ended results", t.get(`/api/sessions/${sessionId}/results`));
        await hostChannel.waitFor((e) => e.type === "session-ended");
      } finally {
        hostChannel.close();
        channels.forEach((c) => c.close());
      }
      const texts = [
        ...wire.map(({ what, res }) => ({ what, text: res.text })),
        ...pupils.flatMap((p, g) => p.wire.map((res) => ({ what: `pupil ${g + 1}`, text: res.text }))),
        { what: "host channel", text: JSON.stringify(hostChannel.events) },
        ...channels.map((c, g) => ({ what: `pupil ${g + 1}'s channel`, text: JSON.stringify(c.events) })),
      ];
      expect(wire.every(({ res }) => res.status < 400)).toBe(true);
      const leaks = texts.flatMap(({ what, text }) =>
        [...firstCards, ...cards].flatMap((card) => [
          ...(text.includes(card.token) ? [`${what}: token of station ${card.number}`] : []),
          ...(holdsWord(text, card.word) ? [`${what}: word ${card.word}`] : []),
        ]),
      );
      expect(texts.length).toBeGreaterThan(50);
      expect(leaks).toEqual([]);
    });

    it("answers /s/:token with the app's page and no redirect, whatever the token; a visit names only this device's own progress", async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", {
        title: "Visits",
        questions: [{ questionText: "Visit 1", options: ["1", "2", "3", "4"], correctAnswer: 0 }],
      });
      const [card] = await cardsOf(teacher, game.body.id);
      const { groups } = await startSession(teacher, { gameId: game.body.id, groupCount: 1, huntMode: "room" });
      const child = await pupil(server, groups[0]!.joinCode, "Niamh");
      const odd = [
        "https://evil.example/",
        "//evil.example",
        "/\\evil.example",
        "\\\\evil.example",
        "javascript:alert(1)",
        "%2F%2Fevil.example",
        "..%2F..%2Fapi%2Fhealth",
        "\r\nLocation: https://evil.example",
        `${card!.token}?next=https://evil.example`,
        `${card!.token}/../../evil.example`,
        "x".repeat(500),
        "%",
        "\u202eelpmaxe.live//:sptth",
      ];
      /** The app's page, or a refused address (an encoded slash, a line break): never a redirect. */
      const expectPageOrRefused = (page: HttpResponse, what: string) => {
        expect(page.headers.location, what).toBeUndefined();
        if (page.status === 200) expect(page.text, what).toBe(INDEX_HTML);
        else expect([page.status, page.body.error.key], what).toEqual([400, "common.error.invalidAddress"]);
      };
      const paths = [
        ...[card!.token, ...odd].map((token) => `/s/${encodeURIComponent(token)}`),
        // Unencoded slashes, a backslash, a query naming another site in the path itself.
        "/s//evil.example",
        "/s/https://evil.example",
        "/s/%5C%5Cevil.example",
        "/s/..//evil.example",
        `/s/${card!.token}?next=//evil.example`,
      ];
      const statuses: number[] = [];
      for (const url of paths) {
        const page = await new HttpClient(server.url).get(url, { accept: "text/html" });
        expectPageOrRefused(page, url);
        statuses.push(page.status);
      }
      expect(statuses[0]).toBe(200);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(5);
      // The visit's answer: no address at all, only this device's own progress id (the page goes to /play/<it>) or null.
      for (const token of odd.filter((t) => t.length <= 200)) {
        const stranger = await new HttpClient(server.url).post("/api/stations/visit", { token });
        expect(stranger.status, token).toBe(200);
        expect(stranger.body, token).toEqual({ progressId: null, find: null });
        const mine = await child.visit(token);
        expect(mine.status, token).toBe(200);
        expect(Object.keys(mine.body).sort(), token).toEqual(["find", "progressId"]);
        expect(mine.body.progressId, token).toBe(child.progressId);
        expect(mine.body.find, token).toMatchObject({ outcome: "notInHunt", station: null });
      }
      expect((await child.visit(card!.token)).body).toMatchObject({
        progressId: child.progressId,
        find: { outcome: "found" },
      });
    });
  });

  describe("saved classes", () => {
    it("stores a class's name and pupils' names without control, bidi and invisible characters, on create and edit; refuses half a character", async () => {
      const teacher = await signedUpTeacher(server.url);
      const typed = {
        name: "\u202eRang\u200b a Trí\u0007 ",
        names:
          "Ao\u200bife\n\u202eSeán\u202c\nOis\u00adín\n\u0000Bríd\r\nAoife\n👩‍🏫 Niamh\n\u2066Cian\u2069\n\ufeff\u200b\n",
      };
      const cleaned = { name: "Rang a Trí", names: ["Aoife", "Seán", "Oisín", "Bríd", "👩‍🏫 Niamh", "Cian"] };
      const created = await teacher.client.post("/api/classes", typed);
      expect(created.status, created.text).toBe(201);
      expect(created.body.class).toMatchObject(cleaned);
      const plain = await teacher.client.post("/api/classes", { name: "Plain", names: "Aoife" });
      const edited = await teacher.client.put(`/api/classes/${plain.body.class.id}`, typed);
      expect(edited.status).toBe(200);
      expect(edited.body.class).toMatchObject(cleaned);
      expect(
        await rows<{ name: string; names: string[] }>(
          sql`select name, names from classes where teacher_id = ${teacher.id} order by created_at`,
        ),
      ).toEqual([cleaned, cleaned]);
      // The pupils choose from the cleaned names.
      const game = await teacher.client.post("/api/games", {
        title: "Class list",
        questions: [{ questionText: "Q", options: ["1", "2", "3", "4"], correctAnswer: 0 }],
      });
      const { groups } = await startSession(teacher, {
        gameId: game.body.id,
        groupCount: 1,
        classId: created.body.class.id,
      });
      const lookup = await new HttpClient(server.url).post("/api/join/lookup", { code: groups[0]!.joinCode });
      expect(lookup.body.classList.map((entry: { name: string }) => entry.name)).toEqual(cleaned.names);

      const before = await dataFingerprint(server.database.db);
      for (const [body, key] of [
        [{ name: "Rang \ud800", names: "Aoife" }, "common.error.brokenCharacter"],
        [{ name: "Rang", names: "Aoife\nSe\udc00án" }, "common.error.brokenCharacter"],
        [{ name: "\u202e\u200b\u0007\ufeff", names: "Aoife" }, "classes.nameRequired"],
        [{ name: "Rang", names: "\u200b\n\u202e\u202c\n\u0000" }, "classes.namesRequired"],
      ] as const) {
        const res = await teacher.client.post("/api/classes", body);
        expect([res.status, res.body.error.key], JSON.stringify(body)).toEqual([400, key]);
      }
      expect(await dataFingerprint(server.database.db)).toBe(before);
    });

    it(`keeps the limit of ${TEACHER_LIMITS.savedClasses} classes under 20 saves at once over two instances`, async () => {
      const teacher = await signedUpTeacher(server.url);
      const room = 5;
      await rows(
        sql`insert into classes (teacher_id, name, names)
            select ${teacher.id}, 'Class ' || n, array['Aoife'] from generate_series(1, ${TEACHER_LIMITS.savedClasses - room}) n`,
      );
      const elsewhere = onInstance(teacher.client, other);
      const saves = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? teacher.client : elsewhere).post("/api/classes", { name: `At once ${i}`, names: "Seán" }),
        ),
      );
      expect(saves.filter((r) => r.status === 201)).toHaveLength(room);
      const refused = saves.filter((r) => r.status !== 201);
      expect(refused.map((r) => [r.status, r.body.error])).toEqual(
        refused.map(() => [
          409,
          {
            code: "too_many_classes",
            key: "limits.tooManyClasses",
            message: `You can keep up to ${TEACHER_LIMITS.savedClasses} classes. Delete a class you no longer use before adding another.`,
            values: expect.anything(),
          },
        ]),
      );
      const [count] = await rows<{ n: number }>(
        sql`select count(*)::int as n from classes where teacher_id = ${teacher.id}`,
      );
      expect(Number(count!.n)).toBe(TEACHER_LIMITS.savedClasses);
    });
  });

  describe("homework", () => {
    const closingTimeInvalid = "Enter the homework closing time as a date and time.";

    it("refuses 15 odd spellings of a closing time two days ahead, saving nothing", async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", {
        title: "Homework spellings",
        questions: [{ questionText: "Q", options: ["1", "2", "3", "4"], correctAnswer: 0 }],
      });
      const at = new Date(Date.now() + 2 * DAY);
      const [Y, M, D] = [
        String(at.getUTCFullYear()),
        String(at.getUTCMonth() + 1).padStart(2, "0"),
        String(at.getUTCDate()).padStart(2, "0"),
      ];
      const day = `${Y}-${M}-${D}`;
      const spellings = [
        `${day}T15:00:00`, // no offset: whose 15:00?
        `${day} 15:00:00Z`,
        `${day}T24:00:00Z`,
        `${day}T15:60:00Z`,
        `${day}T15:00:60Z`, // a leap second
        `${day}T15:00:00+24:00`,
        `+00${day}T15:00:00Z`, // an expanded year: Date.parse reads it
        ` ${day}T15:00:00Z`,
        `${day}T15:00:00Z\n`,
        `${day}T15:00:00Z[Europe/Dublin]`,
        `${day}T15:00:00Z`.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))), // full-width digits
        `${Y}${M}${D}T150000Z`, // ISO 8601's basic format
        `${Y}-${M}-32T15:00:00Z`,
        new Date(`${day}T15:00:00Z`).toUTCString(), // "Mon, 30 Nov 2026 15:00:00 GMT": Date.parse reads it
        String(Date.parse(`${day}T15:00:00Z`)), // milliseconds as text
      ];
      expect(new Set(spellings).size).toBe(15);
      const before = await dataFingerprint(server.database.db);
      for (const closesAt of spellings) {
        const res = await teacher.client.post("/api/sessions", { gameId: game.body.id, groupCount: 1, closesAt });
        expect([res.status, res.body.error?.message], JSON.stringify(closesAt)).toEqual([400, closingTimeInvalid]);
      }
      expect(await dataFingerprint(server.database.db)).toBe(before);
      // The same time spelled as the form sends it is taken: each refusal above is the spelling's.
      const fine = await teacher.client.post("/api/sessions", {
        gameId: game.body.id,
        groupCount: 1,
        closesAt: `${day}T15:00:00Z`,
      });
      expect(fine.status).toBe(201);
    });

    it("lets nothing work once the closing time has passed, before the sweep has ended the session, as once it has ended", async () => {
      // A server of its own, just started: its sweep first runs EXPIRY_SWEEP_MS (30 s) from now.
      const fresh = await startTestServer({ db });
      try {
        const teacher = await signedUpTeacher(fresh.url);
        const game = await teacher.client.post("/api/games", {
          title: "Closing time",
          questions: [0, 1].map((i) => ({ questionText: `Q${i}`, options: ["1", "2", "3", "4"], correctAnswer: 0 })),
        });
        const cards = await cardsOf(teacher, game.body.id);
        const closesAt = new Date(Date.now() + 4000);
        const homework = await startSession(teacher, {
          gameId: game.body.id,
          groupCount: 1,
          huntMode: "room",
          closesAt: closesAt.toISOString(),
        });
        const ended = await startSession(teacher, { gameId: game.body.id, groupCount: 1, huntMode: "room" });
        // A pupil in each, its code looked up and station 1 found (its question open): every cache warm.
        const inHomework = await pupil(fresh, homework.groups[0]!.joinCode, "Aoife");
        const inEnded = await pupil(fresh, ended.groups[0]!.joinCode, "Aoife");
        for (const child of [inHomework, inEnded])
          expect((await child.find({ token: cards[0]!.token })).body.outcome).toBe("found");
        expect(Date.now(), "the steps before the closing time took too long").toBeLessThan(closesAt.getTime());
        expect((await teacher.client.post(`/api/sessions/${ended.sessionId}/end`, {})).status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, closesAt.getTime() - Date.now() + 100));

        const tries = async (child: Awaited<ReturnType<typeof pupil>>, group: { id: string; joinCode: string }) => {
          const code = group.joinCode;
          const outcome = (res: HttpResponse) => [res.status, res.body?.error?.key ?? res.body?.sessionActive];
          return {
            lookup: outcome(await new HttpClient(fresh.url).post("/api/join/lookup", { code })),
            join: outcome(await new HttpClient(fresh.url).post("/api/join", { code, groupId: group.id, name: "Late" })),
            rejoin: outcome(await child.client.post("/api/join", { code, groupId: group.id, name: "Aoife" })),
            state: outcome(await child.state()),
            answer: outcome(await child.answer(0, 0)),
            find: outcome(await child.find({ token: cards[1]!.token })),
            visit: outcome(await child.visit(cards[1]!.token)),
            help: outcome(await child.help()),
          };
        };
        const afterClosing = await tries(inHomework, homework.groups[0]!);
        const afterEnd = await tries(inEnded, ended.groups[0]!);
        expect(afterClosing).toEqual(afterEnd);
        expect(afterClosing).toMatchObject({
          lookup: [410, "pupil.play.sessionEnded"],
          answer: [410, "pupil.play.sessionEnded"],
          state: [200, false],
        });
        // No sweep has run: the session's row still says active; the closing time alone refused all of it.
        const [row] = await queryRows<{ status: string }>(
          fresh.database.db,
          sql`select status from game_sessions where id = ${homework.sessionId}`,
        );
        expect(row!.status).toBe("active");
        const [answers] = await queryRows<{ n: number }>(
          fresh.database.db,
          sql`select count(*)::int as n from answer_attempts where progress_id = ${inHomework.progressId}`,
        );
        expect(Number(answers!.n)).toBe(0);
      } finally {
        await fresh.close();
      }
    });

    it("is ended by exactly one sweep when two instances sweep at the same moment, and told once", async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", {
        title: "Swept once",
        questions: [{ questionText: "Q", options: ["1", "2", "3", "4"], correctAnswer: 0 }],
      });
      const closesAt = new Date(Math.floor((Date.now() + DAY) / 1000) * 1000).toISOString();
      const { sessionId } = await startSession(teacher, { gameId: game.body.id, groupCount: 2, closesAt });
      // The host watches on the other instance: the end reaches it across instances, once.
      const host = await connectSse(onInstance(teacher.client, other), `/api/sessions/${sessionId}/events`);
      try {
        const swept = await Promise.all([
          server.app.sweepExpiredSessions(DAY + MINUTE),
          other.app.sweepExpiredSessions(DAY + MINUTE),
        ]);
        expect(swept.map((ids) => ids.filter((id) => id === sessionId).length).sort()).toEqual([0, 1]);
        await host.waitFor((e) => e.type === "session-ended" && e.sessionId === sessionId);
        // Anything still on its way arrives well within this.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(host.events.filter((e) => e.type === "session-ended")).toHaveLength(1);
      } finally {
        host.close();
      }
      const detail = (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session;
      expect([detail.status, detail.endTime]).toEqual(["completed", closesAt]);
      const [active] = await rows<{ n: number }>(
        sql`select count(*)::int as n from session_groups where session_id = ${sessionId} and is_active`,
      );
      expect(Number(active!.n)).toBe(0);
      // A later sweep finds nothing more to end.
      expect(await other.app.sweepExpiredSessions(DAY + MINUTE)).not.toContain(sessionId);
    });
  });

  describe("joins arriving together", () => {
    it("tests no more than 20 wrong codes of one device sent at once from 40 addresses", async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", {
        title: "Borrowed addresses",
        questions: [{ questionText: "Q", options: ["1", "2", "3", "4"], correctAnswer: 0 }],
      });
      const { groups } = await startSession(teacher, { gameId: game.body.id, groupCount: 1 });
      const device = (await pupil(server, groups[0]!.joinCode, "Guesser")).client;
      const live = new Set(
        (await rows<{ join_code: string }>(sql`select join_code from session_groups`)).map((r) => r.join_code),
      );
      const wrong: string[] = [];
      for (let n = 555_001; wrong.length < 80; n += 7) if (!live.has(String(n))) wrong.push(String(n));
      const addresses = Array.from({ length: 40 }, () => newMachineAddress());
      const statuses = await Promise.all(
        wrong.map(async (code, i) => {
          const tab = new HttpClient(server.url, { localAddress: addresses[i % 40] });
          for (const [k, v] of device.cookies) tab.cookies.set(k, v);
          return (await tab.post("/api/join/lookup", { code })).status;
        }),
      );
      expect(statuses.filter((s) => s === 404)).toHaveLength(JOIN_GUESS_LIMITS.wrongPerDevice);
      expect(statuses.filter((s) => s === 429)).toHaveLength(80 - JOIN_GUESS_LIMITS.wrongPerDevice);
    });

    it("gives one name, spelled 10 ways by 20 devices each (200 joins at once over two instances), to exactly one", async () => {
      const teacher = await signedUpTeacher(server.url);
      const game = await teacher.client.post("/api/games", {
        title: "One Róisín",
        questions: [{ questionText: "Q", options: ["1", "2", "3", "4"], correctAnswer: 0 }],
      });
      const { sessionId, groups } = await startSession(teacher, { gameId: game.body.id, groupCount: 3 });
      const spellings = [
        "Róisín",
        "roisin",
        "ROISIN",
        "RÓISÍN",
        "Ro\u0301isi\u0301n",
        "  Róisín ",
        "R\u043eisin",
        "Róis\u200bín",
        "röisin",
        "Roisín",
      ];
      expect(new Set(spellings.map(nameKey)).size).toBe(1);
      const joins = Array.from({ length: 200 }, (_, i) => {
        const group = groups[i % 3]!;
        const client = new HttpClient((i % 2 === 0 ? server : other).url);
        return () => client.post("/api/join", { code: group.joinCode, groupId: group.id, name: spellings[i % 10] });
      });
      const answers = await Promise.all(joins.map((send) => send()));
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      const losers = answers.filter((r) => r.status !== 201);
      expect(losers.map((r) => [r.status, r.body.error.code, r.body.error.field])).toEqual(
        losers.map(() => [409, "name_taken", "name"]),
      );
      const [names] = await rows<{ n: number }>(
        sql`select count(*)::int as n from session_names where session_id = ${sessionId}`,
      );
      const [progress] = await rows<{ n: number }>(
        sql`select count(*)::int as n from student_progress where session_id = ${sessionId}`,
      );
      expect([Number(names!.n), Number(progress!.n)]).toEqual([1, 1]);
      const members = (await teacher.client.get(`/api/sessions/${sessionId}`)).body.session.groups.map(
        (g: { memberCount: number }) => g.memberCount,
      );
      expect(members.reduce((a: number, b: number) => a + b, 0)).toBe(1);
    });
  });
});
