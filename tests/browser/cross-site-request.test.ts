/**
 * The first security probe's CSRF attacks in a real browser: a page on another port of the same host
 * (same site, so Chromium sends the teacher's SameSite=Lax cookies with it) posts a
 * no-cors text/plain request and a form to end the teacher's session through encoded and
 * plain paths. None of them may end it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {} from "../support/browser.ts";
import { useBrowserSuite } from "../support/browser-suite.ts";
import { threeQuestionGame } from "../support/classroom.ts";
import { browserDatabaseKind } from "../support/databases.ts";

/** The hostile page: every request it can make without reading an answer, then "done" in its title. */
function hostilePage(target: string, sessionId: string) {
  const paths = [
    `/%61pi/sessions/${sessionId}/end`,
    `/ap%69/sessions/${sessionId}/end`,
    `/api/sessions/${sessionId}/end`,
  ];
  return `<!doctype html><title>loading</title>
<form id="f" method="post" action="${target}/%61pi/sessions/${sessionId}/end" target="sink" enctype="text/plain"><input name="x" value="y"></form>
<iframe name="sink"></iframe>
<script>
  const sent = ${JSON.stringify(paths)}.map((p) =>
    fetch(${JSON.stringify(target)} + p, { method: "POST", mode: "no-cors", credentials: "include", headers: { "content-type": "text/plain" }, body: "{}" }).catch(() => null));
  document.getElementById("f").submit();
  Promise.all(sent).then(() => setTimeout(() => (document.title = "done"), 500));
</script>`;
}

describe.each([browserDatabaseKind("postgres")])("a hostile page on another port, in Chromium, on %s", (db) => {
  const suite = useBrowserSuite({ db, webDir: null });
  let hostile: http.Server;
  let context: BrowserContext;
  const seen: string[] = [];

  beforeAll(async () => {
    context = await suite.browser.newContext();
    suite.server.app.server.on("request", (request: http.IncomingMessage) => {
      if (request.method === "POST" && request.url?.includes("/end"))
        seen.push(`${request.url} cookie=${Boolean(request.headers.cookie)}`);
    });
  });
  afterAll(async () => {
    await new Promise((r) => (hostile ? hostile.close(r) : r(null)));
  });

  it("cannot end the teacher's session with a no-cors text/plain POST or a form", async () => {
    // The teacher signs in in this browser (its cookie jar is the page's).
    const origin = { origin: suite.server.url };
    const signup = await context.request.post(`${suite.server.url}/api/auth/signup`, {
      headers: origin,
      data: { displayName: "Aoife", email: `csrf-${db}-${Date.now()}@scoil.ie`, password: "password-123" },
    });
    expect(signup.status()).toBe(201);
    const game = await context.request.post(`${suite.server.url}/api/games`, {
      headers: origin,
      data: threeQuestionGame,
    });
    const started = await context.request.post(`${suite.server.url}/api/sessions`, {
      headers: origin,
      data: { gameId: (await game.json()).id, groupCount: 1 },
    });
    const sessionId = (await started.json()).id as string;

    hostile = http.createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end(hostilePage(suite.server.url, sessionId)),
    );
    await new Promise<void>((r) => hostile.listen(0, "127.0.0.1", r));
    const page = await context.newPage();
    await page.goto(`http://localhost:${(hostile.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => document.title === "done", undefined, { timeout: 15_000 });

    // The browser did send them, with the teacher's cookie: this was a real attempt.
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(
      seen.every((s) => s.endsWith("cookie=true")),
      seen.join("\n"),
    ).toBe(true);
    const after = await context.request.get(`${suite.server.url}/api/sessions/${sessionId}`);
    expect((await after.json()).session.status).toBe("active");
  });
});
