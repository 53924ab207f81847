/**
 * Deployment behind a real reverse proxy: Debian's nginx, started by this test with
 * docs/deploy/nginx.conf — the very file docs/DEPLOY.md tells operators to install, only its
 * ports changed — in front of two server processes (`npm start`) on one PostgreSQL database,
 * with TRUST_PROXY naming nginx. Clients speak from distinct 127.x.y.z addresses, so nginx's
 * $remote_addr differs per client as it would per school.
 *
 * Checked: the client address reaches the app (each address has its own allowance, and a
 * client's own X-Forwarded-For changes nothing), the guessing limit is shared by both
 * instances (nginx sends requests to each in turn: its access log shows both), and a live
 * view through nginx receives an event within 500 ms (unbuffered Server-Sent Events).
 *
 * Under CI=true it must run (.ci/run installs nginx); elsewhere it is skipped, saying why,
 * only when nginx or PostgreSQL is missing.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../../scripts/lib/scratch-database.ts";
import { inEnglish } from "../../src/server/i18n.ts";
import { JOIN_GUESS_LIMITS, limitMessages } from "../../src/server/limits/limits.ts";
import { projectRoot } from "../../src/server/project-root.ts";
import { teacherWithSession } from "../support/classroom.ts";
import { freePort } from "../support/free-port.ts";
import { HttpClient, newMachineAddress } from "../support/http-client.ts";
import { pause, startApiServerProcess } from "../support/server-process.ts";
import { connectSse } from "../support/sse-client.ts";

const NGINX = process.env.NGINX_BINARY ?? "/usr/sbin/nginx";
const EXAMPLE_CONFIG = path.join(projectRoot, "docs/deploy/nginx.conf");
const databaseUrl = process.env.TEST_DATABASE_URL;
const missing = !fs.existsSync(NGINX)
  ? `nginx is not installed at ${NGINX} (apt-get install nginx)`
  : !databaseUrl
    ? "TEST_DATABASE_URL is not set (two instances need PostgreSQL)"
    : null;
if (missing && process.env.CI === "true")
  throw new Error(`CI=true, but the nginx deployment test cannot run: ${missing}.`);
if (missing) console.warn(`Skipping the nginx deployment test: ${missing}.`);

/**
 * docs/deploy/nginx.conf with this test's ports, inside a main configuration that keeps
 * everything (pid, logs, temporary files) in `dir`. The access log records which instance
 * answered each request.
 */
function nginxConfig(dir: string, port: number, instancePorts: [number, number]): string {
  const example = fs.readFileSync(EXAMPLE_CONFIG, "utf8");
  const site = example
    .replace("server 127.0.0.1:3001;", `server 127.0.0.1:${instancePorts[0]};`)
    .replace("server 127.0.0.1:3002;", `server 127.0.0.1:${instancePorts[1]};`)
    .replace("listen 80;", `listen 127.0.0.1:${port};`);
  // If the example changes shape, the test must change with it rather than test something else.
  for (const expected of [
    `127.0.0.1:${instancePorts[0]}`,
    `127.0.0.1:${instancePorts[1]}`,
    `listen 127.0.0.1:${port};`,
  ]) {
    if (!site.includes(expected))
      throw new Error(`docs/deploy/nginx.conf no longer has the line this test replaces to get ${expected}`);
  }
  fs.writeFileSync(path.join(dir, "cluehunt.conf"), site);
  return `
user root;
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstreams '$remote_addr $request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log upstreams;
  include ${dir}/cluehunt.conf;
}
`;
}

describe.skipIf(missing !== null)("two instances on PostgreSQL behind nginx (docs/deploy/nginx.conf)", () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  let dir: string;
  let url: string;
  let instancePorts: [number, number];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluehunt-nginx-"));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const scratch = await createScratchDatabase(databaseUrl!, "cluehunt_nginx");
    cleanups.push(() => scratch.drop());
    instancePorts = [await freePort(), await freePort()];
    // One after the other: the first applies the migrations.
    for (const port of instancePorts) {
      await startApiServerProcess(
        { PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: scratch.url, TRUST_PROXY: "127.0.0.1" },
        cleanups,
      );
    }

    const port = await freePort();
    fs.writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, port, instancePorts));
    const nginx: ChildProcess = spawn(
      NGINX,
      ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    nginx.stderr!.on("data", (c) => (stderr += c));
    const exited = new Promise<void>((resolve) => nginx.once("exit", () => resolve()));
    cleanups.push(async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        nginx.kill("SIGQUIT");
        await exited;
      }
    });
    url = `http://localhost:${port}`;
    const deadline = Date.now() + 20_000;
    while (
      (await new HttpClient(url).get("/api/health").then(
        (r) => r.status,
        () => 0,
      )) !== 200
    ) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`nginx did not answer /api/health within 20 s: ${stderr}`);
      await pause(100);
    }
  }, 120_000);

  afterAll(async () => {
    for (const step of cleanups.splice(0).reverse()) await step();
  });

  const accessLog = () =>
    fs
      .readFileSync(path.join(dir, "access.log"), "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(" "));

  it("counts each client address apart, whatever X-Forwarded-For a client sends, and shares the count between instances", async () => {
    const { session } = await teacherWithSession(url, 1);
    const code = session.groups[0].joinCode as string;
    const guesser = newMachineAddress();
    const statuses: number[] = [];
    for (let i = 0; i < JOIN_GUESS_LIMITS.wrongPerAddress + 4; i++) {
      // A fresh browser each time, claiming a fresh address: nginx replaces the header with the real one.
      const device = new HttpClient(url, { localAddress: guesser });
      // nginx hands requests to the instances in turn: one more request every other time
      // sends this guesser's lookups to both.
      if (i % 2 === 1) await device.get("/api/health");
      statuses.push(
        (await device.post("/api/join/lookup", { code: String(200000 + i) }, { "x-forwarded-for": `10.1.2.${i}` }))
          .status,
      );
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(JOIN_GUESS_LIMITS.wrongPerAddress);
    expect(statuses.slice(JOIN_GUESS_LIMITS.wrongPerAddress).every((s) => s === 429)).toBe(true);

    // Both instances answered the guesser's lookups: the one allowance was shared.
    const guesses = accessLog().filter(
      ([address, method, uri]) => address === guesser && method === "POST" && uri === "/api/join/lookup",
    );
    expect(new Set(guesses.map((entry) => entry[4])).size).toBe(2);

    // Other addresses are other schools: unaffected, and they join.
    const pupils = await Promise.all(
      ["Aoife", "Cian", "Saoirse"].map(async (name) => {
        const device = new HttpClient(url, { localAddress: newMachineAddress() });
        const found = await device.post("/api/join/lookup", { code });
        const joined = await device.post("/api/join", { code, groupId: found.body.groupId, name });
        return [found.status, joined.status];
      }),
    );
    expect(pupils).toEqual([
      [200, 201],
      [200, 201],
      [200, 201],
    ]);
  });

  it("delivers a live view's event through nginx within 500 ms", async () => {
    const { teacher, sessionId, session } = await teacherWithSession(url, 1);
    const code = session.groups[0].joinCode as string;
    const stream = await connectSse(teacher.client, `/api/sessions/${sessionId}/events`);
    try {
      for (const name of ["Niamh", "Oisín", "Fionn"]) {
        const pupil = new HttpClient(url);
        const found = await pupil.post("/api/join/lookup", { code });
        const before = stream.events.length;
        const sent = performance.now();
        expect((await pupil.post("/api/join", { code, groupId: found.body.groupId, name })).status).toBe(201);
        await stream.waitFor((e) => stream.events.indexOf(e) >= before && e.type === "members", 500);
        expect(performance.now() - sent).toBeLessThan(500);
      }
    } finally {
      stream.close();
    }
  });

  it("refuses a right code from a spent address through either instance, with the limit's sentence", async () => {
    const { session } = await teacherWithSession(url, 1);
    const address = newMachineAddress();
    for (let i = 0; i < JOIN_GUESS_LIMITS.wrongPerAddress; i++) {
      const device = new HttpClient(url, { localAddress: address });
      expect((await device.post("/api/join/lookup", { code: String(300000 + i) })).status).toBe(404);
    }
    // Twice, so that nginx's turn-taking sends one to each instance.
    for (let i = 0; i < 2; i++) {
      const device = new HttpClient(url, { localAddress: address });
      const right = await device.post("/api/join/lookup", { code: session.groups[0].joinCode });
      expect(right.status).toBe(429);
      expect(right.body.error.message).toBe(inEnglish(limitMessages.tooManyWrongCodes));
    }
  });
});
