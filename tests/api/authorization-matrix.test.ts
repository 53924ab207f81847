/**
 * The authorization matrix: every API route the app registers × every kind of caller
 * (nobody, student A, student B, teacher A who owns the data, teacher B), with the status
 * each must get. Routes come from the app itself, so a new endpoint without a row here
 * fails the first test. Owner-scoped routes use real ids of teacher A's games and
 * sessions and student A's progress; a refused request must leave the data as it was; and
 * every response body goes through the private-field check.
 */

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestEmailChange } from "../../src/server/auth/email-change.ts";
import { queryRows } from "../../src/server/db/client.ts";
import { registeredRoutes } from "../../src/server/http/route-table.ts";
import { CHROMIUM_WEBM_5S, FFMPEG_OGG_5S } from "../support/audio-files.ts";
import { attemptId, CORRECT, joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { dataFingerprint } from "../support/data-fingerprint.ts";
import { testDatabaseKinds } from "../support/databases.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";
import { HttpClient, type HttpResponse, newMachineAddress } from "../support/http-client.ts";
import { expectNoPrivateFields, serverSecrets } from "../support/private-fields.ts";
import { connectSse } from "../support/sse-client.ts";
import { signedUpTeacher } from "../support/teachers.ts";
import { startTestServer, type TestServer } from "../support/test-server.ts";
import { CHROMIUM_WEBP, webpPicture } from "../support/webp-files.ts";

const CALLERS = ["none", "studentA", "studentB", "teacherA", "teacherB"] as const;
type Caller = (typeof CALLERS)[number];
type Expected = Record<Caller, number>;

/** Statuses by caller kind, in the order of CALLERS. */
const statuses = (none: number, studentA: number, studentB: number, teacherA: number, teacherB: number): Expected => ({
  none,
  studentA,
  studentB,
  teacherA,
  teacherB,
});
const TEACHERS_ONLY = statuses(401, 403, 403, 200, 200);
const HOST_ONLY = statuses(401, 403, 403, 200, 404);
const OWN_PROGRESS_ONLY = statuses(401, 200, 403, 403, 403);
const ANYONE = statuses(200, 200, 200, 200, 200);

type World = {
  server: TestServer;
  teacherA: { email: string; password: string; id: string };
  teacherB: { email: string; password: string; id: string };
  /** Teachers nobody in the matrix is: logged in as by the other callers, reset by everyone. */
  teacherC: { email: string; password: string };
  teacherD: { email: string; id: string };
  /** Whose email the confirm row changes. */
  teacherE: { id: string };
  gameA: string;
  /** Teacher A's game as created: the edit row saves it again unchanged. */
  gameABody: unknown;
  /** Never played: deleted by the delete row. */
  gameToDelete: string;
  /** Teacher A's game a group plays in the sessions the start row starts. */
  groupGameA: string;
  /** Teacher B's game: never a group's game in a session of A's. */
  gameB: string;
  /** Active, with pupils: most rows use it. */
  liveSession: string;
  /** Active: ended by the end row. */
  sessionToEnd: string;
  /** Ended: deleted by the delete row. */
  sessionToDelete: string;
  codes: Array<{ code: string; groupId: string }>;
  progressA: string;
  progressB: string;
  /** Teacher A's game shared with colleagues (its texts are not A's private data), and its link. */
  sharedLinkId: string;
  /** Teacher A's picture, used by a question of game A. */
  imageA: string;
  /** Teacher A's recording of their voice. */
  recordingA: string;
  /** A third pupil of the live session: taken out by the remove-pupil row. */
  progressToRemove: string;
  /** Teacher A's saved class, and one the delete row deletes. */
  classA: string;
  classToDelete: string;
  /** The address of a starter hunt's picture (tests/fixtures/starter-hunts/). */
  starterPicture: string;
};

type Row = {
  expected: Expected;
  path: (w: World) => string;
  body?: (w: World, caller: Caller) => unknown;
  /** A body that is not JSON: its bytes and content type (a picture). */
  raw?: () => { bytes: Buffer; type: string };
  /** Whose data the row touches; that caller goes last, after the refused ones. */
  owner?: "teacherA" | "studentA";
  sse?: boolean;
  /** Its body describes fields by name (the OpenAPI document): checked as text only. */
  describesFields?: boolean;
};

const freshEmail = (() => {
  let n = 0;
  return (label: string) => `${label}-${Date.now()}-${++n}@scoil.ie`;
})();

/** Teacher A's saved class: its name and pupils are A's private data. */
const secretClassA = { name: "Teacher A's class clsA1", level: "3rd Class", names: "Pádraigín\nRuaidhrí" };

/** Every /api route, by `METHOD url` exactly as registered. */
const MATRIX: Record<string, Row> = {
  "GET /api/health": { expected: ANYONE, path: () => "/api/health" },
  // The OpenAPI document (decision 045): public, nothing of anyone's.
  "GET /api/docs.json": { expected: ANYONE, path: () => "/api/docs.json", describesFields: true },
  "GET /api/me": { expected: ANYONE, path: () => "/api/me" },
  "POST /api/auth/signup": {
    expected: statuses(201, 201, 201, 201, 201),
    path: () => "/api/auth/signup",
    body: () => ({ displayName: "Nua", email: freshEmail("matrix-signup"), password: "password-123" }),
  },
  "POST /api/auth/login": {
    expected: ANYONE,
    path: () => "/api/auth/login",
    // Teachers log in as themselves; everyone else as teacher C, so no one is shown another's account.
    body: (w, caller) => (caller === "teacherA" || caller === "teacherB" ? w[caller] : w.teacherC),
  },
  "POST /api/auth/forgot-password": {
    expected: ANYONE,
    path: () => "/api/auth/forgot-password",
    body: (w) => ({ email: w.teacherC.email }),
  },
  "POST /api/auth/reset-password": {
    expected: ANYONE,
    path: () => "/api/auth/reset-password",
    body: async (w) => ({ token: await freshResetToken(w), password: `new-password-${Date.now()}` }),
  },
  "GET /api/games": { expected: TEACHERS_ONLY, path: () => "/api/games" },
  "POST /api/games": {
    expected: statuses(401, 403, 403, 201, 201),
    path: () => "/api/games",
    body: () => ({ ...threeQuestionGame, title: "Matrix game" }),
  },
  "GET /api/games/:gameId": { expected: HOST_ONLY, owner: "teacherA", path: (w) => `/api/games/${w.gameA}` },
  "GET /api/games/:gameId/export": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}/export`,
  },
  "POST /api/games/import": {
    expected: statuses(401, 403, 403, 201, 201),
    path: () => "/api/games/import",
    body: () => ({
      format: "cluehunt-game",
      version: 1,
      game: { ...threeQuestionGame, title: "Imported matrix game" },
    }),
  },
  "GET /api/games/:gameId/share": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}/share`,
  },
  "PUT /api/games/:gameId/share": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}/share`,
  },
  "DELETE /api/games/:gameId/share": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}/share`,
  },
  "GET /api/games/:gameId/station-cards": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}/station-cards`,
  },
  "POST /api/games/:gameId/station-cards/printed": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}/station-cards/printed`,
    body: () => ({}),
  },
  "POST /api/games/:gameId/station-cards/renew": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}/station-cards/renew`,
    body: () => ({}),
  },
  "GET /api/shared/:shareLinkId": { expected: TEACHERS_ONLY, path: (w) => `/api/shared/${w.sharedLinkId}` },
  "POST /api/shared/:shareLinkId/copy": {
    expected: statuses(401, 403, 403, 201, 201),
    path: (w) => `/api/shared/${w.sharedLinkId}/copy`,
    body: () => ({}),
  },
  // Starter hunts (issue 45): teachers only; nobody may change one, a teacher is told how to make her own copy.
  "GET /api/starter-hunts": { expected: TEACHERS_ONLY, path: () => "/api/starter-hunts?language=ga" },
  "GET /api/starter-hunts/:starterId": { expected: TEACHERS_ONLY, path: () => "/api/starter-hunts/3rd-class-maths-ga" },
  "POST /api/starter-hunts/:starterId/use": {
    expected: statuses(401, 403, 403, 201, 201),
    path: () => "/api/starter-hunts/3rd-class-maths-ga/use",
    body: () => ({}),
  },
  "GET /api/starter-pictures/:sha256": { expected: TEACHERS_ONLY, path: (w) => w.starterPicture },
  "PUT /api/starter-hunts/:starterId": {
    expected: statuses(401, 403, 403, 403, 403),
    path: () => "/api/starter-hunts/3rd-class-maths-ga",
    body: () => ({ title: "Changed" }),
  },
  "PATCH /api/starter-hunts/:starterId": {
    expected: statuses(401, 403, 403, 403, 403),
    path: () => "/api/starter-hunts/3rd-class-maths-ga",
    body: () => ({ archived: true }),
  },
  "DELETE /api/starter-hunts/:starterId": {
    expected: statuses(401, 403, 403, 403, 403),
    path: () => "/api/starter-hunts/3rd-class-maths-ga",
  },
  "PUT /api/games/:gameId": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}`,
    body: (w) => w.gameABody,
  },
  "PATCH /api/games/:gameId": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/games/${w.gameA}`,
    body: () => ({ archived: false }),
  },
  "DELETE /api/games/:gameId": { expected: HOST_ONLY, owner: "teacherA", path: (w) => `/api/games/${w.gameToDelete}` },
  "POST /api/images": {
    expected: statuses(401, 403, 403, 201, 201),
    path: () => "/api/images",
    raw: () => ({ bytes: CHROMIUM_WEBP, type: "image/webp" }),
  },
  // Anyone holding the address (decision 019): a pupil's device must load it with no teacher's sign-in.
  "GET /api/images/:imageId": { expected: ANYONE, path: (w) => `/api/images/${w.imageA}` },
  "POST /api/recordings": {
    expected: statuses(401, 403, 403, 201, 201),
    path: () => "/api/recordings",
    raw: () => ({ bytes: Buffer.from(CHROMIUM_WEBM_5S), type: "audio/webm" }),
  },
  // Anyone holding the address, like a picture: a pupil's device plays it with no teacher's sign-in.
  "GET /api/recordings/:recordingId": { expected: ANYONE, path: (w) => `/api/recordings/${w.recordingA}` },
  "GET /api/classes": { expected: TEACHERS_ONLY, path: () => "/api/classes" },
  "POST /api/classes": {
    expected: statuses(401, 403, 403, 201, 201),
    path: () => "/api/classes",
    body: () => ({ name: "Matrix class", names: "Aoife\nSeán" }),
  },
  "GET /api/classes/:classId": { expected: HOST_ONLY, owner: "teacherA", path: (w) => `/api/classes/${w.classA}` },
  "GET /api/classes/:classId/progress": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/classes/${w.classA}/progress`,
  },
  "PUT /api/classes/:classId": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/classes/${w.classA}`,
    body: () => secretClassA,
  },
  "DELETE /api/classes/:classId": {
    expected: statuses(401, 403, 403, 204, 404),
    owner: "teacherA",
    path: (w) => `/api/classes/${w.classToDelete}`,
  },
  "GET /api/sessions": { expected: TEACHERS_ONLY, path: () => "/api/sessions?status=active" },
  "POST /api/sessions": {
    expected: statuses(401, 403, 403, 201, 403),
    owner: "teacherA",
    path: () => "/api/sessions",
    // Its second group plays another of A's games; B is refused A's game with either.
    body: (w) => ({ gameId: w.gameA, groupCount: 2, groupGames: [null, w.groupGameA] }),
  },
  "GET /api/sessions/:sessionId": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/sessions/${w.liveSession}`,
  },
  "POST /api/sessions/:sessionId/end": {
    expected: statuses(401, 403, 403, 200, 403),
    owner: "teacherA",
    path: (w) => `/api/sessions/${w.sessionToEnd}/end`,
    body: () => ({}),
  },
  "GET /api/sessions/:sessionId/events": {
    expected: HOST_ONLY,
    owner: "teacherA",
    sse: true,
    path: (w) => `/api/sessions/${w.liveSession}/events`,
  },
  "GET /api/sessions/:sessionId/results": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/sessions/${w.liveSession}/results`,
  },
  "GET /api/sessions/:sessionId/results.csv": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/sessions/${w.liveSession}/results.csv`,
  },
  "POST /api/sessions/:sessionId/progress/:progressId/clear-help": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/sessions/${w.liveSession}/progress/${w.progressA}/clear-help`,
    body: () => ({}),
  },
  "DELETE /api/sessions/:sessionId/pupils/:progressId": {
    expected: HOST_ONLY,
    owner: "teacherA",
    path: (w) => `/api/sessions/${w.liveSession}/pupils/${w.progressToRemove}`,
  },
  "DELETE /api/sessions/:sessionId": {
    expected: statuses(401, 403, 403, 200, 403),
    owner: "teacherA",
    path: (w) => `/api/sessions/${w.sessionToDelete}`,
  },
  // Looking a code up needs no identity (decision 014); a teacher is told to use another window.
  "POST /api/join/lookup": {
    expected: statuses(200, 200, 200, 403, 403),
    path: () => "/api/join/lookup",
    body: (w) => ({ code: w.codes[0]!.code }),
  },
  "POST /api/join": {
    // Nobody: the join signs a new device in. A pupil rejoins as themselves (same group, same name): their progress comes back.
    expected: statuses(201, 200, 200, 403, 403),
    path: () => "/api/join",
    body: (w, caller) =>
      caller === "none"
        ? { ...w.codes[0], name: "Niamh" }
        : caller === "studentB"
          ? { ...w.codes[1], name: "Bríd" }
          : { ...w.codes[0], name: "Aoife" },
  },
  "GET /api/play/:progressId": {
    expected: OWN_PROGRESS_ONLY,
    owner: "studentA",
    path: (w) => `/api/play/${w.progressA}`,
  },
  "POST /api/play/:progressId/answers": {
    expected: OWN_PROGRESS_ONLY,
    owner: "studentA",
    path: (w) => `/api/play/${w.progressA}/answers`,
    body: () => ({ questionIndex: 0, selectedOption: (CORRECT[0]! + 1) % 4, attemptId: attemptId() }),
  },
  "POST /api/play/:progressId/help": {
    expected: OWN_PROGRESS_ONLY,
    owner: "studentA",
    path: (w) => `/api/play/${w.progressA}/help`,
    body: () => ({ requested: true }),
  },
  // A station found: the pupil's own progress only. The matrix's live session is played
  // on screen, so its owner is told there are no cards to find (409); the hunt itself: stations-play.test.ts.
  "POST /api/play/:progressId/stations": {
    expected: statuses(401, 409, 403, 403, 403),
    owner: "studentA",
    path: (w) => `/api/play/${w.progressA}/stations`,
    body: () => ({ token: "no-card-has-this-token" }),
  },
  // A card's QR address: any device may open it; one that joined no hunt around the room is sent to join.
  "POST /api/stations/visit": {
    expected: ANYONE,
    path: () => "/api/stations/visit",
    body: () => ({ token: "no-card-has-this-token" }),
  },
  "GET /api/play/:progressId/events": {
    expected: OWN_PROGRESS_ONLY,
    owner: "studentA",
    sse: true,
    path: (w) => `/api/play/${w.progressA}/events`,
  },
  "GET /api/ai/status": { expected: TEACHERS_ONLY, path: () => "/api/ai/status" },
  "POST /api/ai/generate-questions": {
    expected: TEACHERS_ONLY,
    path: () => "/api/ai/generate-questions",
    body: () => ({ subject: "Irish", level: "4th Class", topic: "An aimsir", numQuestions: 3 }),
  },
  "GET /api/privacy": { expected: ANYONE, path: () => "/api/privacy" },
  // The account page. Each teacher acts on their own account only: there is no id to point elsewhere.
  "GET /api/account/export": { expected: TEACHERS_ONLY, path: () => "/api/account/export" },
  "POST /api/account/name": {
    expected: TEACHERS_ONLY,
    path: () => "/api/account/name",
    body: (_w, caller) => ({ displayName: caller === "teacherB" ? "Múinteoir B" : "Múinteoir A" }),
  },
  // A teacher's interface language: their own account's, no id to point elsewhere.
  "PATCH /api/account/language": {
    expected: TEACHERS_ONLY,
    path: () => "/api/account/language",
    body: () => ({ language: "ga" }),
  },
  "POST /api/account/email": {
    expected: TEACHERS_ONLY,
    path: () => "/api/account/email",
    // Teachers give their own password (decision 030); anyone else could only guess one.
    body: (w, caller) => ({
      newEmail: freshEmail("matrix-new-address"),
      currentPassword: caller === "teacherA" || caller === "teacherB" ? w[caller].password : "a-guess-123",
    }),
  },
  // The emailed token is the proof, so anyone holding a real one may use it (teacher E's, a fresh one each time).
  "POST /api/account/email/confirm": {
    expected: ANYONE,
    path: () => "/api/account/email/confirm",
    body: async (w) => ({
      token: (await requestEmailChange(w.server.database.db, w.teacherE.id, freshEmail("matrix-confirmed"))).token,
    }),
  },
  // The notice's undo link (decision 030): its token is the proof, like the confirmation's (teacher E's, cancelling a fresh change).
  "POST /api/account/email/undo": {
    expected: ANYONE,
    path: () => "/api/account/email/undo",
    body: async (w) => ({
      token: (await requestEmailChange(w.server.database.db, w.teacherE.id, freshEmail("matrix-undone"))).undoToken,
    }),
  },
  // With a wrong current password: a teacher gets past authorization to the password check, and no session ends.
  "POST /api/account/password": {
    expected: statuses(401, 403, 403, 400, 400),
    path: () => "/api/account/password",
    body: () => ({ currentPassword: "not-the-password", newPassword: "another-password-1" }),
  },
  // With a confirmation that is not the teacher's email: refused after authorization, nothing deleted.
  "POST /api/account/delete": {
    expected: statuses(401, 403, 403, 400, 400),
    path: () => "/api/account/delete",
    body: (w, caller) => ({
      confirmation: "delete",
      currentPassword: caller === "teacherA" || caller === "teacherB" ? w[caller].password : "a-guess-123",
    }),
  },
  // Last: these end the caller's sessions on the server.
  "POST /api/account/sign-out-everywhere": {
    expected: TEACHERS_ONLY,
    path: () => "/api/account/sign-out-everywhere",
    body: () => ({}),
  },
  "POST /api/auth/logout": { expected: ANYONE, path: () => "/api/auth/logout", body: () => ({}) },
};

/** A real reset token for teacher D, as the emailed link would carry it. */
async function freshResetToken(w: World): Promise<string> {
  const res = await new HttpClient(w.server.url).post("/api/auth/forgot-password", { email: w.teacherD.email });
  expect(res.status).toBe(200);
  const [row] = await queryRows<{ identifier: string }>(
    w.server.database.db,
    sql`select identifier from auth_verifications where value = ${w.teacherD.id} and identifier like 'reset-password:%' order by created_at desc limit 1`,
  );
  return row!.identifier.slice("reset-password:".length);
}

describe.each(testDatabaseKinds())("authorization matrix on %s", (db) => {
  let server: TestServer;
  let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let world: World;
  const callers = {} as Record<Caller, { address: string; cookies: Map<string, string> }>;
  /** Text each caller must not see. */
  const othersData = {} as Record<Caller, string[]>;
  const cookieValues = new Set<string>();
  let casesRun = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    fake.set({
      kind: "questions",
      questions: [{ questionText: "Cad é 'rain'?", options: ["báisteach", "grian", "sneachta", "gaoth"] }],
    });
    server = await startTestServer({ db, env: { AI_BASE_URL: fake.baseUrl, AI_MODEL: "test-model" } });

    const a = await signedUpTeacher(server.url, { displayName: "Múinteoir A" });
    const b = await signedUpTeacher(server.url, { displayName: "Múinteoir B" });
    const c = await signedUpTeacher(server.url, { displayName: "Múinteoir C" });
    const d = await signedUpTeacher(server.url, { displayName: "Múinteoir D" });
    const e = await signedUpTeacher(server.url, { displayName: "Múinteoir E" });
    const imageA = await a.client.request("POST", "/api/images", webpPicture(320, 240), {
      "content-type": "image/webp",
    });
    expect(imageA.status).toBe(201);
    const recordingA = await a.client.request("POST", "/api/recordings", Buffer.from(FFMPEG_OGG_5S), {
      "content-type": "audio/ogg",
    });
    expect(recordingA.status).toBe(201);
    const secretGameA = {
      title: "Teacher A's private quiz qzA1",
      description: "Only for A's class dscA1",
      questions: threeQuestionGame.questions.map((q, i) => ({
        ...q,
        questionText: `${q.questionText} qtA${i}`,
        ...(i === 0 ? { imageId: imageA.body.id as string, imageAlt: "A bowl of apples" } : {}),
      })),
    };
    const gameA = await a.client.post("/api/games", secretGameA);
    const gameB = await b.client.post("/api/games", { ...threeQuestionGame, title: "Teacher B's private quiz qzB1" });
    const gameToDelete = await a.client.post("/api/games", { ...secretGameA, title: "Teacher A's spare quiz qzA2" });
    const groupGameA = await a.client.post("/api/games", {
      ...secretGameA,
      title: "Teacher A's other class quiz qzA3",
    });
    expect([gameA.status, gameB.status, gameToDelete.status, groupGameA.status]).toEqual([201, 201, 201, 201]);
    const start = async (client: HttpClient, gameId: string, groupCount: number) => {
      const res = await client.post("/api/sessions", { gameId, groupCount });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const liveSession = await start(a.client, gameA.body.id, 2);
    const sessionToEnd = await start(a.client, gameA.body.id, 1);
    const sessionToDelete = await start(a.client, gameA.body.id, 1);
    expect((await a.client.post(`/api/sessions/${sessionToDelete}/end`, {})).status).toBe(200);
    const sessionB = await start(b.client, gameB.body.id, 1);
    const sharedGame = await a.client.post("/api/games", {
      ...threeQuestionGame,
      title: "A quiz shared with colleagues",
    });
    const shareLink = await a.client.request("PUT", `/api/games/${sharedGame.body.id}/share`);
    expect(shareLink.status).toBe(200);

    const groups = (await a.client.get(`/api/sessions/${liveSession}`)).body.session.groups as Array<{
      id: string;
      joinCode: string;
    }>;
    const codes = groups.map((g) => ({ code: g.joinCode, groupId: g.id }));
    const pupilA = await joinedStudent(server.url, codes[0]!.code, "Aoife");
    const pupilB = await joinedStudent(server.url, codes[1]!.code, "Bríd");
    const pupilToRemove = await joinedStudent(server.url, codes[0]!.code, "Cáit");
    const classA = await a.client.post("/api/classes", secretClassA);
    const classToDelete = await a.client.post("/api/classes", { ...secretClassA, name: "Teacher A's old class clsA2" });
    expect([classA.status, classToDelete.status]).toEqual([201, 201]);
    const starterHunt = await a.client.get("/api/starter-hunts/junior-infants-sese-en");
    expect(starterHunt.status).toBe(200);

    world = {
      server,
      teacherA: { email: a.email, password: a.password, id: a.id },
      teacherB: { email: b.email, password: b.password, id: b.id },
      teacherC: { email: c.email, password: c.password },
      teacherD: { email: d.email, id: d.id },
      teacherE: { id: e.id },
      gameA: gameA.body.id,
      gameABody: secretGameA,
      gameToDelete: gameToDelete.body.id,
      groupGameA: groupGameA.body.id,
      gameB: gameB.body.id,
      liveSession,
      sessionToEnd,
      sessionToDelete,
      codes,
      progressA: pupilA.progressId,
      progressB: pupilB.progressId,
      sharedLinkId: (shareLink.body.sharePath as string).slice("/shared/".length),
      imageA: imageA.body.id,
      recordingA: recordingA.body.id,
      progressToRemove: pupilToRemove.progressId,
      classA: classA.body.class.id,
      classToDelete: classToDelete.body.class.id,
      starterPicture: starterHunt.body.hunt.questions[0].optionPictures[0].src,
    };

    const clientOf = (client: HttpClient) => ({
      address: client.options.localAddress!,
      cookies: new Map(client.cookies),
    });
    callers.none = { address: newMachineAddress(), cookies: new Map() };
    callers.studentA = clientOf(pupilA.client);
    callers.studentB = clientOf(pupilB.client);
    callers.teacherA = clientOf(a.client);
    callers.teacherB = clientOf(b.client);

    const aData = [
      a.email,
      gameA.body.id,
      gameToDelete.body.id,
      "qzA2",
      groupGameA.body.id,
      "qzA3",
      secretGameA.title,
      secretGameA.description,
      ...secretGameA.questions.map((q) => q.questionText),
      liveSession,
      sessionToEnd,
      sessionToDelete,
      classA.body.class.id,
      "clsA1",
      "Ruaidhrí",
    ];
    const bData = [b.email, gameB.body.id, "Teacher B's private quiz qzB1", sessionB];
    // Nobody holding a right join code sees its game's title, as every pupil does before joining
    // (the lookup needs no sign-in since decision 014; it never needed more than a free anonymous one).
    othersData.none = [a.email, b.email, "qtA0", "dscA1", "qzB1", "Aoife", "Bríd", "Cáit"];
    othersData.studentA = [a.email, b.email, "qzB1", sessionB, "Bríd", pupilB.progressId];
    othersData.studentB = [a.email, b.email, "qzB1", sessionB, "Aoife", pupilA.progressId];
    othersData.teacherA = bData;
    othersData.teacherB = aData;
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it("has a row for every /api route the app registers, and none for a route that is gone", () => {
    const registered = registeredRoutes(server.app)
      .filter((r) => r.url.startsWith("/api"))
      .map((r) => `${r.method} ${r.url}`);
    const missing = registered.filter((key) => !(key in MATRIX));
    expect(missing, "routes with no row in the authorization matrix").toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !registered.includes(key)),
      "rows for routes that do not exist",
    ).toEqual([]);
    expect(registered.length).toBe(Object.keys(MATRIX).length);
  });

  it("never shows a student a correct answer while they play, nor another pupil's data", async () => {
    // Before the matrix rows: the logout row ends teacher A's session.
    const started = new HttpClient(server.url, { localAddress: callers.teacherA.address });
    for (const [k, v] of callers.teacherA.cookies) started.cookies.set(k, v);
    const session = await started.post("/api/sessions", { gameId: world.gameA, groupCount: 1 });
    const code = (await started.get(`/api/sessions/${session.body.id}`)).body.session.groups[0].joinCode as string;
    const pupil = await joinedStudent(server.url, code, "Saoirse 🦊");
    const texts: Array<[string, string]> = [];
    const track = async (label: string, p: Promise<HttpResponse>) => {
      const res = await p;
      expect(res.status, label).toBeLessThan(400);
      texts.push([label, res.text]);
      return res;
    };
    await track("lookup", pupil.client.post("/api/join/lookup", { code }));
    for (let q = 0; q < 3; q++) {
      await track(`state ${q}`, pupil.state());
      await track(`wrong ${q}`, pupil.answer(q, (CORRECT[q]! + 1) % 4));
      await track(
        `retry ${q}`,
        pupil.answer(q, (CORRECT[q]! + 2) % 4 === CORRECT[q] ? (CORRECT[q]! + 3) % 4 : (CORRECT[q]! + 2) % 4),
      );
      await track(`right ${q}`, pupil.answer(q, CORRECT[q]!));
    }
    await track("help", pupil.client.post(`/api/play/${pupil.progressId}/help`, { requested: true }));
    await track("final state", pupil.state());
    await track("me", pupil.client.get("/api/me"));
    const secrets = await serverSecrets(server.database.db);
    for (const [label, text] of texts) {
      expectNoPrivateFields(`student flow: ${label}`, text, {
        secrets,
        othersData: othersData.studentA,
        studentFacing: true,
      });
    }

    // The check can fail: the host's results carry the correct answers, which a student must never get.
    const results = await started.get(`/api/sessions/${session.body.id}/results`);
    expect(results.body.questions[0].correctAnswer).toBe(CORRECT[0]);
    expect(() =>
      expectNoPrivateFields("results as if a student", results.text, { secrets, studentFacing: true }),
    ).toThrow(/correctAnswer/);
    expect(() => expectNoPrivateFields("planted hash", `{"x":"${secrets[0]}"}`, { secrets })).toThrow();
  });

  it("refuses another teacher's game as a group's game with the SPEC's message, changing nothing", async () => {
    const as = (caller: "teacherA" | "teacherB") => {
      const client = new HttpClient(server.url, { localAddress: callers[caller].address });
      for (const [k, v] of callers[caller].cookies) client.cookies.set(k, v);
      return client;
    };
    const attempts: Array<[caller: "teacherA" | "teacherB", body: unknown]> = [
      // B's game for A's second group; B's game for A's only group; A's games for B's groups.
      ["teacherA", { gameId: world.gameA, groupCount: 2, groupGames: [null, world.gameB] }],
      ["teacherA", { gameId: world.gameA, groupCount: 1, groupGames: [world.gameB] }],
      ["teacherB", { gameId: world.gameB, groupCount: 2, groupGames: [world.groupGameA] }],
      ["teacherB", { gameId: world.gameB, groupCount: 3, groupGames: [null, world.gameA, world.groupGameA] }],
    ];
    const secrets = await serverSecrets(server.database.db);
    for (const [caller, body] of attempts) {
      const before = await dataFingerprint(server.database.db);
      const res = await as(caller).post("/api/sessions", body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error.message).toBe("You are not authorized to start a session for this game.");
      expect(await dataFingerprint(server.database.db), `${caller} changed stored data`).toBe(before);
      expectNoPrivateFields(`group game as ${caller}`, res.text, { secrets, othersData: othersData[caller] });
    }
  });

  /** One request as that caller, on a copy of its cookies (so a login or logout here changes no other row). */
  async function call(caller: Caller, row: Row, method: string): Promise<HttpResponse> {
    const { address, cookies } = callers[caller];
    const client = new HttpClient(server.url, { localAddress: address });
    for (const [k, v] of cookies) client.cookies.set(k, v);
    const path = row.path(world);
    if (row.sse) {
      try {
        const stream = await connectSse(client, path);
        stream.close();
        await stream.closed;
        return { status: 200, headers: {}, body: null, text: "" };
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (!status) throw error;
        const text = (error as Error).message.replace(/^SSE answered \d+: /, "");
        return { status, headers: {}, body: JSON.parse(text), text };
      }
    }
    const raw = row.raw?.();
    const body = row.body ? await row.body(world, caller) : undefined;
    const res = raw
      ? await client.request(method, path, raw.bytes, { "content-type": raw.type })
      : await client.request(method, path, body === undefined ? undefined : JSON.stringify(body));
    for (const cookie of res.headers["set-cookie"] ?? [])
      cookieValues.add(cookie.split(";")[0]!.split("=").slice(1).join("="));
    return res;
  }

  it.each(Object.keys(MATRIX))("%s", async (key) => {
    const row = MATRIX[key]!;
    const method = key.split(" ")[0]!;
    const order = [...CALLERS].sort((x, y) => Number(x === row.owner) - Number(y === row.owner));
    const got = {} as Record<Caller, number>;
    for (const caller of order) {
      const refused = row.expected[caller] >= 400;
      const before = refused ? await dataFingerprint(server.database.db) : "";
      const res = await call(caller, row, method);
      casesRun++;
      got[caller] = res.status;
      if (res.status >= 400) {
        expect(res.body?.error?.message, `${key} as ${caller}: a JSON error with a message`).toEqual(
          expect.any(String),
        );
      }
      if (refused)
        expect(await dataFingerprint(server.database.db), `${key} as ${caller} changed stored data`).toBe(before);
      const secrets = [
        ...(await serverSecrets(server.database.db)),
        ...[...cookieValues].filter((v) => v.length >= 16),
      ];
      expectNoPrivateFields(`${key} as ${caller}`, res.text, {
        secrets,
        othersData: othersData[caller],
        studentFacing: caller !== "teacherA" && caller !== "teacherB",
        describesFields: row.describesFields,
      });
    }
    expect(got).toEqual(row.expected);
  });

  it("ran every endpoint for every caller", () => {
    expect(casesRun).toBe(Object.keys(MATRIX).length * CALLERS.length);
  });
});
