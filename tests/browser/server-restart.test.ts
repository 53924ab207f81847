/**
 * The app in Chromium while its server crashes and comes back. The server (`npm start`'s
 * entry point, as a child process) is killed with -9; while it is down, the port answers
 * 502 Bad Gateway, as the reverse proxy in front of a school's server does (and as our own
 * server answers 503 while its database is down). The browser's EventSource gives up for
 * good on such an answer, and a pupil's answer sent then gets it too. Once the server is
 * back on the same data, without anyone touching a page: the pupil's answer must arrive
 * (resent with its attempt id), and both live channels must be back — the teacher's codes
 * page counts new joins, and the pupil hears that the session ended. A second kill -9
 * without the proxy checks EventSource's own reconnection in Chromium.
 */
import fs from "node:fs";
import http from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, screenshot, watchPageErrors } from "../support/browser.ts";
import { joinedStudent, threeQuestionGame } from "../support/classroom.ts";
import { freePort } from "../support/free-port.ts";
import {
  dataDirWithDatabase,
  killIfRunning,
  type ServerProcess,
  startServerProcess,
} from "../support/server-process.ts";

const answers = threeQuestionGame.questions.map((q) => q.options[q.correctAnswer]!);
/** What Chromium logs while the server is away; the test asserts what the pages show instead. */
const expectedNoise = [
  /EventSource|ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|ERR_INCOMPLETE_CHUNKED_ENCODING|ERR_FAILED|status of 502/,
];

/** The port's answer while the app is down: a proxy's 502, and a list of what it was asked. */
function startBadGateway(port: number): Promise<{ requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.writeHead(502, { "content-type": "text/html" }).end("<html><body><h1>502 Bad Gateway</h1></body></html>");
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, () =>
      resolve({
        requests,
        close: () => {
          server.closeAllConnections();
          return new Promise((r) => server.close(() => r()));
        },
      }),
    );
  });
}

describe("the app while its server is killed and restarted", () => {
  let port: number;
  let baseUrl: string;
  let dataDir: string;
  let server: ServerProcess;
  let browser: Browser;
  const errors: string[][] = [];

  const startServer = async () => {
    server = startServerProcess({ PORT: String(port), DATA_DIR: dataDir });
    await server.waitForOutput(/Local: {3}http:\/\/localhost:\d+\//);
  };
  const newPage = async (): Promise<Page> => {
    const page = await (await browser.newContext({ baseURL: baseUrl })).newPage();
    errors.push(watchPageErrors(page, expectedNoise));
    return page;
  };

  beforeAll(async () => {
    port = await freePort();
    baseUrl = `http://localhost:${port}`;
    // The run's migrated database, as after any earlier start: what is tested here is the restarts
    // (a first start on an empty DATA_DIR is tests/process/server-process.test.ts's).
    dataDir = dataDirWithDatabase("cluehunt-restart-");
    // Server and Chromium start side by side: neither waits for the other.
    [, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await killIfRunning(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("resends the pending answer and reconnects both live channels by themselves", async () => {
    const teacher = await newPage();
    await teacher.goto("/");
    const { sessionId, code } = await teacher.evaluate(async (game) => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      await post("/api/auth/signup", {
        displayName: "Múinteoir Síle",
        email: `restart-${Date.now()}@scoil.ie`,
        password: "password-123",
      });
      const created = await post("/api/games", game);
      const started = await post("/api/sessions", { gameId: created.id, groupCount: 1 });
      const detail = await fetch(`/api/sessions/${started.id}`).then((r) => r.json());
      return { sessionId: started.id as string, code: detail.session.groups[0].joinCode as string };
    }, threeQuestionGame);
    await teacher.goto(`/session-codes/${sessionId}`);
    await teacher.getByText("0 students joined").waitFor();

    const pupil = await newPage();
    await pupil.goto("/join");
    const progressId = await pupil.evaluate(async (joinCode) => {
      const post = (url: string, body: unknown) =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json());
      const found = await post("/api/join/lookup", { code: joinCode });
      return (await post("/api/join", { code: joinCode, groupId: found.groupId, name: "Aoife" })).progressId as string;
    }, code);
    await pupil.goto(`/play/${progressId}`);
    await pupil.getByText("Question 1 of 3").waitFor();
    await teacher.getByText("1 student joined").waitFor({ timeout: 5000 });

    // The crash, and a proxy answering 502 until the server is back.
    server.child.kill("SIGKILL");
    await server.exited;
    const gateway = await startBadGateway(port);
    await pupil.getByLabel(answers[0]!).check();
    await pupil.getByRole("button", { name: "Submit Answer" }).click();
    await pupil.getByText("Your answer is saved on this device").waitFor({ timeout: 5000 });
    await screenshot(pupil, "restart-answer-pending");
    // Both pages' EventSources tried again meanwhile and were answered 502.
    await expect
      .poll(() => gateway.requests.filter((r) => r.endsWith("/events")).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    await gateway.close();
    await startServer();

    // Nobody touches a page. The answer arrives, and the teacher's page counts a new join once
    // its channel is back: each page waits out its own pause, so they are waited for side by side…
    await Promise.all([
      pupil.getByText("Question 2 of 3").waitFor({ timeout: 15_000 }),
      (async () => {
        await joinedStudent(baseUrl, code, "Bríd");
        await teacher.getByText("2 students joined").waitFor({ timeout: 20_000 });
      })(),
    ]);
    // …and then live…
    await joinedStudent(baseUrl, code, "Cathal");
    await teacher.getByText("3 students joined").waitFor({ timeout: 5000 });

    // A plain crash (no proxy: connections refused until the server is back) is EventSource's
    // own business: it retries after the server's `retry:` pause.
    server.child.kill("SIGKILL");
    await server.exited;
    await teacher.waitForTimeout(1500);
    await startServer();
    await joinedStudent(baseUrl, code, "Dara");
    await teacher.getByText("4 students joined").waitFor({ timeout: 15_000 });

    // …and the pupil hears at once that the session ended.
    expect(
      await teacher.evaluate(
        (id) =>
          fetch(`/api/sessions/${id}/end`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: "{}",
          }).then((r) => r.status),
        sessionId,
      ),
    ).toBe(200);
    await pupil.getByText("This session has ended").waitFor({ timeout: 5000 });
    await screenshot(pupil, "restart-session-ended");
    expect(errors.flat()).toEqual([]);
  });
});
